import { tokenize } from './tokenize';
import type { SparseVector, TermVector } from './vector-math';

/**
 * TF-IDF as both the local provider (one query against every tool) and the similarity analysis
 * (every description against every other) weigh terms: the stems of tokenize(), sublinear term
 * frequency and smoothed IDF. Keeping it here is what keeps the two scores the same.
 */

/** How often each term occurs, in first-seen order. */
export function countTerms(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * Smoothed IDF (as in scikit-learn): ln((N + 1) / (df + 1)) + 1. A term in every document still
 * weighs 1; a query word found in no document gets the largest weight, so unrelated words in the
 * query lower its similarity to every document instead of being ignored.
 */
export function idfOf(df: number, documents: number): number {
  return Math.log((documents + 1) / (df + 1)) + 1;
}

/** Sublinear term frequency keeps a repeated word from dominating. */
export function termWeight(tf: number, idf: number): number {
  return (1 + Math.log(tf)) * idf;
}

/** Term counts turned into TF-IDF weights. */
export function weighTerms(counts: TermVector, idf: (term: string) => number): Map<string, number> {
  const vector = new Map<string, number>();
  for (const [term, tf] of counts) vector.set(term, termWeight(tf, idf(term)));
  return vector;
}

/** Unit-length TF-IDF vectors of a corpus over numbered terms; `terms[id]` is the stem of term `id`. */
export type TfIdfVectors = { vectors: SparseVector[]; terms: string[] };

/** Every text of the corpus as a unit-length sparse TF-IDF vector (an empty text stays the zero vector). */
export function tfIdfVectors(texts: readonly string[]): TfIdfVectors {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const counts = texts.map((text) => {
    const c = new Map<number, number>();
    for (const token of tokenize(text)) {
      let id = termIds.get(token);
      if (id === undefined) {
        id = terms.length;
        termIds.set(token, id);
        terms.push(token);
      }
      c.set(id, (c.get(id) ?? 0) + 1);
    }
    return c;
  });
  const df = new Int32Array(terms.length);
  for (const c of counts) for (const id of c.keys()) df[id]!++;

  const vectors = counts.map((c): SparseVector => {
    const ids = [...c.keys()].sort((a, b) => a - b);
    const weights = new Float32Array(ids.length);
    let norm = 0;
    ids.forEach((id, p) => {
      const w = termWeight(c.get(id) ?? 1, idfOf(df[id]!, texts.length));
      weights[p] = w;
      norm += w * w;
    });
    if (norm > 0) for (let p = 0; p < weights.length; p++) weights[p]! /= Math.sqrt(norm);
    return { terms: Int32Array.from(ids), weights };
  });
  return { vectors, terms };
}
