import { describe, expect, it } from 'vitest';
import { scoreArguments } from './score';

const todoSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    priority: { type: 'string', enum: ['low', 'medium', 'high'] },
    completed: { type: 'boolean' },
    dueDate: { type: 'string', format: 'date' },
  },
  required: ['title'],
};

describe('scoreArguments', () => {
  it('scores a perfect call 1 everywhere with no failure reasons', () => {
    const score = scoreArguments({
      expected: { title: { $contains: 'dentist' }, priority: 'high' },
      actual: { title: 'Call the dentist', priority: 'high' },
      inputSchema: todoSchema,
    });
    expect(score).toEqual({
      completeness: 1,
      correctness: 1,
      typeConformance: 1,
      hallucinatedParameters: [],
      missingRequired: [],
      typeErrors: [],
      mismatches: [],
      failureReasons: [],
    });
  });

  it('matches values case-insensitively while the schema enum stays exact', () => {
    const score = scoreArguments({ expected: { priority: 'high' }, actual: { title: 'x', priority: 'High' }, inputSchema: todoSchema });
    expect(score.correctness).toBe(1);
    expect(score.typeConformance).toBe(0.5);
    expect(score.failureReasons).toEqual(['type_error:priority']);
  });

  it('measures completeness and correctness over the expected keys', () => {
    const score = scoreArguments({
      expected: { title: 'Expense report', priority: 'high', dueDate: '2025-10-31' },
      actual: { title: 'expense report ', priority: 'low' },
      inputSchema: todoSchema,
    });
    expect(score.completeness).toBeCloseTo(2 / 3);
    expect(score.correctness).toBeCloseTo(1 / 3);
    expect(score.mismatches).toEqual([
      { param: 'priority', expected: 'high', actual: 'low' },
      { param: 'dueDate', expected: '2025-10-31', actual: undefined },
    ]);
    expect(score.failureReasons).toEqual(['value_mismatch:priority', 'value_mismatch:dueDate']);
  });

  it('counts an $absent key as complete and correct only when it is left out', () => {
    const expected = { id: '2', completed: true, title: { $absent: true } };
    const good = scoreArguments({ expected, actual: { id: 2, completed: 'true' }, inputSchema: { ...todoSchema, required: ['id'] } });
    expect(good.completeness).toBe(1);
    expect(good.correctness).toBe(1);
    // "2" and "true" match as values but break the declared types.
    expect(good.typeConformance).toBe(0);
    expect(good.failureReasons).toEqual(['type_error:id', 'type_error:completed']);

    const bad = scoreArguments({ expected, actual: { id: '2', completed: true, title: 'x' }, inputSchema: { ...todoSchema, required: ['id'] } });
    expect(bad.completeness).toBeCloseTo(2 / 3);
    expect(bad.correctness).toBeCloseTo(2 / 3);
    expect(bad.failureReasons).toEqual(['value_mismatch:title']);
  });

  it('falls back to the required keys for completeness when nothing is expected', () => {
    const schema = { ...todoSchema, required: ['title', 'priority'] };
    const score = scoreArguments({ expected: null, actual: { title: 'x' }, inputSchema: schema });
    expect(score.completeness).toBe(0.5);
    expect(score.correctness).toBeNull();
    expect(score.missingRequired).toEqual(['priority']);
    expect(score.failureReasons).toEqual(['missing_required:priority']);
  });

  it('treats an empty expectation as none', () => {
    const score = scoreArguments({ expected: {}, actual: {}, inputSchema: todoSchema });
    expect(score.correctness).toBeNull();
    expect(score.completeness).toBe(0);
    expect(score.missingRequired).toEqual(['title']);
  });

  it('is complete when nothing is required and nothing is expected', () => {
    const score = scoreArguments({ expected: null, actual: {}, inputSchema: { type: 'object', properties: {} } });
    expect(score.completeness).toBe(1);
    expect(score.typeConformance).toBe(1);
  });

  it('reports an absent required expected key once, as missing_required', () => {
    const score = scoreArguments({ expected: { title: 'x', priority: 'high' }, actual: { priority: 'medium' }, inputSchema: todoSchema });
    expect(score.missingRequired).toEqual(['title']);
    expect(score.mismatches.map((m) => m.param)).toEqual(['title', 'priority']);
    expect(score.failureReasons).toEqual(['missing_required:title', 'value_mismatch:priority']);
  });

  it('flags keys the schema does not declare as hallucinated', () => {
    const score = scoreArguments({ expected: null, actual: { title: 'x', tags: ['a'], urgent: true }, inputSchema: todoSchema });
    expect(score.hallucinatedParameters).toEqual(['tags', 'urgent']);
    expect(score.failureReasons).toEqual(['unexpected_param:tags', 'unexpected_param:urgent']);
    // Undeclared keys are allowed by this schema, so they do not count as type errors too.
    expect(score.typeConformance).toBe(1);
  });

  it('does not double-count an undeclared key that additionalProperties: false rejects', () => {
    const score = scoreArguments({ expected: null, actual: { title: 'x', tags: ['a'] }, inputSchema: { ...todoSchema, additionalProperties: false } });
    expect(score.hallucinatedParameters).toEqual(['tags']);
    expect(score.typeErrors).toEqual([]);
    expect(score.typeConformance).toBe(1);
  });

  it('flags nothing as hallucinated when the schema has no properties, unless it forbids extras', () => {
    expect(scoreArguments({ expected: null, actual: { q: 'x' }, inputSchema: { type: 'object' } }).hallucinatedParameters).toEqual([]);
    const strict = scoreArguments({ expected: null, actual: { q: 'x' }, inputSchema: { type: 'object', additionalProperties: false } });
    expect(strict.hallucinatedParameters).toEqual(['q']);
  });

  it('keeps the ajv issues as type errors and scores conformance per parameter', () => {
    const score = scoreArguments({
      expected: null,
      actual: { title: 'x', priority: 'urgent', dueDate: 'next week', completed: false },
      inputSchema: todoSchema,
    });
    expect(score.typeConformance).toBe(0.5);
    expect(score.typeErrors.map((e) => e.path)).toEqual(['priority', 'dueDate']);
    expect(score.typeErrors[0]?.message).toMatch(/allowed values/);
    expect(score.failureReasons).toEqual(['type_error:priority', 'type_error:dueDate']);
  });

  it('zeroes everything when the arguments could not be parsed', () => {
    expect(scoreArguments({ expected: { title: 'x' }, actual: null, inputSchema: todoSchema })).toEqual({
      completeness: 0,
      correctness: 0,
      typeConformance: 0,
      hallucinatedParameters: [],
      missingRequired: [],
      typeErrors: [],
      mismatches: [],
      failureReasons: ['invalid_arguments'],
    });
    expect(scoreArguments({ expected: null, actual: null, inputSchema: todoSchema }).correctness).toBeNull();
  });

  it('matches values BFCL-style, numbers numerically and matchers included', () => {
    const score = scoreArguments({
      expected: { documentId: 'doc-2', chunkSize: { $approx: 200, $tolerance: 50 }, overlap: 20 },
      actual: { documentId: 'DOC-2', chunkSize: 240, overlap: 20.0 },
      inputSchema: { type: 'object', properties: { documentId: { type: 'string' }, chunkSize: { type: 'integer' }, overlap: { type: 'integer' } } },
    });
    expect(score.correctness).toBe(1);
    expect(score.failureReasons).toEqual([]);
  });
});

describe('scoreArguments on the seeded demo cases', () => {
  it('accepts every seeded expectation, and scores its own literal values as matched', async () => {
    const { DEMO_TEST_CASES } = await import('@/lib/seed/demo-test-cases');
    const withExpectations = DEMO_TEST_CASES.filter((tc) => tc.expectedParameters);
    expect(withExpectations.length).toBeGreaterThan(5);
    for (const tc of withExpectations) {
      const expected = tc.expectedParameters ?? {};
      const literal = Object.fromEntries(Object.entries(expected).filter(([, v]) => typeof v !== 'object' || v === null));
      const score = scoreArguments({ expected, actual: literal, inputSchema: { type: 'object' } });
      const matchedLiterals = Object.keys(literal).filter((k) => !score.mismatches.some((m) => m.param === k));
      expect(matchedLiterals, tc.name).toEqual(Object.keys(literal));
    }
  });
});
