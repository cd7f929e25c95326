import { dot, normalizeInPlace } from '@/lib/text/vector-math';
import { mixNameVector, nameText } from '@/lib/embeddings/tool-vectors';
import type { ExposedTool } from '../types';
import type { ScoredTool, ToolScorer } from './scorer';
import { scoreTfIdf } from './tfidf';

/** What the hybrid router needs from the embedding layer: one offline model. */
export type QueryEmbedder = { embed(texts: string[]): Promise<Float32Array[]> };

/**
 * Share of the embedding cosine in the hybrid score; the rest is the TF-IDF cosine. Measured
 * with the wink word vectors and the 0.12 threshold (F1 on the 30 seeded demo cases / on 24
 * held-out queries against the npm filesystem and memory servers): TF-IDF alone 80.0 / 60.0,
 * word vectors alone at best 57.1 / 50.0 (averaged vectors of a query like "Mark todo 2 as
 * done" rank too many tools alike), 0.2 85.1 / 64.5, 0.25 85.1 / 68.8, 0.3 83.3 / 64.5,
 * 0.5 72.7-75.0 / 50.0-56.3. Lexical overlap decides, the embedding breaks its ties and
 * catches synonyms ("remove" for delete, "folder" for directory) that share no word.
 * tests/local-router.test.ts keeps the held-out figure from slipping.
 */
export const EMBEDDING_SHARE = 0.25;

/**
 * Embedding vectors of tools, by the text they come from: a batch asks about the same tools
 * run after run, and the word vectors make a vector in microseconds, so a bounded in-memory
 * map is all the caching this needs (the SQLite cache is for the analysis' thousands of tools).
 */
const MAX_CACHED_TEXTS = 5_000;

/**
 * TF-IDF cosine plus EMBEDDING_SHARE x the cosine of the query and the tool's name +
 * description vector (the similarity analysis' tool vector, lib/embeddings/tool-vectors.ts).
 * `model` names the embedding model in the run's raw response; `load` is called on first use.
 */
export function createHybridScorer(model: string, load: () => Promise<QueryEmbedder>): ToolScorer {
  let embedder: Promise<QueryEmbedder> | null = null;
  const cache = new Map<string, Float32Array>();
  const getEmbedder = () => {
    embedder ??= load();
    // A failed load (missing package, disk full) is retried on the next run instead of sticking.
    embedder.catch(() => (embedder = null));
    return embedder;
  };

  async function vectors(embedding: QueryEmbedder, texts: string[]): Promise<Float32Array[]> {
    let missing = [...new Set(texts.filter((t) => !cache.has(t)))];
    if (missing.length) {
      // Clearing drops vectors this call also needs: make them all again (2,797 tools crashed here).
      if (cache.size + missing.length > MAX_CACHED_TEXTS) {
        cache.clear();
        missing = [...new Set(texts)];
      }
      const made = await embedding.embed(missing);
      missing.forEach((t, i) => cache.set(t, made[i]!));
    }
    return texts.map((t) => cache.get(t)!);
  }

  async function toolVectors(embedding: QueryEmbedder, tools: ExposedTool[]): Promise<Float32Array[]> {
    const n = tools.length;
    const made = await vectors(embedding, [...tools.map((t) => nameText({ name: t.exposedName })), ...tools.map((t) => t.description)]);
    return tools.map((_, i) => mixNameVector(made[i]!, made[n + i]!));
  }

  return {
    id: `hybrid: ${1 - EMBEDDING_SHARE} x tfidf-cosine + ${EMBEDDING_SHARE} x ${model} cosine`,
    async score(query: string, tools: ExposedTool[]): Promise<ScoredTool[]> {
      const embedding = await getEmbedder();
      // Unit length, as the tool vectors are, so the cosine stays within [-1, 1] whatever the model returns.
      const queryVector = normalizeInPlace((await embedding.embed([query]))[0]!);
      const toolVecs = await toolVectors(embedding, tools);
      const semantic = new Map(tools.map((t, i) => [t.exposedName, Math.max(0, dot(queryVector, toolVecs[i]!))]));
      const scored = scoreTfIdf(query, tools).map((s) => ({ name: s.name, score: (1 - EMBEDDING_SHARE) * s.score + EMBEDDING_SHARE * (semantic.get(s.name) ?? 0) }));
      // Stable sort, as in TF-IDF: equal scores keep the snapshot order.
      return scored.sort((a, b) => b.score - a.score);
    },
    async warmUp() {
      await getEmbedder();
    },
  };
}
