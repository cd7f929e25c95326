import type { KeySlot } from './providers';

/**
 * API keys typed for a launch. They travel only as request headers on POST /api/batches,
 * never in a body, a URL or localStorage; "remember for this tab" keeps them in
 * sessionStorage, which the browser drops with the tab.
 */
export type ApiKeyInputs = Record<KeySlot, string>;

export const EMPTY_KEYS: ApiKeyInputs = { openai: '', anthropic: '', generic: '' };

export const KEY_HEADERS: Record<KeySlot, string> = {
  openai: 'X-OpenAI-API-Key',
  anthropic: 'X-Anthropic-API-Key',
  generic: 'X-Model-API-Key',
};

const STORAGE_KEY = 'mcp-eval.runs.api-keys';

export function keyHeaders(keys: ApiKeyInputs): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const slot of Object.keys(KEY_HEADERS) as KeySlot[]) {
    const value = keys[slot].trim();
    if (value) headers[KEY_HEADERS[slot]] = value;
  }
  return headers;
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function loadRememberedKeys(): ApiKeyInputs | null {
  const raw = tabStorage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<KeySlot, unknown>>;
    const read = (v: unknown) => (typeof v === 'string' ? v : '');
    return { openai: read(parsed.openai), anthropic: read(parsed.anthropic), generic: read(parsed.generic) };
  } catch {
    return null;
  }
}

export function rememberKeys(keys: ApiKeyInputs): void {
  try {
    tabStorage()?.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // quota or privacy mode: the keys simply are not remembered
  }
}

export function forgetKeys(): void {
  tabStorage()?.removeItem(STORAGE_KEY);
}
