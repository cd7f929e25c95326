import 'server-only';
import { cacheModelKey, embedWithCache } from '@/lib/embeddings/cache';
import { calibrate } from '@/lib/embeddings/calibration';
import { defaultEmbeddingModelRequest } from '../settings/embedding-model';
import { resolveEmbeddingModel } from '@/lib/embeddings/registry';
import type { Calibration, EmbeddingChoice, EmbeddingProvider, EmbedOptions } from '@/lib/embeddings/types';
import { rememberingEmbed } from './remembered-vectors';

/**
 * The three calls the analysis needs from the embedding layer, as one value so tests and
 * benchmarks can hand in their own (a deterministic provider, a counting cache).
 */
export type EmbeddingBackend = {
  resolve(requested: string | undefined, options: { apiKey?: string }): Promise<EmbeddingChoice>;
  embed(provider: EmbeddingProvider, texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  calibrate(raw: number, calibration: Calibration): number;
};

// Vectors of recent analyses stay in this process, in front of the database cache (remembered-vectors.ts).
const remembering = rememberingEmbed(embedWithCache, cacheModelKey);

/** Forgets the vectors kept in this process (a benchmark's cold run after emptying the database cache). */
export const forgetRememberedVectors = (): void => remembering.forget();

export const embeddingBackend: EmbeddingBackend = {
  // A request that names no model gets the default chosen in Settings (automatic unless set).
  resolve: async (requested, options) => resolveEmbeddingModel(requested ?? (await defaultEmbeddingModelRequest()), options),
  embed: remembering.embed,
  calibrate,
};
