import { idfOf, termWeight } from '../providers/local/tfidf';
import { tokenize } from '../providers/local/tokenize';
import type { PairScores } from './vector';

/**
 * TF-IDF cosine between every pair of texts, for the description_overlap method and the
 * description dimension of the overlap matrix. It is the local provider's TF-IDF
 * (lib/providers/local/tfidf.ts): the same tokenizer, stop words and stemmer, sublinear
 * term frequency and smoothed IDF (tests pin the scores to scoreTfIdf's). That module scores
 * one query against all tools; n queries would redo the IDF n times, so here the documents
 * become sparse unit vectors with an inverted index and a block of rows is scored at once.
 */

type SparseVector = { terms: Int32Array; weights: Float32Array };

export type TfIdfIndex = {
  vectors: SparseVector[];
  /** Per term: the documents containing it (ascending) and the term's weight in each. */
  postings: { docs: Int32Array; weights: Float32Array }[];
  /** term id -> stem, for explaining overlaps. */
  terms: string[];
};

export function buildTfIdfIndex(texts: readonly string[]): TfIdfIndex {
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

function sparseDot(a: SparseVector, b: SparseVector): number {
  let p = 0;
  let q = 0;
  let sum = 0;
  while (p < a.terms.length && q < b.terms.length) {
    const ta = a.terms[p]!;
    const tb = b.terms[q]!;
    if (ta === tb) sum += a.weights[p++]! * b.weights[q++]!;
    else if (ta < tb) p++;
    else q++;
  }
  return sum;
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
