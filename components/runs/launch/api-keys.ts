import { KEY_FIELDS, type KeySlot } from './providers';

/**
 * API keys typed for a launch. They travel only as request headers on POST /api/batches,
 * never in a body, a URL or localStorage; "remember for this tab" keeps them in
 * sessionStorage, which the browser drops with the tab.
 */
export type ApiKeyInputs = Record<KeySlot, string>;

/** One value per key field of the provider table (providers.ts). */
function perSlot<T>(value: (slot: KeySlot) => T): Record<KeySlot, T> {
  return Object.fromEntries(KEY_FIELDS.map((f) => [f.slot, value(f.slot)])) as Record<KeySlot, T>;
}

export const EMPTY_KEYS: ApiKeyInputs = perSlot(() => '');

export const KEY_HEADERS: Record<KeySlot, string> = perSlot((slot) => KEY_FIELDS.find((f) => f.slot === slot)?.header ?? '');

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
    return perSlot((slot) => read(parsed[slot]));
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
