import { describe, expect, it } from 'vitest';
import { scoreArguments } from './score';
import { summarizeArgumentScore } from './summarize';

const schema = {
  type: 'object',
  properties: { title: { type: 'string' }, priority: { enum: ['low', 'high'] }, count: { type: 'integer' } },
  required: ['title'],
};

describe('summarizeArgumentScore', () => {
  it('says so when everything matched', () => {
    const score = scoreArguments({ expected: { title: 'x' }, actual: { title: 'X' }, inputSchema: schema });
    expect(summarizeArgumentScore(score)).toBe('Every expected argument value matched, and the arguments conform to the schema.');
  });

  it('says so when there was nothing to compare and nothing is wrong', () => {
    const score = scoreArguments({ expected: null, actual: { title: 'X' }, inputSchema: schema });
    expect(summarizeArgumentScore(score)).toBe('The arguments include every required parameter and conform to the schema.');
  });

  it('names each problem in one sentence', () => {
    const score = scoreArguments({
      expected: { title: 'x', priority: 'high' },
      actual: { priority: 'low', count: 'many', extra: 1 },
      inputSchema: schema,
    });
    expect(summarizeArgumentScore(score)).toBe(
      'Arguments: 0% of expected values matched, 50% complete, 67% type-conformant; wrong or missing value for "priority"; required "title" not given; undeclared "extra" given; schema violations in "count".',
    );
  });

  it('explains unparseable arguments', () => {
    const score = scoreArguments({ expected: null, actual: null, inputSchema: schema });
    expect(summarizeArgumentScore(score)).toBe('The arguments were not a JSON object, so none of them could be checked.');
  });
});
