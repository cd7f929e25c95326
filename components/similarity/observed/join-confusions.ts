import type { Confusion } from '@/components/data/types';
import type { SimilarityPair } from '../types';

/** A pair the runs confused (either direction) though the analysis did not flag it. */
export type MissedPair = { toolA: string; toolB: string; count: number; similarity: number | null };

export type ObservedConfusions = {
  /** Runs that confused a with b, in either direction (0 if never). */
  countOf(a: string, b: string): number;
  /** Confused pairs of analysed tools the analysis did not flag, most confused first. */
  missed: MissedPair[];
  /** Confused pairs with both tools in the analysis. */
  confusedPairs: number;
};

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * Joins the runs' confusions onto an analysis by tool id ("server/tool", the registered
 * server's name): only pairs of two analysed tools count. A missed pair shows the analysis'
 * own score when it lists the pair (every pair up to 200 tools), else the score of the
 * descriptions the runs saw.
 */
export function joinConfusions(confusions: Confusion[], toolIds: string[], pairOf: (a: string, b: string) => SimilarityPair | undefined): ObservedConfusions {
  const analysed = new Set(toolIds);
  const counts = new Map<string, { toolA: string; toolB: string; count: number; similarity: number | null }>();
  for (const c of confusions) {
    if (!c.expected || !c.selected) continue;
    const a = `${c.expected.server}/${c.expected.tool}`;
    const b = `${c.selected.server}/${c.selected.tool}`;
    if (!analysed.has(a) || !analysed.has(b)) continue;
    const k = key(a, b);
    const found = counts.get(k) ?? { toolA: a < b ? a : b, toolB: a < b ? b : a, count: 0, similarity: c.similarity };
    found.count += c.count;
    counts.set(k, found);
  }
  const missed: MissedPair[] = [];
  for (const entry of counts.values()) {
    const pair = pairOf(entry.toolA, entry.toolB);
    if (pair?.flagged) continue;
    missed.push({ ...entry, similarity: pair ? pair.similarity : entry.similarity });
  }
  missed.sort((x, y) => y.count - x.count || (x.toolA < y.toolA ? -1 : x.toolA > y.toolA ? 1 : x.toolB < y.toolB ? -1 : 1));
  return { countOf: (a, b) => counts.get(key(a, b))?.count ?? 0, missed, confusedPairs: counts.size };
}
