import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFieldsOf, providerChoicesOf } from '@/components/runs/launch/providers';
import { createKeyLookup } from '@/lib/providers/api-keys';
import { describeProvidersForDocs, keyHeadersOf, PROVIDER_CATALOG, PROVIDER_IDS, providerCheckList, type ProviderRow } from '@/lib/providers/catalog';
import { buildModelConfigSchema } from '@/lib/providers/model-config';

/** A provider added the way a contributor would: one row. */
const FAKE = {
  id: 'fakeai',
  name: 'FakeAI',
  label: 'fakeai',
  description: 'A fake provider that exists only in this test',
  hint: 'FakeAI API; needs the FakeAI key (or the generic key)',
  apiKey: 'required',
  keyHeader: 'X-FakeAI-API-Key',
  requiresBaseUrl: true,
  modelHints: ['fake-large', 'fake-small'],
  validateModel: (model: string) => (model.startsWith('fake-') ? null : 'FakeAI models start with fake-'),
  capabilities: { tools: true, multiTurn: true, textCompletion: false, embeddings: false, temperature: true },
} as const satisfies ProviderRow;

const TABLE = [...PROVIDER_CATALOG, FAKE] as const;

describe('a provider added as one row of the table', () => {
  it('is accepted by the ModelConfig schema, with its baseUrl and model rules', () => {
    const schema = buildModelConfigSchema(TABLE);
    const ok = schema.safeParse({ provider: 'fakeai', model: 'fake-large', baseUrl: 'https://fake.example/v1' });
    expect(ok.success).toBe(true);
    expect(ok.data?.provider).toBe('fakeai');

    const noBaseUrl = schema.safeParse({ provider: 'fakeai', model: 'fake-large' });
    expect(noBaseUrl.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['baseUrl', 'baseUrl is required for fakeai providers']]);
    const badModel = schema.safeParse({ provider: 'fakeai', model: 'gpt-4o', baseUrl: 'https://fake.example/v1' });
    expect(badModel.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['model', 'FakeAI models start with fake-']]);
    // The real table's schema does not know it.
    expect(buildModelConfigSchema(PROVIDER_CATALOG).safeParse({ provider: 'fakeai', model: 'fake-large', baseUrl: 'https://fake.example/v1' }).success).toBe(false);
  });

  it('reads its key from its own header, falls back to the generic one, and is refused without either', () => {
    const { readApiKeys, keyFor, assertKeysPresent } = createKeyLookup(TABLE);
    const keys = readApiKeys(new Headers({ 'X-FakeAI-API-Key': ' fk-1 ', 'X-OpenAI-API-Key': 'sk-openai' }));
    expect(keys).toEqual({ fakeai: 'fk-1', openai: 'sk-openai' });
    expect(keyFor('fakeai', keys)).toBe('fk-1');
    expect(keyFor('fakeai', { default: 'generic' })).toBe('generic');
    // Another provider's key is never handed to it.
    expect(keyFor('fakeai', { openai: 'sk-openai' })).toBeUndefined();
    expect(() => assertKeysPresent([{ provider: 'fakeai' }], { openai: 'sk-openai' })).toThrow(
      'Missing API key for fakeai: send it in the X-FakeAI-API-Key or X-Model-API-Key header',
    );
    expect(() => assertKeysPresent([{ provider: 'fakeai' }], keys)).not.toThrow();
  });

  it('is listed in the CHECK of model_settings.provider', () => {
    expect(providerCheckList(TABLE)).toBe("'openai', 'anthropic', 'openai-compatible', 'local', 'fakeai'");
    expect(providerCheckList([{ ...FAKE, id: "o'brien" }])).toBe("'o''brien'");
  });

  it('is offered by the launch form, with its hint, models, base URL and key field', () => {
    const choice = providerChoicesOf(TABLE).find((c) => c.id === 'fakeai');
    expect(choice).toEqual({
      id: 'fakeai',
      label: 'fakeai',
      hint: FAKE.hint,
      key: { slot: 'fakeai', required: true },
      baseUrlRequired: true,
      models: ['fake-large', 'fake-small'],
    });
    expect(keyFieldsOf(TABLE).map((f) => [f.slot, f.header, f.label, f.uses])).toEqual([
      ['openai', 'X-OpenAI-API-Key', 'OpenAI API key', 'openai rows'],
      ['anthropic', 'X-Anthropic-API-Key', 'Anthropic API key', 'anthropic rows'],
      ['fakeai', 'X-FakeAI-API-Key', 'FakeAI API key', 'fakeai rows'],
      ['generic', 'X-Model-API-Key', 'Generic model API key', 'openai-compatible rows, and any cloud row without its own key'],
    ]);
  });

  it('appears in the API docs', () => {
    expect(keyHeadersOf(TABLE)).toEqual(['X-Model-API-Key', 'X-OpenAI-API-Key', 'X-Anthropic-API-Key', 'X-FakeAI-API-Key']);
    expect(describeProvidersForDocs(TABLE)).toBe('openai, anthropic, openai-compatible (baseUrl required, key optional), local (no key), fakeai (baseUrl required)');
  });
});

describe('the real provider table', () => {
  it('has one row per id, each with a suggested model, and the README lists every provider', () => {
    expect(new Set(PROVIDER_IDS).size).toBe(PROVIDER_CATALOG.length);
    expect(PROVIDER_IDS).toEqual(['openai', 'anthropic', 'openai-compatible', 'local']);
    const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
    for (const row of PROVIDER_CATALOG) {
      expect(row.modelHints.length, row.id).toBeGreaterThan(0);
      expect(readme, `README lists ${row.id}`).toMatch(new RegExp(`^- \`${row.id}\``, 'm'));
    }
    for (const header of keyHeadersOf(PROVIDER_CATALOG)) expect(readme).toContain(`\`${header}\``);
  });
});
