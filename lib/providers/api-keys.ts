import { scrubSecrets } from '../crypto/scrub';
import { ValidationError } from '../errors';
import { GENERIC_KEY_HEADER, PROVIDER_CATALOG, type ProviderCatalog, type ProviderId } from './catalog';

/**
 * API keys arrive per request in headers and live only in memory for the job's lifetime:
 * never in the database, logs, errors or responses. `default` is X-Model-API-Key; the other
 * slots are provider ids, one per row of the table with its own key header.
 */
export type ApiKeys = { default?: string } & Partial<Record<string, string>>;

/** The key headers of a provider table and the lookups built on them (a test passes a table with a fake row). */
export function createKeyLookup<const C extends ProviderCatalog>(catalog: C) {
  type Id = C[number]['id'];
  const rowOf = (id: Id) => catalog.find((r) => r.id === id);

  function readApiKeys(headers: Headers): ApiKeys {
    const keys: ApiKeys = {};
    const slots: [string, string][] = [['default', GENERIC_KEY_HEADER], ...catalog.flatMap((r) => (r.keyHeader ? [[r.id, r.keyHeader] as [string, string]] : []))];
    for (const [slot, name] of slots) {
      const value = headers.get(name)?.trim();
      if (value) keys[slot] = value;
    }
    return keys;
  }

  /** The key a provider gets: its own header first, then X-Model-API-Key (none for a keyless provider). */
  function keyFor(provider: Id, keys: ApiKeys): string | undefined {
    const row = rowOf(provider);
    if (!row || row.apiKey === 'none') return undefined;
    // A provider without its own header (an OpenAI-compatible server is someone else's
    // endpoint) gets only the generic key, never another provider's.
    return (row.keyHeader ? keys[row.id] : undefined) ?? keys.default;
  }

  /** 400 missing_api_key before any work when a provider that requires a key has none. */
  function assertKeysPresent(models: { provider: Id }[], keys: ApiKeys): void {
    const missing = [...new Set(models.filter((m) => rowOf(m.provider)?.apiKey === 'required' && !keyFor(m.provider, keys)).map((m) => m.provider))];
    if (missing.length) {
      const headers = missing.map((p) => rowOf(p)?.keyHeader ?? GENERIC_KEY_HEADER);
      throw new ValidationError(
        `Missing API key for ${missing.join(', ')}: send it in the ${headers.join(' / ')} or ${GENERIC_KEY_HEADER} header`,
        { providers: missing },
        'missing_api_key',
      );
    }
  }

  return { readApiKeys, keyFor, assertKeysPresent };
}

/** Key-shaped tokens (sk-..., sk-ant-..., even when partly masked) are redacted whatever key was used. */
const KEY_LIKE = /\b(?:sk|pk|key|api[-_]?key)[-_][A-Za-z0-9*._-]{6,}/gi;

/** Removes the request's API key (and anything that looks like one) from text bound for users: provider errors and run errors alike. */
export function scrubSecret(text: string, apiKey?: string): string {
  return scrubSecrets(text, [apiKey]).replace(KEY_LIKE, '[redacted]');
}

const lookup = createKeyLookup(PROVIDER_CATALOG);
export const readApiKeys: (headers: Headers) => ApiKeys = lookup.readApiKeys;
export const keyFor: (provider: ProviderId, keys: ApiKeys) => string | undefined = lookup.keyFor;
export const assertKeysPresent: (models: { provider: ProviderId }[], keys: ApiKeys) => void = lookup.assertKeysPresent;
