import 'server-only';
import { openOpenAiClient } from '../openai-chat/client';
import { reuseClient } from '../shared/client-cache';
import { withProviderErrors } from '../shared/provider-errors';
import type { EmbeddingItem, EmbeddingRequest } from '../types';
import { OPENAI_BASE_URL } from './base-url';

/**
 * One embeddings request through the OpenAI SDK, its failure a scrubbed ProviderError. Without
 * encoding_format the SDK asks for base64 and decodes it: a quarter of the bytes of JSON floats.
 */
export async function embedWithOpenAi(req: EmbeddingRequest): Promise<EmbeddingItem[]> {
  const settings = { timeoutMs: req.timeoutMs, maxRetries: req.maxRetries, temperature: 0 };
  const endpoint = { baseURL: req.baseUrl ?? OPENAI_BASE_URL, apiKey: req.apiKey };
  const { client, errors } = await reuseClient(req.clients, { kind: 'openai', ...endpoint, settings }, () => openOpenAiClient(endpoint, settings));
  const ctx = { label: req.label, sdk: errors, settings, signal: req.signal, apiKey: req.apiKey };
  const response = await withProviderErrors(ctx, () => client.embeddings.create({ model: req.model, input: req.input }, { signal: req.signal }));
  return response.data;
}
