import { LOCAL_MODELS, validateLocalModel } from './local/models';

/**
 * The provider table: one row per provider. A provider is this row plus its folder
 * (lib/providers/<id>/provider.ts, attached by registry.ts). Everything else derives from the
 * rows: the ProviderId union, the ModelConfig schema (model-config.ts), the key headers and the
 * missing-key check (api-keys.ts), the DB CHECK (db/schema.ts, then `npx drizzle-kit generate`),
 * the launch form's provider list, the API docs and the README list (checked by a test).
 *
 * Plain data with no imports beyond ./local/models on purpose: the browser bundle (launch
 * form), db/schema.ts and drizzle-kit read this file, so it must not reach server code or an SDK.
 */

export type ProviderCapabilities = {
  /** Native tool calling: selectTool. */
  tools: boolean;
  /** Continues a conversation: the self-assessment follow-up turn. */
  multiTurn: boolean;
  /** A plain text answer to a prompt: complete() (e.g. the similarity analysis's description revisions). */
  textCompletion: boolean;
  /** Serves embedding models (lib/embeddings reaches them through the registry). */
  embeddings: boolean;
  /** Applies the run's temperature (it is stored for audit either way; the UI says when it is ignored). */
  temperature: boolean;
  /**
   * Gives the same answer to the same tools and query every time: extra samples repeat it, so
   * its confidence is its own (the local router's score margin), never sample agreement.
   */
  deterministic?: boolean;
  /** Model settings the provider does not use at all: the launch form hides them (they are still stored, at their defaults). */
  unusedSettings?: readonly UnusedSetting[];
};

/** The model settings a provider may have no use for (timeout applies to every run). */
export type UnusedSetting = 'baseUrl' | 'systemPrompt' | 'temperature' | 'maxRetries';

export type ProviderRow = {
  id: string;
  /** The upstream's name in sentences and field labels, e.g. "OpenAI". */
  name: string;
  /** The launch form's option. */
  label: string;
  /** One line for the registry, the API docs and error messages. */
  description: string;
  /** Shown under the launch form's provider select. */
  hint: string;
  /**
   * 'none': the provider takes no key at all. Otherwise it reads `keyHeader` first (if it has
   * its own) and then X-Model-API-Key; 'required' refuses a run without one (400 missing_api_key).
   */
  apiKey: 'required' | 'optional' | 'none';
  /** The provider's own key header. Without one it reads only X-Model-API-Key. */
  keyHeader?: string;
  requiresBaseUrl: boolean;
  /** Suggested model names for the launch form (any name may be typed); the first is the default. */
  modelHints: readonly [string, ...string[]];
  /** A row-level model check: the message when `model` is not one this provider offers. */
  validateModel?: (model: string) => string | null;
  capabilities: ProviderCapabilities;
};

/** The header every keyed provider falls back to. */
export const GENERIC_KEY_HEADER = 'X-Model-API-Key';

function defineCatalog<const R extends readonly [ProviderRow, ...ProviderRow[]]>(rows: R): R {
  return rows;
}

export const PROVIDER_CATALOG = defineCatalog([
  {
    id: 'openai',
    name: 'OpenAI',
    label: 'openai',
    description: 'OpenAI chat completions with native function calling',
    hint: 'OpenAI API; needs the OpenAI key (or the generic key)',
    apiKey: 'required',
    keyHeader: 'X-OpenAI-API-Key',
    requiresBaseUrl: false,
    modelHints: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1'],
    capabilities: { tools: true, multiTurn: true, textCompletion: true, embeddings: true, temperature: true },
  },
  {
    id: 'anthropic',
    name: 'Anthropic',
    label: 'anthropic',
    description: 'Anthropic Messages API with native tool use',
    hint: "Anthropic API; needs the Anthropic key (or the generic key). Anthropic's current API ignores temperature.",
    apiKey: 'required',
    keyHeader: 'X-Anthropic-API-Key',
    requiresBaseUrl: false,
    modelHints: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
    // API version 2026-10-21 rejects sampling parameters (anthropic/provider.ts).
    capabilities: { tools: true, multiTurn: true, textCompletion: true, embeddings: false, temperature: false },
  },
  {
    id: 'openai-compatible',
    name: 'OpenAI-compatible server',
    label: 'openai-compatible',
    description: 'Any OpenAI-compatible chat-completions server (Ollama, vLLM, LM Studio, OpenRouter) at a baseUrl',
    hint: 'Any OpenAI-style endpoint (Ollama, vLLM, LM Studio, OpenRouter); base URL required, key optional (generic key)',
    // Someone else's endpoint: it never gets the OpenAI key, only the generic one.
    apiKey: 'optional',
    requiresBaseUrl: true,
    modelHints: ['llama3.2', 'qwen2.5', 'mistral'],
    capabilities: { tools: true, multiTurn: true, textCompletion: true, embeddings: false, temperature: true },
  },
  {
    id: 'local',
    name: 'Local router',
    label: 'local (offline baseline)',
    description: 'Offline retrieval baseline (no LLM, no key): TF-IDF plus word-vector similarity between the query and each tool (hybrid), or TF-IDF alone (lexical)',
    hint: 'offline retrieval baseline (not an LLM), no key needed: hybrid = TF-IDF + word vectors, lexical = TF-IDF only',
    apiKey: 'none',
    requiresBaseUrl: false,
    modelHints: LOCAL_MODELS,
    validateModel: validateLocalModel,
    // Deterministic: its "self-assessment" re-ranks, it holds no conversation and writes no text;
    // no sampling, no network, no prompt, so temperature, retries, base URL and system prompt mean nothing to it.
    capabilities: {
      tools: true,
      multiTurn: false,
      textCompletion: false,
      embeddings: false,
      temperature: false,
      deterministic: true,
      unusedSettings: ['baseUrl', 'systemPrompt', 'temperature', 'maxRetries'],
    },
  },
]);

export type ProviderCatalog = readonly [ProviderRow, ...ProviderRow[]];
export type ProviderId = (typeof PROVIDER_CATALOG)[number]['id'];

/** The ids of a table as a non-empty tuple (what z.enum and drizzle's text enum take). */
export function providerIdsOf<const C extends ProviderCatalog>(catalog: C): readonly [C[number]['id'], ...C[number]['id'][]] {
  return catalog.map((row) => row.id) as [C[number]['id'], ...C[number]['id'][]];
}

export const PROVIDER_IDS = providerIdsOf(PROVIDER_CATALOG);

export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** Whether the provider has any use for a model setting (the launch form hides the ones it has none for). */
export function usesSetting(id: ProviderId, setting: UnusedSetting): boolean {
  return !(providerRow(id).capabilities.unusedSettings ?? []).includes(setting);
}

export function providerRow(id: ProviderId): ProviderRow {
  const row: ProviderRow | undefined = PROVIDER_CATALOG.find((r) => r.id === id);
  if (!row) throw new Error(`Unknown provider '${id}'. Known providers: ${PROVIDER_IDS.join(', ')}`);
  return row;
}

/** The CHECK of model_settings.provider (db/schema.ts): the column must hold an id of the table. */
export function providerCheckList(catalog: ProviderCatalog): string {
  return catalog.map((row) => `'${row.id.replace(/'/g, "''")}'`).join(', ');
}

/** Every header a key may come in, generic first (API docs, README). */
export function keyHeadersOf(catalog: ProviderCatalog): string[] {
  return [GENERIC_KEY_HEADER, ...catalog.flatMap((r) => (r.keyHeader ? [r.keyHeader] : []))];
}

/** The providers as the API docs list them, e.g. "openai, openai-compatible (baseUrl required), local (no key)". */
export function describeProvidersForDocs(catalog: ProviderCatalog): string {
  return catalog
    .map((row) => {
      const notes = [row.requiresBaseUrl ? 'baseUrl required' : '', row.apiKey === 'none' ? 'no key' : row.apiKey === 'optional' ? 'key optional' : ''].filter(Boolean);
      return notes.length ? `${row.id} (${notes.join(', ')})` : row.id;
    })
    .join(', ');
}

export { LOCAL_MODELS, type LocalModel } from './local/models';
