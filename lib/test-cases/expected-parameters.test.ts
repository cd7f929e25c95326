import { describe, expect, it } from 'vitest';
import { REGEX_MAX_PATTERN_LENGTH } from '@/lib/validation/linear-regex';
import { findExpectedParameterProblems } from './expected-parameters';
import { TestCaseInputSchema } from './schemas';

const base = { name: 'q', query: 'find it', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 'search' };

describe('$regex validation when a test case is saved', () => {
  it('accepts patterns RE2 runs, including the catastrophic-for-backtracking one', () => {
    expect(findExpectedParameterProblems({ q: { $regex: '^(a+)+$' }, units: { $regex: '^(metric|si)$' } })).toEqual([]);
  });

  it('names the field of a pattern RE2 cannot compile, too long or too complex', () => {
    const problems = findExpectedParameterProblems({
      lookahead: { $regex: '^(?!draft)' },
      nested: { deep: { $regex: '(a)\\1' } },
      long: { $regex: 'x'.repeat(REGEX_MAX_PATTERN_LENGTH + 1) },
      complex: { $oneOf: [{ $regex: '[a-z]{600}' }] },
    });
    expect(problems.map((p) => p.path)).toEqual([
      'expectedParameters.lookahead',
      'expectedParameters.nested.deep',
      'expectedParameters.long',
      'expectedParameters.complex.$oneOf.0',
    ]);
    expect(problems[0]?.message).toMatch(/^\$regex is not a usable regular expression: not a valid RE2 regular expression .*\(\?!/);
    expect(problems[2]?.message).toContain(`at most ${REGEX_MAX_PATTERN_LENGTH} are allowed`);
    expect(problems[3]?.message).toContain('too complex');
  });

  it('turns them into zod issues on the expectedParameters path, which the API answers with a 400', () => {
    const result = TestCaseInputSchema.safeParse({ ...base, expectedParameters: { query: { $regex: '(?<=x)y' } } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['expectedParameters', 'query']]);
    expect(TestCaseInputSchema.safeParse({ ...base, expectedParameters: { query: { $regex: 'ssl|tls' } } }).success).toBe(true);
  });
});
