import { describe, expect, it } from 'vitest';
import { oneOfMatcher } from './one-of';

describe('$oneOf', () => {
  const spec = { $oneOf: ['gpt-4o', 'gpt 4o', 4] };

  it('passes when any option matches BFCL-style', () => {
    expect(oneOfMatcher.test(spec, ' GPT 4o', true)).toBe(true);
    expect(oneOfMatcher.test(spec, '4', true)).toBe(true);
  });

  it('fails when no option matches or the key is absent', () => {
    expect(oneOfMatcher.test(spec, 'gpt4', true)).toBe(false);
    expect(oneOfMatcher.test(spec, undefined, false)).toBe(false);
    expect(oneOfMatcher.test({ $oneOf: 'gpt-4o' }, 'gpt-4o', true)).toBe(false);
  });

  it('accepts matchers as options, $absent included', () => {
    const withMatchers = { $oneOf: [{ $regex: '^v\\d+$' }, { $absent: true }] };
    expect(oneOfMatcher.test(withMatchers, 'v2', true)).toBe(true);
    expect(oneOfMatcher.test(withMatchers, undefined, false)).toBe(true);
    expect(oneOfMatcher.test(withMatchers, 'x', true)).toBe(false);
  });
});
