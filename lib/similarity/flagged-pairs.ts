import type { Yielder } from '@/lib/event-loop';
import type { PairList } from './vector';

/** A pair by tool index, with its reported similarity; what the overlap and recommendations work on. */
export type IndexedPair = { a: number; b: number; similarity: number };

/**
 * Every flagged pair, strongest first (similarity descending, then a, then b). An array
 * satisfies it; large analyses keep it in typed arrays (10 bytes a pair) and make pair
 * objects only for what is read, since 100,000 tools can flag millions of pairs.
 */
export type FlaggedList = {
  readonly length: number;
  slice(start?: number, end?: number): IndexedPair[];
  map<T>(fn: (pair: IndexedPair, index: number) => T): T[];
  [Symbol.iterator](): Iterator<IndexedPair>;
};

const STEPS = 10_000;

class SortedFlagged implements FlaggedList {
  constructor(
    private readonly keys: Float64Array,
    private readonly scores: Uint16Array,
    private readonly count: number,
  ) {}

  get length(): number {
    return this.keys.length;
  }

  private at(i: number): IndexedPair {
    const key = this.keys[i]!;
    const a = Math.floor(key / this.count);
    return { a, b: key - a * this.count, similarity: this.scores[i]! / STEPS };
  }

  slice(start = 0, end = this.length): IndexedPair[] {
    const from = Math.max(0, Math.min(this.length, start < 0 ? this.length + start : start));
    const to = Math.max(from, Math.min(this.length, end < 0 ? this.length + end : end));
    const out: IndexedPair[] = [];
    for (let i = from; i < to; i++) out.push(this.at(i));
    return out;
  }

  map<T>(fn: (pair: IndexedPair, index: number) => T): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.keys.length; i++) out.push(fn(this.at(i), i));
    return out;
  }

  *[Symbol.iterator](): Iterator<IndexedPair> {
    for (let i = 0; i < this.keys.length; i++) yield this.at(i);
  }
}

/**
 * The candidates whose reported score (`score`, rounded to 4 decimals) reaches `threshold`,
 * in strength order: a counting sort on the 10,001 possible scores, then each score's pairs by
 * index (a x n + b), one score at a time with `pause` between, so millions of pairs never hold
 * the event loop in one piece.
 */
export async function sortFlagged(
  candidates: PairList | readonly PairList[],
  count: number,
  score: (raw: number) => number,
  threshold: number,
  pause: Yielder,
): Promise<FlaggedList> {
  // The kernel's candidates come in chunks (read in place: no merged copy); one list is one chunk.
  const lists = Array.isArray(candidates) ? (candidates as readonly PairList[]) : [candidates as PairList];
  // Per candidate, its score step + 1 (0: not flagged), one array per chunk.
  const marks = lists.map((l) => new Uint16Array(l.length));
  const perStep = new Float64Array(STEPS + 1);
  let flagged = 0;
  for (let c = 0; c < lists.length; c++) {
    const list = lists[c]!;
    const steps = marks[c]!;
    for (let p = 0; p < list.length; p++) {
      const similarity = score(list.values[p]!);
      if (similarity >= threshold) {
        const step = Math.round(similarity * STEPS);
        steps[p] = step + 1;
        perStep[step]!++;
        flagged++;
      }
      if ((p & 4095) === 0) await pause();
    }
  }
  // Strongest first: offsets run from the top score down.
  const offset = new Float64Array(STEPS + 2);
  for (let step = STEPS, at = 0; step >= 0; step--) {
    offset[step] = at;
    at += perStep[step]!;
  }
  const keys = new Float64Array(flagged);
  const scores = new Uint16Array(flagged);
  const fill = Float64Array.from(offset);
  for (let c = 0; c < lists.length; c++) {
    const list = lists[c]!;
    const steps = marks[c]!;
    for (let p = 0; p < list.length; p++) {
      const marked = steps[p]!;
      if (marked === 0) continue;
      const step = marked - 1;
      const at = fill[step]!++;
      keys[at] = list.a[p]! * count + list.b[p]!;
      scores[at] = step;
      if ((p & 4095) === 0) await pause();
    }
  }
  for (let step = STEPS; step >= 0; step--) {
    if (perStep[step]! > 1) keys.subarray(offset[step]!, offset[step]! + perStep[step]!).sort();
    await pause();
  }
  return new SortedFlagged(keys, scores, count);
}
