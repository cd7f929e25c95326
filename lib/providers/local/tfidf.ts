import { countTerms, idfOf, weighTerms } from '@/lib/text/tfidf';
import { tokenize } from '@/lib/text/tokenize';
import { termCosine } from '@/lib/text/vector-math';
import type { ExposedTool } from '../types';
import type { ScoredTool, ToolScorer } from './scorer';
import { buildToolDocument } from './tool-document';

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
  const queryVector = weighTerms(countTerms(tokenize(query)), idf);
  const scored = tools.map((tool, i) => ({
    name: tool.exposedName,
    score: termCosine(queryVector, weighTerms(docs[i] ?? new Map<string, number>(), idf)),
  }));
  // Stable sort: equal scores keep the snapshot order, so results are deterministic.
  return scored.sort((a, b) => b.score - a.score);
}

export const tfIdfScorer: ToolScorer = {
  id: 'tfidf-cosine',
  score: async (query, tools) => scoreTfIdf(query, tools),
};
