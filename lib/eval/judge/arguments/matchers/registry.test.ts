import { describe, expect, it } from 'vitest';
import { MATCHER_KEYS } from '@/lib/test-cases/expected-parameters';
import { getMatcher, isMatcherSpec, listMatchers } from './registry';
import { MATCHER_IDS } from './types';

describe('matcher registry', () => {
  it('holds every matcher of the spec, each once, with a description', () => {
    const ids = listMatchers().map((m) => m.id);
    expect([...ids].sort()).toEqual([...MATCHER_IDS].sort());
    expect(new Set(ids).size).toBe(6);
    for (const m of listMatchers()) expect(m.description.length, m.id).toBeGreaterThan(10);
  });

  it('agrees with the matchers test-case validation accepts', () => {
    expect([...MATCHER_IDS].sort()).toEqual([...MATCHER_KEYS].sort());
  });

  it('finds the matcher an expected value asks for', () => {
    expect(getMatcher({ $regex: 'a' })?.id).toBe('$regex');
    expect(getMatcher({ $approx: 1, $tolerance: 0.5 })?.id).toBe('$approx');
  });

  it('returns null for plain expected values', () => {
    for (const v of ['x', 1, null, [{ $any: true }], { a: 1 }]) expect(getMatcher(v)).toBeNull();
  });

  it('throws for an unknown matcher, listing the known ones', () => {
    expect(() => getMatcher({ $regx: 'a' })).toThrow('Unknown argument matcher $regx; known matchers: $any, $oneOf, $regex, $contains, $approx, $absent');
    expect(() => getMatcher({ $tolerance: 1 })).toThrow(/Unknown argument matcher \$tolerance/);
  });

  it('throws when one value asks for two matchers', () => {
    expect(() => getMatcher({ $any: true, $absent: true })).toThrow(/one matcher/);
  });

  it('recognizes matcher objects by a "$" key', () => {
    expect(isMatcherSpec({ $any: true })).toBe(true);
    expect(isMatcherSpec({ any: true })).toBe(false);
    expect(isMatcherSpec(['$any'])).toBe(false);
  });
});
