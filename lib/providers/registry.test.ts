import { describe, expect, it, vi } from 'vitest';
import { getProvider, PROVIDERS } from './registry';
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

  it('rejects an unknown id, listing the known ones', () => {
    expect(() => getProvider('gemini')).toThrow(/Unknown provider 'gemini'.*openai, anthropic, openai-compatible, local/);
  });
});
