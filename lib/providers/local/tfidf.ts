import type { ExposedTool } from '../types';
import type { ScoredTool, ToolScorer } from './scorer';
import { tokenize } from './tokenize';
import { buildToolDocument } from './tool-document';

type Vector = Map<string, number>;

function countTerms(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * Smoothed IDF (as in scikit-learn): ln((N + 1) / (df + 1)) + 1. A term in every tool still
 * weighs 1; a query word found in no tool gets the largest weight, so unrelated words in the
 * query lower its similarity to every tool instead of being ignored.
 */
export function idfOf(df: number, documents: number): number {
  return Math.log((documents + 1) / (df + 1)) + 1;
}

/** Sublinear term frequency keeps a repeated word from dominating. */
export function termWeight(tf: number, idf: number): number {
  return (1 + Math.log(tf)) * idf;
}

function weigh(counts: ReadonlyMap<string, number>, idf: (term: string) => number): Vector {
  const vector: Vector = new Map();
  for (const [term, tf] of counts) vector.set(term, termWeight(tf, idf(term)));
  return vector;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [term, w] of a) dot += w * (b.get(term) ?? 0);
  if (dot === 0) return 0;
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
  return dot / (norm(a) * norm(b));
}

/**
 * Term counts of tool documents, by document text: a batch scores the same tools run after
 * run, and tokenizing them was most of a run's CPU time (1,000 tools: ~15 ms per call).
 * The maps are shared, so never mutated.
 */
const MAX_CACHED_DOCUMENTS = 10_000;
const documentTerms = new Map<string, ReadonlyMap<string, number>>();

function termsOf(tool: ExposedTool): ReadonlyMap<string, number> {
  const document = buildToolDocument(tool);
  let terms = documentTerms.get(document);
  if (!terms) {
    if (documentTerms.size >= MAX_CACHED_DOCUMENTS) documentTerms.clear();
    terms = countTerms(tokenize(document));
    documentTerms.set(document, terms);
  }
  return terms;
}

/** Lexical TF-IDF cosine between the query and each tool's name, description and parameters. */
export function scoreTfIdf(query: string, tools: ExposedTool[]): ScoredTool[] {
  const docs = tools.map(termsOf);
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => idfOf(df.get(term) ?? 0, docs.length);
  const queryVector = weigh(countTerms(tokenize(query)), idf);
  const scored = tools.map((tool, i) => ({
    name: tool.exposedName,
    score: cosine(queryVector, weigh(docs[i] ?? new Map<string, number>(), idf)),
  }));
  // Stable sort: equal scores keep the snapshot order, so results are deterministic.
  return scored.sort((a, b) => b.score - a.score);
}

export const tfIdfScorer: ToolScorer = {
  id: 'tfidf-cosine',
  score: async (query, tools) => scoreTfIdf(query, tools),
};
