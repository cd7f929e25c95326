import { describe, expect, it } from 'vitest';
import { readBoolean, readNumber } from './coerce';

describe('readNumber', () => {
  it('reads numbers and decimal strings', () => {
    expect(readNumber(3)).toBe(3);
    expect(readNumber(' 2.50 ')).toBe(2.5);
    expect(readNumber('-1e3')).toBe(-1000);
    expect(readNumber('.5')).toBe(0.5);
  });

  it('refuses what is not a plain decimal', () => {
    for (const v of ['', ' ', '0x10', 'Infinity', '3 apples', '1,5', null, true, [3], Number.NaN]) {
      expect(readNumber(v), String(v)).toBeNull();
    }
  });
});

describe('readBoolean', () => {
  it('reads booleans and "true"/"false" strings only', () => {
    expect(readBoolean(true)).toBe(true);
    expect(readBoolean(' FALSE ')).toBe(false);
    expect(readBoolean('yes')).toBeNull();
    expect(readBoolean(1)).toBeNull();
    expect(readBoolean(0)).toBeNull();
  });
});
