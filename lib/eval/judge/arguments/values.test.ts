import { describe, expect, it } from 'vitest';
import { matchValue, valuesMatch } from './values';

describe('valuesMatch', () => {
  it('compares numbers numerically, accepting numeric strings either way', () => {
    expect(valuesMatch(1, 1.0)).toBe(true);
    expect(valuesMatch(3, '3')).toBe(true);
    expect(valuesMatch('2', 2)).toBe(true);
    expect(valuesMatch(200, ' 200.0 ')).toBe(true);
    expect(valuesMatch(3, 4)).toBe(false);
    expect(valuesMatch(3, 'three')).toBe(false);
    expect(valuesMatch(0.3, 0.1 + 0.2)).toBe(false); // exact: tolerance is what $approx is for
  });

  it('compares strings trimmed and case-insensitively', () => {
    expect(valuesMatch('High', '  high ')).toBe(true);
    expect(valuesMatch('Café', 'CAFÉ')).toBe(true);
    expect(valuesMatch('high', 'medium')).toBe(false);
    expect(valuesMatch('2025-10-31', '2025-10-31T00:00:00Z')).toBe(false);
  });

  it('compares booleans strictly, accepting "true"/"false" strings', () => {
    expect(valuesMatch(true, true)).toBe(true);
    expect(valuesMatch(true, 'True')).toBe(true);
    expect(valuesMatch('false', false)).toBe(true);
    expect(valuesMatch(true, false)).toBe(false);
    expect(valuesMatch(true, 1)).toBe(false);
    expect(valuesMatch(false, 0)).toBe(false);
    expect(valuesMatch(false, null)).toBe(false);
    expect(valuesMatch(true, 'yes')).toBe(false);
  });

  it('lets null equal only null', () => {
    expect(valuesMatch(null, null)).toBe(true);
    expect(valuesMatch(null, 'null')).toBe(false);
    expect(valuesMatch(null, 0)).toBe(false);
    expect(valuesMatch('', null)).toBe(false);
    expect(valuesMatch(null, undefined)).toBe(false);
  });

  it('compares arrays element-wise, same length, order mattering', () => {
    expect(valuesMatch(['a', 1], ['A', '1'])).toBe(true);
    expect(valuesMatch(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(valuesMatch(['a'], ['a', 'b'])).toBe(false);
    expect(valuesMatch([], [])).toBe(true);
    expect(valuesMatch(['a'], 'a')).toBe(false);
  });

  it('compares objects deeply with the same keys', () => {
    expect(valuesMatch({ a: 1, b: { c: 'X' } }, { b: { c: 'x' }, a: '1' })).toBe(true);
    expect(valuesMatch({ a: 1 }, { a: 1, extra: true })).toBe(false);
    expect(valuesMatch({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(valuesMatch({ a: 1 }, [1])).toBe(false);
  });

  it('applies matchers nested inside objects and arrays', () => {
    const expected = { title: { $contains: 'dentist' }, tags: [{ $any: true }, 'x'], note: { $absent: true } };
    expect(valuesMatch(expected, { title: 'Call the Dentist', tags: [null, 'X'] })).toBe(true);
    expect(valuesMatch(expected, { title: 'Call the Dentist', tags: [null, 'X'], note: '' })).toBe(false);
    expect(valuesMatch(expected, { title: 'Call mom', tags: [1, 'x'] })).toBe(false);
  });

  it('treats a top-level matcher against undefined as an absent key', () => {
    expect(valuesMatch({ $absent: true }, undefined)).toBe(true);
    expect(valuesMatch({ $any: true }, undefined)).toBe(false);
    expect(valuesMatch({ $any: true }, null)).toBe(true);
  });

  it('throws on an unknown matcher, a programming error since cases are validated when written', () => {
    expect(() => valuesMatch({ $regx: 'a' }, 'a')).toThrow(/\$regx.*known matchers: \$any/);
  });
});

describe('matchValue', () => {
  it('fails a plain expected value when the key is absent, whatever the value', () => {
    expect(matchValue(null, null, false)).toBe(false);
    expect(matchValue('x', 'x', true)).toBe(true);
  });

  it('lets matchers decide about absence', () => {
    expect(matchValue({ $absent: true }, undefined, false)).toBe(true);
    expect(matchValue({ $absent: true }, null, true)).toBe(false);
    expect(matchValue({ $oneOf: ['x', { $absent: true }] }, undefined, false)).toBe(true);
  });
});
