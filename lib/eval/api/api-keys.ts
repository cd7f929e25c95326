import { ValidationError } from '../../errors';
import { getProvider } from '../../providers/registry';
import type { ModelConfig, ProviderId } from '../../providers/types';

/**
 * API keys arrive per request in headers and live only in memory for the job's lifetime:
 * never in the database, logs, errors or responses.
 */
export type ApiKeys = { default?: string; openai?: string; anthropic?: string };

const HEADER = { default: 'x-model-api-key', openai: 'x-openai-api-key', anthropic: 'x-anthropic-api-key' } as const;

export function readApiKeys(headers: Headers): ApiKeys {
  const keys: ApiKeys = {};
  for (const [slot, name] of Object.entries(HEADER) as [keyof ApiKeys, string][]) {
    const value = headers.get(name)?.trim();
    if (value) keys[slot] = value;
  }
  return keys;
}

/** The key a provider gets: its own header first, then X-Model-API-Key. */
export function keyFor(provider: ProviderId, keys: ApiKeys): string | undefined {
  if (provider === 'local') return undefined;
  if (provider === 'openai') return keys.openai ?? keys.default;
  if (provider === 'anthropic') return keys.anthropic ?? keys.default;
  // An OpenAI-compatible server is someone else's endpoint: never hand it the OpenAI key.
  return keys.default;
}

/** 400 missing_api_key before any work when a cloud provider of the matrix has no key. */
export function assertKeysPresent(models: ModelConfig[], keys: ApiKeys): void {
  const missing = [...new Set(models.filter((m) => getProvider(m.provider).requiresApiKey && !keyFor(m.provider, keys)).map((m) => m.provider))];
  if (missing.length) {
    const headers = missing.map((p) => (p === 'openai' ? 'X-OpenAI-API-Key' : 'X-Anthropic-API-Key'));
    throw new ValidationError(
      `Missing API key for ${missing.join(', ')}: send it in the ${headers.join(' / ')} or X-Model-API-Key header`,
      { providers: missing },
      'missing_api_key',
    );
  }
}
