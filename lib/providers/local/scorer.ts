import type { ExposedTool } from '../types';

export type ScoredTool = { name: string; score: number };

/**
 * Ranks tools against a query; higher is closer, 0 is unrelated. The local provider only
 * depends on this, so an embedding-based scorer can replace the lexical one without other
 * changes (hence async, although TF-IDF is synchronous).
 */
export interface ToolScorer {
  /** Names the method in the run's raw response, e.g. "tfidf-cosine". */
  readonly id: string;
  /** All tools, best first; ties keep the input order. */
  score(query: string, tools: ExposedTool[]): Promise<ScoredTool[]>;
  /** Loads what scoring needs (a model) ahead of the first query. */
  warmUp?(): Promise<void>;
}
