import { describe, expect, it } from 'vitest';
import { scoreArguments } from '../score';
import { valuesMatch } from '../values';
import { bfclProfile, standardizeBfclString } from './bfcl';
import { getArgumentMatchingProfile, listArgumentMatchingProfiles } from './registry';
import { strictProfile } from './strict';

describe('argument matching profiles', () => {
  it('has a profile per id (the Record type ties them to the schema), and null reads as strict', () => {
    expect(listArgumentMatchingProfiles().map((p) => p.id).sort()).toEqual(['bfcl', 'strict']);
    expect(getArgumentMatchingProfile(null).id).toBe('strict');
    expect(getArgumentMatchingProfile('bfcl').label).toBe('BFCL');
  });

  it("standardises strings as BFCL's standardize_string", () => {
    expect(standardizeBfclString("April 1, 2024 o'clock_x-y/z*a^b.")).toBe('april12024o"clockxyzab');
  });

  it('bfcl compares strings without spaces and ,./-_*^, strict does not', () => {
    expect(valuesMatch('New York, NY', 'new-york ny', bfclProfile)).toBe(true);
    expect(valuesMatch('New York, NY', 'new-york ny', strictProfile)).toBe(false);
    expect(valuesMatch("it's", 'it"s', bfclProfile)).toBe(true);
    expect(valuesMatch('abc', 'abd', bfclProfile)).toBe(false);
  });

  it('bfcl takes numbers and booleans only as JSON numbers and booleans', () => {
    expect(valuesMatch(3, '3', strictProfile)).toBe(true);
    expect(valuesMatch(3, '3', bfclProfile)).toBe(false);
    expect(valuesMatch(3, 3.0, bfclProfile)).toBe(true);
    expect(valuesMatch(true, 'true', bfclProfile)).toBe(false);
    expect(valuesMatch([1, 'a b'], [1, 'AB'], bfclProfile)).toBe(true);
    expect(valuesMatch([1, 'a'], ['a', 1], bfclProfile)).toBe(false);
    expect(valuesMatch({ $oneOf: ['New York', { $absent: true }] }, 'newyork', bfclProfile)).toBe(true);
    expect(valuesMatch({ $contains: 'new york' }, ['NEW-YORK'], bfclProfile)).toBe(true);
  });

  it('bfcl type checks ignore enum, format and bounds but not types', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        unit: { type: 'string', enum: ['c', 'f'] },
        day: { type: 'string', format: 'date' },
        n: { type: 'integer', minimum: 10 },
        format: { type: 'string' },
      },
    };
    const actual = { unit: 'kelvin', day: 'tomorrow', n: 2, format: 'x' };
    expect(scoreArguments({ expected: null, actual, inputSchema }).failureReasons.sort()).toEqual(['type_error:day', 'type_error:n', 'type_error:unit']);
    expect(scoreArguments({ expected: null, actual, inputSchema, profile: bfclProfile }).failureReasons).toEqual([]);
    const wrongTypes = scoreArguments({ expected: null, actual: { ...actual, n: 2.5, format: 7 }, inputSchema, profile: bfclProfile });
    expect(wrongTypes.failureReasons.sort()).toEqual(['type_error:format', 'type_error:n']);
  });
});
