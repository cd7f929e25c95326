/**
 * Lexical similarity of two tool descriptions, for recommendations: cheap, deterministic and
 * offline, unlike the embedding-based analysis of lib/similarity. It tells a tool designer
 * how much wording two descriptions share, which is what they can edit.
 */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
  both but by can could did do does doing down during each either else etc few for from further had has have having
  he her here hers him his how however i if in into is it its itself just may me might more most must my no nor not
  now of off on once only or other our ours out over own per same shall she should so some such than that the their
  theirs them then there these they this those through thus to too under until up upon us use used using very via was
  we were what when where whether which while who whom whose why will with within without would yet you your yours`.split(/\s+/),
);

/** Lowercase word tokens without stop words; camelCase and snake_case identifiers split into words. */
export function tokenizeWords(text: string): string[] {
  const words = text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w));
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of tokenizeWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

function norm(v: Map<string, number>): number {
  return Math.sqrt([...v.values()].reduce((sum, c) => sum + c * c, 0));
}

/** Cosine of the term-frequency vectors, 0..1 rounded to 2 decimals; 0 when either text has no words. */
export function measureTextSimilarity(a: string, b: string): number {
  const va = countTerms(a);
  const vb = countTerms(b);
  const denominator = norm(va) * norm(vb);
  if (denominator === 0) return 0;
  let dot = 0;
  for (const [term, count] of va) dot += count * (vb.get(term) ?? 0);
  return Math.round(Math.min(1, dot / denominator) * 100) / 100;
}

/** The words both texts use, most frequent (in both together) first, ties alphabetical. */
export function listSharedTerms(a: string, b: string, limit = 5): string[] {
  const va = countTerms(a);
  const vb = countTerms(b);
  return [...va.keys()]
    .filter((t) => vb.has(t))
    .sort((x, y) => (va.get(y) ?? 0) + (vb.get(y) ?? 0) - ((va.get(x) ?? 0) + (vb.get(x) ?? 0)) || x.localeCompare(y))
    .slice(0, limit);
}
