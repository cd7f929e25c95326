import { GENERIC_KEY_HEADER, PROVIDER_CATALOG, type ProviderCatalog, type ProviderId } from '@/lib/providers/catalog';

/**
 * The launch form's view of the provider table (lib/providers/catalog.ts, plain data that is
 * safe in the browser bundle): which providers to offer, their hints and suggested models, and
 * which key field each reads. Nothing here is written per provider.
 */

type OwnKeyRow = Extract<(typeof PROVIDER_CATALOG)[number], { keyHeader: string }>;
/** A key field: one per provider with its own header, plus the generic X-Model-API-Key. */
export type KeySlot = OwnKeyRow['id'] | 'generic';

export type ProviderChoice = {
  id: ProviderId;
  label: string;
  /** Shown under the provider select. */
  hint: string;
  /** Which key field this provider reads (the generic X-Model-API-Key is the fallback). */
  key: { slot: KeySlot; required: boolean } | null;
  baseUrlRequired: boolean;
  /** Suggested model names (a datalist; any name may be typed). */
  models: string[];
};

export type KeyField = { slot: KeySlot; header: string; label: string; uses: string };

/** The form's data for the providers of `catalog` (a test passes a table with a fake row). */
export function providerChoicesOf<C extends ProviderCatalog>(catalog: C) {
  return catalog.map((row) => ({
    id: row.id as C[number]['id'],
    label: row.label,
    hint: row.hint,
    key: row.apiKey === 'none' ? null : { slot: row.keyHeader ? row.id : 'generic', required: row.apiKey === 'required' },
    baseUrlRequired: row.requiresBaseUrl,
    models: [...row.modelHints],
  }));
}

/** The key fields of `catalog`: each provider's own header in table order, then the generic one. */
export function keyFieldsOf(catalog: ProviderCatalog): { slot: string; header: string; label: string; uses: string }[] {
  const own = catalog.flatMap((row) => (row.keyHeader ? [{ slot: row.id, header: row.keyHeader, label: `${row.name} API key`, uses: `${row.id} rows` }] : []));
  const genericOnly = catalog.filter((row) => row.apiKey !== 'none' && !row.keyHeader).map((row) => row.id);
  const uses = genericOnly.length > 0 ? `${genericOnly.join(', ')} rows, and any cloud row without its own key` : 'any cloud row without its own key';
  return [...own, { slot: 'generic', header: GENERIC_KEY_HEADER, label: 'Generic model API key', uses }];
}

export const PROVIDER_CHOICES = providerChoicesOf(PROVIDER_CATALOG) as ProviderChoice[];
export const KEY_FIELDS = keyFieldsOf(PROVIDER_CATALOG) as KeyField[];

export function providerChoice(id: ProviderId): ProviderChoice {
  return PROVIDER_CHOICES.find((p) => p.id === id) ?? (PROVIDER_CHOICES[0] as ProviderChoice);
}
