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

  it('accepts escapes JavaScript allows only outside Unicode mode, and JavaScript spellings of code points', () => {
    expect(regexMatcher.test({ $regex: 'a\\-b' }, 'a-b', true)).toBe(true);
    expect(regexMatcher.test({ $regex: '^caf\\u00e9$' }, 'café', true)).toBe(true);
    expect(regexMatcher.test({ $regex: '^(?<word>\\w+)$' }, 'hello', true)).toBe(true);
  });

  it('fails on absence, a non-string pattern or an invalid pattern', () => {
    expect(regexMatcher.test({ $regex: '.*' }, undefined, false)).toBe(false);
    expect(regexMatcher.test({ $regex: 5 }, '5', true)).toBe(false);
    expect(regexMatcher.test({ $regex: '(' }, '(', true)).toBe(false);
  });

  it('explains a stored pattern that no longer compiles instead of throwing', () => {
    // Lookahead was legal under the old JavaScript engine; RE2 has none.
    const spec = { $regex: '^(?!draft)' };
    expect(() => regexMatcher.test(spec, 'final', true)).not.toThrow();
    expect(regexMatcher.test(spec, 'final', true)).toBe(false);
    expect(regexMatcher.explain?.(spec, 'final', true)).toMatch(/^the pattern cannot be used: not a valid RE2 regular expression .*\(\?!/);
    expect(regexMatcher.explain?.({ $regex: '^fin' }, 'draft', true)).toBeNull();
  });

  it('settles the catastrophic-backtracking pattern against hostile output at once', () => {
    const spec = { $regex: '^(a+)+$' };
    for (const n of [28, 40, 5_000]) {
      const started = performance.now();
      expect(regexMatcher.test(spec, `${'a'.repeat(n)}!`, true)).toBe(false);
      expect(performance.now() - started).toBeLessThan(100);
    }
    expect(regexMatcher.test(spec, 'a'.repeat(40), true)).toBe(true);
  });

  it('refuses a value over the match budget with a reason rather than spending the time', () => {
    const spec = { $regex: '(a|b)*a(a|b){50}$' };
    const long = 'ab'.repeat(50_000);
    const started = performance.now();
    expect(regexMatcher.test(spec, long, true)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
    expect(regexMatcher.explain?.(spec, long, true)).toMatch(/^the value is 100000 characters long; this pattern is matched against at most \d+$/);
  });
});
