import type { SimilarityParameter } from './types';

/**
 * The parameters dimension of the overlap matrix: how alike two tools' inputs are.
 *
 *   names = typed Jaccard over normalised parameter names: a name both tools use counts 1
 *           when the types agree (or one is unknown) and 0.5 when they differ, divided by
 *           the number of distinct names;
 *   text  = similarity of the parameter descriptions (the method's scale: calibrated
 *           embedding cosine, or TF-IDF for description_overlap);
 *   score = 0.5 * names + 0.5 * text.
 *
 * Names alone miss `query` vs `question`; descriptions alone miss `id` vs `id`. A pair in
 * which NEITHER tool has parameters gets null (no evidence either way: the overlap weights
 * renormalise over the other dimensions); when only one has parameters the score is 0.
 */

/** `topK`, `top_k` and `top-k` are the same parameter to a model. */
export function normalizeParameterName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const NAME_WEIGHT = 0.5;
const MISMATCHED_TYPE_CREDIT = 0.5;

export function parameterNameOverlap(a: readonly SimilarityParameter[], b: readonly SimilarityParameter[]): number {
  const typesA = new Map(a.map((p) => [normalizeParameterName(p.name), p.type]));
  const typesB = new Map(b.map((p) => [normalizeParameterName(p.name), p.type]));
  const union = new Set([...typesA.keys(), ...typesB.keys()]);
  if (union.size === 0) return 0;
  let shared = 0;
  for (const [name, typeA] of typesA) {
    if (!typesB.has(name)) continue;
    const typeB = typesB.get(name);
    shared += !typeA || !typeB || typeA === typeB ? 1 : MISMATCHED_TYPE_CREDIT;
  }
  return shared / union.size;
}

/** Shared normalised names, in the first tool's order (for recommendations). */
export function sharedParameterNames(a: readonly SimilarityParameter[], b: readonly SimilarityParameter[]): string[] {
  const inB = new Set(b.map((p) => normalizeParameterName(p.name)));
  return a.filter((p) => inB.has(normalizeParameterName(p.name))).map((p) => p.name);
}

/** `textSimilarity` is null when the parameter texts could not be compared (then names alone decide). */
export function parameterScore(a: readonly SimilarityParameter[], b: readonly SimilarityParameter[], textSimilarity: number | null): number | null {
  if (a.length === 0 && b.length === 0) return null;
  if (a.length === 0 || b.length === 0) return 0;
  const names = parameterNameOverlap(a, b);
  if (textSimilarity === null) return names;
  return NAME_WEIGHT * names + (1 - NAME_WEIGHT) * textSimilarity;
}
