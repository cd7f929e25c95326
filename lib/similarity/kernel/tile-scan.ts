import { ChunkedPairs, type Neighbours, type PairList } from '../vector';

/**
 * The workers' scan: top-k neighbours of every item and the pairs at or above `cut`, fed one
 * tile of the upper triangle at a time (rows r0..r1 against columns c0..c1), so that scores
 * are read while they are still in cache.
 *
 * Order-free: a list keeps the k best by (score descending, index ascending), which is what
 * one scan in index order keeps (a later equal score never displaces an earlier one), so the
 * tiles may come in any order and the workers' parts merge into the same result (merge.ts).
 *
 * Most pairs can change nothing: per item, `low` is the lower of its k-th best score so far and
 * the cut, kept up to date as lists change. A pair under both of its items' `low` costs two
 * loads and two comparisons.
 */
export type TileScanner = {
  /** Element (i, j) of the tile is tile[base + (i - r0) * stride + j]; only j > i is read. */
  visit(r0: number, r1: number, c0: number, c1: number, tile: Float32Array, stride: number, base: number): void;
  /**
   * With a bound: per item, the highest raw score that no action adjustment lifts into anything
   * the scan keeps (skip-bound.ts), for actionAdjustedScores' skipAtOrBelow. Rises with the lists.
   */
  readonly skip: Float32Array;
  /** The same for the object term alone (objectBound): at or above `skip`, since that term lifts less. */
  readonly skipObjects: Float32Array;
  /** The candidates in chunks (ChunkedPairs), in scan order. */
  finish(): { neighbours: Neighbours; candidates: PairList[] };
};

/** `bound` and `objectBound` (skip-bound.ts) maintain `skip` and `skipObjects`; without one its array stays -Infinity (nothing is skipped). */
export function tileScanner(
  n: number,
  k: number,
  cut: number,
  bound: ((keep: number) => number) | null = null,
  objectBound: ((keep: number) => number) | null = null,
): TileScanner {
  const kk = Math.max(1, Math.min(k, n - 1));
  const indices = new Int32Array(n * kk).fill(-1);
  const values = new Float32Array(n * kk).fill(-Infinity);
  // The k-th best kept score per item (-Infinity until its list holds k); only ever rises.
  const floor = new Float32Array(n).fill(-Infinity);
  const low = new Float32Array(n).fill(-Infinity);
  const skip = new Float32Array(n).fill(-Infinity);
  const skipObjects = new Float32Array(n).fill(-Infinity);
  const candidates = new ChunkedPairs();
  let hits = new Int32Array(0);
  // The adjustment's bound is taken just under the cut (a pair exactly at it is kept).
  const belowCut = cut - 1e-7;

  /** Puts (col, value) into row's list if it ranks among the k best by (value desc, index asc). */
  const offer = (row: number, col: number, value: number) => {
    const base = row * kk;
    const last = base + kk - 1;
    if (value < values[last]! || (value === values[last]! && col > indices[last]!)) return;
    let pos = last;
    while (pos > base && (values[pos - 1]! < value || (values[pos - 1] === value && indices[pos - 1]! > col))) {
      values[pos] = values[pos - 1]!;
      indices[pos] = indices[pos - 1]!;
      pos--;
    }
    values[pos] = value;
    indices[pos] = col;
    const kth = values[last]!;
    if (kth !== floor[row]) {
      floor[row] = kth;
      low[row] = Math.min(kth, cut);
      if (bound) skip[row] = bound(Math.min(kth, belowCut));
      if (objectBound) skipObjects[row] = objectBound(Math.min(kth, belowCut));
    }
  };

  return {
    skip,
    skipObjects,
    visit(r0, r1, c0, c1, tile, stride, base) {
      if (hits.length < c1 - c0) hits = new Int32Array(c1 - c0);
      const lows = low;
      const found = hits;
      for (let i = r0; i < r1; i++) {
        const o = base + (i - r0) * stride;
        // Two passes: a tight loop that only notes the columns worth a look (about 1 in 200),
        // then the offers; one loop doing both runs at half the speed.
        const rowLow = lows[i]!;
        let count = 0;
        for (let j = Math.max(c0, i + 1); j < c1; j++) {
          const value = tile[o + j]!;
          if (value < rowLow && value < lows[j]!) continue;
          found[count++] = j;
        }
        for (let h = 0; h < count; h++) {
          const j = found[h]!;
          const value = tile[o + j]!;
          if (value >= floor[i]!) offer(i, j, value);
          if (value >= floor[j]!) offer(j, i, value);
          if (value >= cut) candidates.push(i, j, value);
        }
      }
    },
    finish() {
      for (let p = 0; p < values.length; p++) if (indices[p] === -1) values[p] = 0;
      return { neighbours: { k: kk, indices, values }, candidates: candidates.toLists() };
    },
  };
}
