import { countTerms } from './tfidf';
import { unicodeWords } from './tokenize';
import { termCosine } from './vector-math';

/**
 * Lexical similarity of two texts (tool descriptions, a model's reasoning and a description),
 * for recommendations: cheap, deterministic and offline, unlike the embedding-based analysis of
 * lib/similarity. It tells a tool designer how much wording two descriptions share, which is
 * what they can edit. Words of any script count (unicodeWords), unstemmed, as written.
 */

/** Cosine of the term-frequency vectors, 0..1 rounded to 2 decimals; 0 when either text has no words. */
export function measureTextSimilarity(a: string, b: string): number {
  const cosine = termCosine(countTerms(unicodeWords(a)), countTerms(unicodeWords(b)));
  return Math.round(Math.min(1, cosine) * 100) / 100;
}

/** The words both texts use, most frequent (in both together) first, ties alphabetical. */
export function listSharedTerms(a: string, b: string, limit = 5): string[] {
  const va = countTerms(unicodeWords(a));
  const vb = countTerms(unicodeWords(b));
  return [...va.keys()]
    .filter((t) => vb.has(t))
    .sort((x, y) => (va.get(y) ?? 0) + (vb.get(y) ?? 0) - ((va.get(x) ?? 0) + (vb.get(x) ?? 0)) || x.localeCompare(y))
    .slice(0, limit);
}
