import { GENERIC_KEY_HEADER, PROVIDER_CATALOG, type ProviderId } from '../providers/catalog';
import { keyFor, readApiKeys, type ApiKeys } from '../providers/api-keys';
import { UsageError } from './errors';

/** Environment variable -> the header the API reads it from; keys stay in memory only. */
export const KEY_VARIABLES: Record<string, string> = {
  OPENAI_API_KEY: headerOf('openai'),
  ANTHROPIC_API_KEY: headerOf('anthropic'),
  MCP_EVAL_MODEL_API_KEY: GENERIC_KEY_HEADER,
};

function headerOf(id: string): string {
  const row = PROVIDER_CATALOG.find((r) => r.id === id);
  return (row && 'keyHeader' in row && row.keyHeader) || GENERIC_KEY_HEADER;
}

/** The key headers for a remote instance (the same names the app reads). */
export function keyHeaders(env: Record<string, string | undefined>): Headers {
  const headers = new Headers();
  for (const [variable, header] of Object.entries(KEY_VARIABLES)) {
    const value = env[variable]?.trim();
    if (value) headers.set(header, value);
  }
  return headers;
}

export function keysFromEnv(env: Record<string, string | undefined>): ApiKeys {
  return readApiKeys(keyHeaders(env));
}

/** The variables a provider's key is read from, its own first (an OpenAI-compatible server reads only the generic one). */
export function keyVariablesOf(provider: ProviderId): string[] {
  const row = PROVIDER_CATALOG.find((r) => r.id === provider);
  const own = row && 'keyHeader' in row ? Object.keys(KEY_VARIABLES).filter((v) => KEY_VARIABLES[v] === row.keyHeader) : [];
  return [...own, 'MCP_EVAL_MODEL_API_KEY'];
}

/**
 * Before any work, the app's rule (a provider that requires a key has one) told in the CLI's
 * terms: the environment variables to set, not the HTTP headers the API reads. Exit 2.
 */
export function assertKeysInEnv(models: readonly { provider: ProviderId }[], keys: ApiKeys): void {
  const missing = [...new Set(models.map((m) => m.provider))].filter((p) => PROVIDER_CATALOG.find((r) => r.id === p)?.apiKey === 'required' && !keyFor(p, keys));
  if (!missing.length) return;
  const sets = missing.map((p) => {
    const [first, ...rest] = keyVariablesOf(p);
    return `${p}: set ${first}${rest.length ? ` (or ${rest.join(', ')})` : ''}`;
  });
  throw new UsageError(`missing API key for ${sets.join('; ')} in the environment (keys are read from there only and never written)`);
}
