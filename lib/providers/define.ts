import { providerRow, type ProviderId } from './catalog';
import type { ProviderDefinition, ProviderImplementation } from './types';

/** A provider's definition: the metadata of its row in catalog.ts, then its implementation. */
export function defineProvider<I extends ProviderImplementation>(id: ProviderId, implementation: I): ProviderDefinition & I {
  const row = providerRow(id);
  return {
    id,
    description: row.description,
    requiresApiKey: row.apiKey === 'required',
    ...implementation,
  };
}
