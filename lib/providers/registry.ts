import 'server-only';
import { PROVIDER_CATALOG, PROVIDER_IDS, type ProviderId } from './catalog';
import { anthropicProvider } from './anthropic/provider';
import { localProvider } from './local/provider';
import { openaiProvider } from './openai/provider';
import { openaiCompatibleProvider } from './openai-compatible/provider';
import type { Completion, CompletionRequest, EmbeddingItem, EmbeddingRequest, ProviderDefinition } from './types';

/**
 * Every provider by id: the row of catalog.ts with its folder's implementation. The SDKs
 * behind them load only when a provider is first used. The implementations are attached here,
 * server-side, and not in the table itself: the table is read by the browser bundle (launch
 * form) and by db/schema.ts, which must not reach provider code. A row without an entry here
 * fails the type check (`satisfies Record<ProviderId, ...>`).
 */
export const PROVIDERS = {
  openai: openaiProvider,
  anthropic: anthropicProvider,
  'openai-compatible': openaiCompatibleProvider,
  local: localProvider,
} satisfies Record<ProviderId, ProviderDefinition>;

function isKnown(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

export function getProvider(id: string): ProviderDefinition {
  if (!isKnown(id)) {
    throw new Error(`Unknown provider '${id}'. Known providers: ${PROVIDER_IDS.join(', ')}`);
  }
  return PROVIDERS[id];
}

/**
 * The providers that hold a conversation with tool results fed back (sequence mode's agent
 * loop); the others make a single selection there (capabilities.multiTurn).
 */
export const MULTI_TURN_PROVIDER_IDS: ProviderId[] = PROVIDER_CATALOG.filter((row) => row.capabilities.multiTurn).map((row) => row.id);

/** The providers that can write text (description revisions and other free-text calls). */
export const TEXT_PROVIDER_IDS: ProviderId[] = PROVIDER_CATALOG.filter((row) => row.capabilities.textCompletion).map((row) => row.id);

/**
 * A plain text completion through the provider interface. A provider without the capability
 * (the local router) is a programming error here: callers check TEXT_PROVIDER_IDS first.
 */
export function completeText(req: CompletionRequest): Promise<Completion> {
  const provider = getProvider(req.model.provider);
  if (!provider.complete) {
    throw new Error(`The ${provider.id} provider cannot write text; providers that can: ${TEXT_PROVIDER_IDS.join(', ')}`);
  }
  return provider.complete(req);
}

/**
 * Vectors from a provider whose row has capabilities.embeddings (lib/embeddings' remote
 * models). Asking another is a programming error: the embedding registry names its provider.
 */
export function embedTexts(providerId: ProviderId, req: EmbeddingRequest): Promise<EmbeddingItem[]> {
  const provider = getProvider(providerId);
  if (!provider.embed) {
    const able = PROVIDER_CATALOG.filter((row) => row.capabilities.embeddings).map((row) => row.id);
    throw new Error(`The ${provider.id} provider serves no embeddings; providers that do: ${able.join(', ')}`);
  }
  return provider.embed(req);
}
