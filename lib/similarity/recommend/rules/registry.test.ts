import { describe, expect, it } from 'vitest';
import { ISSUE_TYPES } from '../types';
import { ISSUE_RULES, ORDERED_RULES } from './registry';

describe('issue rule registry', () => {
  it('has exactly one rule per issue type, under its own id', () => {
    expect(Object.keys(ISSUE_RULES).sort()).toEqual([...ISSUE_TYPES].sort());
    for (const type of ISSUE_TYPES) expect(ISSUE_RULES[type].type).toBe(type);
    expect(ORDERED_RULES.map((r) => r.type)).toEqual([...ISSUE_TYPES]);
  });
});
