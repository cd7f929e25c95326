import { describe, expect, it } from 'vitest';
import { changeMode, draftFromValue, valueFromDraft, EMPTY_DRAFT } from './argument-draft';
import { buildExpected, parseExpectedJson, splitExpected } from './expected-arguments';
import { readSchemaProperties, type PropertySpec } from './schema-properties';

const tool = {
  inputSchema: {
    type: 'object' as const,
    properties: {
      query: { type: 'string', description: 'What to look for' },
      topK: { type: 'integer', minimum: 1 },
      minScore: { type: 'number' },
      strategy: { type: 'string', enum: ['sentence', 'fixed'] },
      documentIds: { type: 'array', items: { type: 'string' } },
      exact: { type: 'boolean' },
    },
    required: ['topK', 'query'],
  },
};
const props = readSchemaProperties(tool);
const prop = (name: string) => props.find((p) => p.name === name) as PropertySpec;

describe('readSchemaProperties', () => {
  it('lists required properties first, with types, enums and descriptions', () => {
    expect(props.map((p) => [p.name, p.type, p.required])).toEqual([
      ['query', 'string', true],
      ['topK', 'integer', true],
      ['minScore', 'number', false],
      ['strategy', 'string', false],
      ['documentIds', 'array', false],
      ['exact', 'boolean', false],
    ]);
    expect(prop('query').description).toBe('What to look for');
    expect(prop('strategy').enumValues).toEqual(['sentence', 'fixed']);
  });
});

describe('drafts round-trip every kind of expected value', () => {
  const cases: [string, unknown][] = [
    ['query', 'vector search'],
    ['query', { $contains: 'vector' }],
    ['query', { $regex: '^vec(tor)?$' }],
    ['query', { $oneOf: ['a', 'b c'] }],
    ['query', { $oneOf: ['multi\nline', 3] }],
    ['query', 42],
    ['topK', 3],
    ['topK', { $approx: 3, $tolerance: 0.5 }],
    ['topK', { $oneOf: [1, 2] }],
    ['minScore', { $approx: 0.5 }],
    ['strategy', 'fixed'],
    ['strategy', { $oneOf: ['fixed', 'sentence'] }],
    ['strategy', 'other'],
    ['documentIds', ['doc-1']],
    ['documentIds', { $contains: 'doc-1' }],
    ['documentIds', { $oneOf: [['a'], ['b']] }],
    ['exact', false],
    ['exact', { $any: true }],
    ['exact', { $absent: true }],
  ];
  it.each(cases)('%s = %j', (name, value) => {
    const draft = draftFromValue(value, prop(name));
    expect(valueFromDraft(draft, prop(name))).toEqual({ kind: 'value', value });
  });
});

describe('valueFromDraft validates locally', () => {
  it('rejects a regex that does not compile and numbers that are not numbers', () => {
    expect(valueFromDraft({ ...EMPTY_DRAFT, mode: '$regex', text: '(' }, prop('query')).kind).toBe('error');
    expect(valueFromDraft({ ...EMPTY_DRAFT, mode: 'exact', text: '3.5' }, prop('topK'))).toMatchObject({ kind: 'error' });
    expect(valueFromDraft({ ...EMPTY_DRAFT, mode: 'exact', text: 'abc' }, prop('minScore'))).toMatchObject({ kind: 'error' });
    expect(valueFromDraft({ ...EMPTY_DRAFT, mode: '$approx', text: '1', tolerance: '-1' }, prop('minScore'))).toMatchObject({ kind: 'error' });
    expect(valueFromDraft({ ...EMPTY_DRAFT, mode: '$oneOf', text: '1\nx' }, prop('topK'))).toEqual({ kind: 'error', message: 'Line 2: "x" is not a number.' });
  });

  it('gives selects a valid choice when switching to an exact value', () => {
    expect(changeMode(EMPTY_DRAFT, 'exact', prop('strategy')).text).toBe('"sentence"');
    expect(changeMode(EMPTY_DRAFT, 'exact', prop('exact')).text).toBe('true');
    const fixed = changeMode(changeMode(EMPTY_DRAFT, 'exact', prop('strategy')), '$contains', prop('strategy'));
    expect(fixed.text).toBe('sentence');
  });
});

describe('buildExpected and splitExpected', () => {
  it('builds the object from the rows and keeps keys the schema does not know', () => {
    const state = splitExpected({ query: { $contains: 'vector' }, extra: 1 }, props);
    state.drafts.topK = { ...EMPTY_DRAFT, mode: 'exact', text: '3' };
    expect(buildExpected(state, props)).toEqual({ value: { query: { $contains: 'vector' }, topK: 3, extra: 1 }, errors: {} });
  });

  it('reports errors by argument and leaves invalid rows out', () => {
    const state = splitExpected(null, props);
    state.drafts.query = { ...EMPTY_DRAFT, mode: '$regex', text: '[' };
    const built = buildExpected(state, props);
    expect(built.value).toBeNull();
    expect(Object.keys(built.errors)).toEqual(['query']);
  });

  it('parses the raw JSON with the API shape check', () => {
    expect(parseExpectedJson('{"topK": 3}')).toEqual({ ok: true, value: { topK: 3 } });
    expect(parseExpectedJson('')).toEqual({ ok: true, value: null });
    expect(parseExpectedJson('[1]').ok).toBe(false);
    expect(parseExpectedJson('{"q": {"$regx": "a"}}')).toMatchObject({ ok: false });
  });
});
