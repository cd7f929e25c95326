import 'server-only';
import { UpstreamError, ValidationError } from '@/lib/errors';
import { embedTexts } from '@/lib/providers/registry';
import { ProviderError, type ClientCache } from '@/lib/providers/types';
import type { EmbeddingProvider } from './types';
import { calibrationFor } from './calibration-data';
import { embedNonEmpty } from './empty-texts';
import { normalizeInPlace } from '@/lib/text/vector-math';

/** OpenAI's embedding models, with the size of the vectors each returns. */
export const OPENAI_EMBEDDING_MODELS = { 'text-embedding-3-small': 1536, 'text-embedding-3-large': 3072 } as const;
export type OpenAiEmbeddingModel = keyof typeof OPENAI_EMBEDDING_MODELS;

export const OPENAI_EMBEDDINGS_BASE_URL = 'https://api.openai.com/v1';
/** Inputs per request: well under the API's 2,048-input limit, and tool descriptions stay far below its token limit. */
export const OPENAI_EMBEDDING_BATCH_SIZE = 256;
/** Per attempt, and how many retries (the SDK honours Retry-After on 429). */
export type EmbeddingCallSettings = { timeoutMs: number; maxRetries: number; /** Accepted for the shape of a model's call settings; embeddings have none. */ temperature?: number };
const SETTINGS: EmbeddingCallSettings = { timeoutMs: 60_000, maxRetries: 2 };

export type OpenAiEmbeddingOptions = {
  model: OpenAiEmbeddingModel;
  /** A proxy, gateway or test server speaking the OpenAI API (ends in /v1). */
  baseUrl?: string;
  batchSize?: number;
  settings?: EmbeddingCallSettings;
};

/**
 * The key is given to each embed() call and lives only for that call: the provider object is
 * cached per process and shared by every analysis, so it must never hold one.
 */
export function createOpenAiEmbeddingProvider(options: OpenAiEmbeddingOptions): EmbeddingProvider {
  const { model } = options;
  const baseURL = options.baseUrl ?? OPENAI_EMBEDDINGS_BASE_URL;
  const batchSize = options.batchSize ?? OPENAI_EMBEDDING_BATCH_SIZE;
  const settings = options.settings ?? SETTINGS;
  const dimensions = OPENAI_EMBEDDING_MODELS[model];
  const label = baseURL === OPENAI_EMBEDDINGS_BASE_URL ? 'OpenAI embeddings' : `OpenAI-compatible embeddings at ${new URL(baseURL).host}`;

  return {
    model,
    kind: 'openai',
    dimensions,
    calibration: calibrationFor(model),
    async embed(texts, { apiKey, signal = new AbortController().signal } = {}) {
      if (!apiKey) throw new ValidationError(`${label} need an API key (send it in the request header)`, { model }, 'missing_api_key');
      // The OpenAI provider's embedding call (its row has capabilities.embeddings); one SDK client for this call's batches.
      const clients: ClientCache = new Map();
      const request = { model, apiKey, baseUrl: baseURL, label, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, signal, clients };
      return embedNonEmpty(texts, dimensions, async (nonEmpty) => {
        const out: Float32Array[] = [];
        for (let start = 0; start < nonEmpty.length; start += batchSize) {
          const input = nonEmpty.slice(start, start + batchSize);
          try {
            const data = await embedTexts('openai', { ...request, input });
            out.push(...readBatch(data, input.length, dimensions, label));
          } catch (err) {
            throw err instanceof ProviderError ? toUpstreamError(err, model) : err;
          }
        }
        return out;
      });
    },
  };
}

const CODE_OF: Record<ProviderError['kind'], string> = {
  auth: 'embedding_auth_failed',
  rate_limit: 'embedding_rate_limited',
  timeout: 'embedding_timeout',
  bad_response: 'embedding_bad_response',
  upstream: 'embedding_upstream_error',
  aborted: 'embedding_aborted',
};

/**
 * An analysis answers over HTTP, so the embedding service's failure must be a 502/503 with a
 * code (a ProviderError is the evaluation runner's data, and would be a 500 here). The message
 * is already scrubbed of the key by withProviderErrors.
 */
function toUpstreamError(err: ProviderError, model: string): UpstreamError {
  const unreachable = err.kind === 'upstream' && err.status === undefined;
  const code = unreachable ? 'embedding_unreachable' : CODE_OF[err.kind];
  return new UpstreamError(err.message, { model, kind: err.kind, ...(err.status ? { upstreamStatus: err.status } : {}) }, code, err.kind === 'rate_limit' ? 503 : 502);
}

type EmbeddingItem = { index: number; embedding: ArrayLike<number> };

function readBatch(data: readonly EmbeddingItem[] | undefined, expected: number, dimensions: number, label: string): Float32Array[] {
  const rows = new Array<Float32Array | undefined>(expected);
  for (const item of data ?? []) {
    if (item.index >= 0 && item.index < expected && item.embedding.length === dimensions) rows[item.index] = normalizeInPlace(Float32Array.from(item.embedding));
  }
  const missing = rows.findIndex((r) => r === undefined);
  if ((data?.length ?? 0) !== expected || missing >= 0) {
    throw new ProviderError(`${label} returned ${data?.length ?? 0} embeddings of the expected ${expected} (each ${dimensions} numbers)`, 'bad_response');
  }
  return rows as Float32Array[];
}
