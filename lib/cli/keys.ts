import { GENERIC_KEY_HEADER, PROVIDER_CATALOG } from '../providers/catalog';
import { readApiKeys, type ApiKeys } from '../providers/api-keys';

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
