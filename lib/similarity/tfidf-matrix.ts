import { tfIdfVectors } from '@/lib/text/tfidf';
import { sparseDot, type SparseVector } from '@/lib/text/vector-math';
import type { PairScores } from './vector';

/**
 * TF-IDF cosine between every pair of texts, for the description_overlap method and the
 * description dimension of the overlap matrix. The vectors are lib/text/tfidf.ts's, as the
 * local provider's are (tests pin the scores to scoreTfIdf's). That provider scores one query
 * against all tools; n queries would redo the IDF n times, so here the documents become sparse
 * unit vectors with an inverted index and a block of rows is scored at once.
 */

export type TfIdfIndex = {
  vectors: SparseVector[];
  /** Per term: the documents containing it (ascending) and the term's weight in each. */
  postings: { docs: Int32Array; weights: Float32Array }[];
  /** term id -> stem, for explaining overlaps. */
  terms: string[];
};

export function buildTfIdfIndex(texts: readonly string[]): TfIdfIndex {
  const { vectors, terms } = tfIdfVectors(texts);
  const df = new Int32Array(terms.length);
  for (const v of vectors) for (let p = 0; p < v.terms.length; p++) df[v.terms[p]!]!++;

  const fill = new Int32Array(terms.length);
  const postings = Array.from(df, (n) => ({ docs: new Int32Array(n), weights: new Float32Array(n) }));
  vectors.forEach((v, doc) => {
    for (let p = 0; p < v.terms.length; p++) {
      const id = v.terms[p]!;
      const list = postings[id]!;
      list.docs[fill[id]!] = doc;
      list.weights[fill[id]!] = v.weights[p]!;
      fill[id]!++;
    }
  });
  return { vectors, postings, terms };
}

/** First position in an ascending list holding a value greater than `after`. */
function firstAfter(docs: Int32Array, after: number): number {
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function tfIdfScores(index: TfIdfIndex): PairScores {
  const n = index.vectors.length;
  return {
    count: n,
    fillUpper(rowStart, rowEnd, out) {
      for (let i = rowStart; i < rowEnd; i++) {
        const offset = (i - rowStart) * n;
        out.fill(0, offset + i + 1, offset + n);
        const v = index.vectors[i]!;
        for (let p = 0; p < v.terms.length; p++) {
          const list = index.postings[v.terms[p]!]!;
          const w = v.weights[p]!;
          for (let q = firstAfter(list.docs, i); q < list.docs.length; q++) out[offset + list.docs[q]!]! += w * list.weights[q]!;
        }
      }
    },
    pair: (i, j) => sparseDot(index.vectors[i]!, index.vectors[j]!),
  };
}

/** Stems both documents share, heaviest (by the product of their weights) first. */
export function sharedTerms(index: TfIdfIndex, i: number, j: number, limit = 8): string[] {
  const a = index.vectors[i];
  const b = index.vectors[j];
  if (!a || !b) return [];
  const shared: [string, number][] = [];
  let q = 0;
  for (let p = 0; p < a.terms.length; p++) {
    while (q < b.terms.length && b.terms[q]! < a.terms[p]!) q++;
    if (b.terms[q] === a.terms[p]) shared.push([index.terms[a.terms[p]!] ?? '', a.weights[p]! * b.weights[q]!]);
  }
  return shared
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([t]) => t);
}

/** Stems of document i that document j lacks, heaviest first: what sets i apart. */
export function distinctTerms(index: TfIdfIndex, i: number, j: number, limit = 5): string[] {
  const a = index.vectors[i];
  const b = index.vectors[j];
  if (!a || !b) return [];
  const bTerms = new Set(b.terms);
  const own: [string, number][] = [];
  for (let p = 0; p < a.terms.length; p++) if (!bTerms.has(a.terms[p]!)) own.push([index.terms[a.terms[p]!] ?? '', a.weights[p]!]);
  return own
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([t]) => t);
}
