import 'server-only';
import { embedWithCache } from '@/lib/embeddings/cache';
import { calibrate } from '@/lib/embeddings/calibration';
import { defaultEmbeddingModelRequest } from '../settings/embedding-model';
import { resolveEmbeddingModel } from '@/lib/embeddings/registry';
import type { Calibration, EmbeddingChoice, EmbeddingProvider, EmbedOptions } from '@/lib/embeddings/types';

/**
 * The three calls the analysis needs from the embedding layer, as one value so tests and
 * benchmarks can hand in their own (a deterministic provider, a counting cache).
 */
export type EmbeddingBackend = {
  resolve(requested: string | undefined, options: { apiKey?: string }): Promise<EmbeddingChoice>;
  embed(provider: EmbeddingProvider, texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  calibrate(raw: number, calibration: Calibration): number;
};

export const embeddingBackend: EmbeddingBackend = {
  // A request that names no model gets the default chosen in Settings (automatic unless set).
  resolve: async (requested, options) => resolveEmbeddingModel(requested ?? (await defaultEmbeddingModelRequest()), options),
  embed: embedWithCache,
  calibrate,
};
