import type { SimilarityPair } from '../types';

export type PairOf = (a: string, b: string) => SimilarityPair | undefined;

/** Pairs of the analysis by their two tool ids, in either order. */
export function pairIndex(pairs: SimilarityPair[]): PairOf {
  const map = new Map<string, SimilarityPair>();
  for (const p of pairs) {
    map.set(`${p.toolA}\u0000${p.toolB}`, p);
    map.set(`${p.toolB}\u0000${p.toolA}`, p);
  }
  return (a, b) => map.get(`${a}\u0000${b}`);
}
