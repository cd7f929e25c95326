import { describe, expect, it } from 'vitest';
import { regexMatcher } from './regex';

describe('$regex', () => {
  it('is unanchored and case-sensitive', () => {
    const spec = { $regex: '(?:SSL|[Cc]ertificate)' };
    expect(regexMatcher.test(spec, 'renew the SSL cert', true)).toBe(true);
    expect(regexMatcher.test(spec, 'Certificate expiry', true)).toBe(true);
    expect(regexMatcher.test(spec, 'renew the ssl cert', true)).toBe(false);
  });

  it('applies to the value as text', () => {
    expect(regexMatcher.test({ $regex: '^42$' }, 42, true)).toBe(true);
    expect(regexMatcher.test({ $regex: '^true$' }, true, true)).toBe(true);
    expect(regexMatcher.test({ $regex: '"a":1' }, { a: 1 }, true)).toBe(true);
  });

  it('uses Unicode mode', () => {
    expect(regexMatcher.test({ $regex: '^\\p{Lu}' }, 'Émile', true)).toBe(true);
    expect(regexMatcher.test({ $regex: '^.$' }, '😀', true)).toBe(true);
  });

  it('falls back to non-Unicode mode for patterns only legal there', () => {
    expect(regexMatcher.test({ $regex: 'a\\-b' }, 'a-b', true)).toBe(true);
  });

  it('fails on absence, a non-string pattern or an invalid pattern', () => {
    expect(regexMatcher.test({ $regex: '.*' }, undefined, false)).toBe(false);
    expect(regexMatcher.test({ $regex: 5 }, '5', true)).toBe(false);
    expect(regexMatcher.test({ $regex: '(' }, '(', true)).toBe(false);
  });
});
