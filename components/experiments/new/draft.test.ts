import { describe, expect, it } from 'vitest';
import { EMPTY_KEYS } from '@/components/runs/launch/api-keys';
import { newModelRow } from '@/components/runs/launch/model-rows';
import { newChange, newVariant, toChange, validateExperiment, freeVariantName, type ExperimentDraft } from './draft';

function change(description: string, original: string | null = 'Search the docs') {
  return { ...newChange('rag', 'rag_search', description), originalDescription: original };
}

function draft(over: Partial<ExperimentDraft> = {}): ExperimentDraft {
  return {
    name: ' My experiment ',
    variants: [newVariant('rewrite', [change('Keyword search over the docs')])],
    caseIds: ['a', 'b'],
    rows: [newModelRow('local')],
    samples: '2',
    concurrency: '4',
    keys: EMPTY_KEYS,
    ...over,
  };
}

describe('experiment draft to request', () => {
  it('sends only the fields that changed, with the model rows as ModelConfigs', () => {
    const r = validateExperiment(draft());
    expect(r.errors).toBeNull();
    expect(r.body).toEqual({
      name: 'My experiment',
      testCaseIds: ['a', 'b'],
      models: [expect.objectContaining({ provider: 'local', model: 'hybrid' })],
      samples: 2,
      concurrency: 4,
      variants: [{ name: 'rewrite', changes: [{ server: 'rag', tool: 'rag_search', description: 'Keyword search over the docs' }] }],
    });
  });

  it('leaves testCaseIds out when the selection is the API\'s own default, so the API resolves every case', () => {
    const r = validateExperiment(draft({ apiDefaultCases: true }));
    expect(r.body).not.toHaveProperty('testCaseIds');
    expect(validateExperiment(draft({ apiDefaultCases: true, caseIds: [] })).errors?.cases).toBeTruthy();
  });

  it('an untouched description is no change, and a variant without any change is refused', () => {
    expect(toChange(change('Search the docs')).change).toBeNull();
    const r = validateExperiment(draft({ variants: [newVariant('same', [change('Search the docs')])] }));
    expect(r.body).toBeNull();
    expect(Object.values(r.errors?.variants ?? {})[0]?.changes).toMatch(/at least one tool/);
  });

  it('renames and schemas: checked, and sent when they differ', () => {
    const c = { ...change('Search the docs'), rename: 'search_docs', schemaText: '{"type":"object","properties":{"q":{"type":"string"}}}' };
    expect(toChange(c).change).toEqual({ server: 'rag', tool: 'rag_search', name: 'search_docs', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });
    expect(toChange({ ...c, rename: 'bad name!' }).errors.rename).toMatch(/Letters/);
    expect(toChange({ ...c, schemaText: '[1]' }).errors.schema).toMatch(/JSON object/);
    expect(toChange({ ...c, schemaText: '{"type":"string"}' }).errors.schema).toMatch(/"type": "object"/);
    expect(toChange({ ...c, schemaText: '{' }).errors.schema).toMatch(/Not valid JSON/);
  });

  it('names each problem next to its field', () => {
    const v1 = newVariant('original', [change('x')]);
    const v2 = newVariant('dup', [change('y'), change('z')]);
    const v3 = newVariant('dup', [{ ...newChange(), originalDescription: null }]);
    const r = validateExperiment(draft({ variants: [v1, v2, v3], caseIds: [], samples: '11', concurrency: '0', rows: [newModelRow('openai')] }));
    expect(r.body).toBeNull();
    const e = r.errors!;
    expect(e.variants[v1.key]?.name).toMatch(/baseline/);
    expect(e.variants[v2.key]?.name).toMatch(/Another variant/);
    expect(e.variants[v2.key]?.byChange[v2.changes[1]!.key]?.tool).toMatch(/already changed/);
    expect(e.variants[v3.key]?.byChange[v3.changes[0]!.key]?.tool).toMatch(/Choose a server/);
    expect(e.cases).toBeTruthy();
    expect(e.samples).toMatch(/1 to 10/);
    expect(e.concurrency).toMatch(/1 to 32/);
    expect(e.keys.openai).toMatch(/Needed/);
  });

  it('refuses what the API would: "Original" in any case, names equal but for case, the same model twice', () => {
    const a = newVariant('Original', [change('x')]);
    const b = newVariant('Tight', [change('y')]);
    const c = newVariant('tight ', [change('z')]);
    const r = validateExperiment(draft({ variants: [a, b, c], rows: [newModelRow('local'), newModelRow('local')] }));
    expect(r.errors?.variants[a.key]?.name).toMatch(/baseline/);
    expect(r.errors?.variants[c.key]?.name).toMatch(/Another variant/);
    expect(r.errors?.models).toMatch(/twice/);
    expect(toChange({ ...change('d'.repeat(10_001)) }).errors.description).toMatch(/10,000/);
  });

  it('at most five models and five variants', () => {
    const rows = Array.from({ length: 6 }, () => newModelRow('local'));
    expect(validateExperiment(draft({ rows })).errors?.models).toMatch(/1-5/);
    const variants = Array.from({ length: 6 }, (_, i) => newVariant(`v${i}`, [change(`d${i}`)]));
    expect(validateExperiment(draft({ variants })).errors?.variantList).toMatch(/At most 5/);
  });

  it('picks the first free variant name', () => {
    expect(freeVariantName([])).toBe('rewrite');
    expect(freeVariantName([newVariant('rewrite'), newVariant('rewrite 2')])).toBe('rewrite 3');
  });
});
