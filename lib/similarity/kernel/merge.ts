import { createYielder } from '@/lib/event-loop';
import type { Neighbours, PairList } from '../vector';
import type { KernelPartial } from './protocol';

/**
 * The workers' parts as one result. Each worker kept the k best of the pairs it scanned,
 * best first, ties to the lower index (the order in which one scan offers a row its
 * columns); merging by the same order gives the k best of all pairs, as one scan would.
 */
export async function mergeNeighbours(n: number, parts: readonly KernelPartial[]): Promise<{ neighbours: Neighbours; candidates: PairList[] }> {
  // On the request thread: 100,000 rows and millions of candidates yield every few ms.
  const pause = createYielder();
  const k = parts[0]?.k ?? 1;
  const indices = new Int32Array(n * k).fill(-1);
  const values = new Float32Array(n * k);
  const cursors = new Int32Array(parts.length);
  for (let row = 0; row < n; row++) {
    cursors.fill(0);
    for (let slot = 0; slot < k; slot++) {
      let best = -1;
      let bestValue = 0;
      let bestIndex = 0;
      for (let p = 0; p < parts.length; p++) {
        const c = cursors[p]!;
        if (c >= k) continue;
        const index = parts[p]!.indices[row * k + c]!;
        if (index < 0) continue;
        const value = parts[p]!.values[row * k + c]!;
        if (best < 0 || value > bestValue || (value === bestValue && index < bestIndex)) {
          best = p;
          bestValue = value;
          bestIndex = index;
        }
      }
      if (best < 0) break;
      cursors[best]!++;
      indices[row * k + slot] = bestIndex;
      values[row * k + slot] = bestValue;
    }
    if ((row & 4095) === 4095) await pause();
  }

  // The candidates stay in the workers' chunks, as transferred: a merged copy of 19.5M pairs
  // (234 MB at 100,000 tools) was most of the analysis's peak RSS.
  return { neighbours: { k, indices, values }, candidates: parts.flatMap((p) => p.candidates) };
}
