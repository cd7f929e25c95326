import 'server-only';
import { createHash } from 'node:crypto';
import { findCachedEmbeddings, saveCachedEmbeddings } from '@/db/queries/embedding-cache';
import { createYielder } from '@/lib/event-loop';
import type { EmbeddingProvider, EmbedOptions } from './types';

/**
 * The cache key of a provider's vectors: its model name, plus the provider's `revision` when it
 * has one (the word vectors' weighting, the transformer's weight precision), so changing how a
 * model embeds never serves vectors made the old way.
 */
export function cacheModelKey(provider: EmbeddingProvider): string {
  const revision = 'revision' in provider && typeof provider.revision === 'string' ? provider.revision : '';
  return revision ? `${provider.model}@${revision}` : provider.model;
}

export const hashText = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export type CacheStats = { hits: number; misses: number };

/** Texts per lookup or store: the lookups' own chunk size, a few ms of work. */
const CHUNK = 500;

/**
 * Vectors for `texts` in input order: cached ones from SQLite, the rest embedded (each distinct
 * text once) and stored in one transaction. Vectors are normalised by the providers before
 * they are stored, so nothing downstream normalises again. Repeated texts share one array:
 * treat the vectors as read-only.
 */
export async function embedWithCache(
  provider: EmbeddingProvider,
  texts: readonly string[],
  options: EmbedOptions & { onStats?: (stats: CacheStats) => void } = {},
): Promise<Float32Array[]> {
  const { onStats, ...embedOptions } = options;
  const model = cacheModelKey(provider);
  // Thousands of texts: hashing, lookups and stores go in chunks with event-loop turns between.
  const pause = createYielder();
  const hashes: string[] = [];
  for (const text of texts) {
    hashes.push(hashText(text));
    if (hashes.length % CHUNK === 0) await pause();
  }
  const unique = [...new Set(hashes)];
  const vectors = new Map<string, Float32Array>();
  for (let start = 0; start < unique.length; start += CHUNK) {
    for (const [hash, vector] of await findCachedEmbeddings(model, unique.slice(start, start + CHUNK))) vectors.set(hash, vector);
    await pause();
  }
  // A row of another size (the model changed under the same name) counts as a miss and is replaced.
  for (const [hash, vector] of vectors) if (vector.length !== provider.dimensions) vectors.delete(hash);

  const missing = unique.filter((hash) => !vectors.has(hash));
  onStats?.({ hits: unique.length - missing.length, misses: missing.length });
  if (missing.length > 0) {
    const textOf = new Map(hashes.map((hash, i) => [hash, texts[i]!]));
    const embedded = await provider.embed(missing.map((hash) => textOf.get(hash)!), embedOptions);
    if (embedded.length !== missing.length) throw new Error(`${provider.model} returned ${embedded.length} vectors for ${missing.length} texts`);
    const entries = missing.map((textHash, i) => ({ textHash, vector: embedded[i]! }));
    for (let start = 0; start < entries.length; start += CHUNK) {
      await saveCachedEmbeddings(model, entries.slice(start, start + CHUNK));
      await pause();
    }
    for (const { textHash, vector } of entries) vectors.set(textHash, vector);
  }
  return hashes.map((hash) => vectors.get(hash)!);
}
