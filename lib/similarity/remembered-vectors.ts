import type { EmbeddingProvider, EmbedOptions } from '@/lib/embeddings/types';

/**
 * Text vectors of recent analyses kept in this process, in front of the embedding cache
 * (lib/embeddings/cache.ts): an analysis run again on the same tools (another threshold, one
 * description fixed) would otherwise hash every text and read it back from the database,
 * about 0.7 s of the request thread at 20,000 tools (40,000 texts) and 50-100 ms at 2,797.
 * Keyed by the model as the cache keys it (its name and revision) and the text itself; the
 * vectors are the cache's own, shared and read-only as it says. Bounded by texts, least
 * recently used out; a call with more texts than the bound goes straight to the cache (a
 * 100,000-tool analysis would only churn it, and its memory counts there).
 */
export const REMEMBERED_TEXTS = 60_000;

type Embed = (provider: EmbeddingProvider, texts: string[], options?: EmbedOptions) => Promise<Float32Array[]>;

export function rememberingEmbed(embed: Embed, modelKey: (provider: EmbeddingProvider) => string, capacity = REMEMBERED_TEXTS): { embed: Embed; forget(): void } {
  const remembered = new Map<string, Float32Array>();
  return {
    forget: () => remembered.clear(),
    embed: async (provider, texts, options) => {
      if (texts.length > capacity) return embed(provider, texts, options);
      const prefix = `${modelKey(provider)}\u0000`;
      const out = new Array<Float32Array | undefined>(texts.length);
      const missing: string[] = [];
      const missingAt: number[] = [];
      texts.forEach((text, i) => {
        const key = prefix + text;
        const vector = remembered.get(key);
        if (vector) {
          // Most recently used last: Map keeps insertion order.
          remembered.delete(key);
          remembered.set(key, vector);
          out[i] = vector;
        } else {
          missing.push(text);
          missingAt.push(i);
        }
      });
      if (missing.length > 0) {
        const vectors = await embed(provider, missing, options);
        vectors.forEach((vector, k) => {
          out[missingAt[k]!] = vector;
          remembered.set(prefix + missing[k]!, vector);
        });
        for (const oldest of remembered.keys()) {
          if (remembered.size <= capacity) break;
          remembered.delete(oldest);
        }
      }
      return out as Float32Array[];
    },
  };
}
