import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_CATALOG } from './catalog';
import { completeText, embedTexts, getProvider, PROVIDERS } from './registry';
import { makeModel } from './testing/fixtures';
import { PROVIDER_IDS } from './types';

// Records whether loading the registry pulled in an SDK; they must load only on first call.
const loadedSdks = vi.hoisted(() => [] as string[]);
vi.mock('openai', () => {
  loadedSdks.push('openai');
  return {};
});
vi.mock('@anthropic-ai/sdk', () => {
  loadedSdks.push('@anthropic-ai/sdk');
  return {};
});

describe('provider registry', () => {
  it('has exactly one definition per provider id, under its own id', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_IDS].sort());
    for (const id of PROVIDER_IDS) {
      const provider = getProvider(id);
      expect(provider.id).toBe(id);
      expect(provider.description.length).toBeGreaterThan(0);
      expect(typeof provider.selectTool).toBe('function');
      expect(typeof provider.assessConfidence).toBe('function');
    }
  });

  it('marks only the cloud providers as needing a key', () => {
    expect(PROVIDER_IDS.filter((id) => PROVIDERS[id].requiresApiKey).sort()).toEqual(['anthropic', 'openai']);
  });

  it('does not load the SDKs just by being imported', () => {
    expect(Object.keys(PROVIDERS)).toHaveLength(4);
    expect(loadedSdks).toEqual([]);
  });

  it('implements exactly the capabilities each row declares', () => {
    for (const row of PROVIDER_CATALOG) {
      const provider = getProvider(row.id);
      expect(typeof provider.complete === 'function', `${row.id} complete`).toBe(row.capabilities.textCompletion);
      expect(typeof provider.embed === 'function', `${row.id} embed`).toBe(row.capabilities.embeddings);
      // Sequence mode's agent loop holds a conversation only with providers that can.
      expect(typeof provider.converse === 'function', `${row.id} converse`).toBe(row.capabilities.multiTurn);
    }
    expect(PROVIDER_CATALOG.filter((row) => row.capabilities.textCompletion).map((row) => row.id)).toEqual(['openai', 'anthropic', 'openai-compatible']);
    expect(PROVIDER_CATALOG.filter((row) => row.capabilities.embeddings).map((row) => row.id)).toEqual(['openai']);
  });

  it('says clearly when a provider cannot write text or embed', () => {
    const signal = new AbortController().signal;
    expect(() => completeText({ model: makeModel({ provider: 'local', model: 'hybrid' }), system: 's', prompt: 'p', signal })).toThrow(
      'The local provider cannot write text; providers that can: openai, anthropic, openai-compatible',
    );
    expect(() => embedTexts('anthropic', { model: 'm', input: ['x'], apiKey: 'k', label: 'l', timeoutMs: 1000, maxRetries: 0, signal })).toThrow(
      'The anthropic provider serves no embeddings; providers that do: openai',
    );
  });

  it('rejects an unknown id, listing the known ones', () => {
    expect(() => getProvider('gemini')).toThrow(/Unknown provider 'gemini'.*openai, anthropic, openai-compatible, local/);
  });
});
