import { describe, expect, it } from 'vitest';
import { containsMatcher } from './contains';

describe('$contains', () => {
  it('finds a case-insensitive substring of a string', () => {
    expect(containsMatcher.test({ $contains: 'Expense Report' }, 'Submit the expense report by Friday', true)).toBe(true);
    expect(containsMatcher.test({ $contains: 'dentist' }, 'Call the doctor', true)).toBe(false);
  });

  it('finds an element of an array via value equality', () => {
    expect(containsMatcher.test({ $contains: 'urgent' }, ['home', ' URGENT'], true)).toBe(true);
    expect(containsMatcher.test({ $contains: 3 }, ['1', '3'], true)).toBe(true);
    expect(containsMatcher.test({ $contains: 'urg' }, ['urgent'], true)).toBe(false);
  });

  it('fails on absence and on other value types', () => {
    expect(containsMatcher.test({ $contains: 'a' }, undefined, false)).toBe(false);
    expect(containsMatcher.test({ $contains: '4' }, 42, true)).toBe(false);
    expect(containsMatcher.test({ $contains: 'a' }, { a: 1 }, true)).toBe(false);
    expect(containsMatcher.test({ $contains: 'null' }, null, true)).toBe(false);
  });
});
