import { describe, expect, it } from 'vitest';
import { createYielder } from '@/lib/event-loop';
import { seededRandom } from '@/lib/seeded-random';
import { round4 } from './score-scale';
import { sortFlagged, type IndexedPair } from './flagged-pairs';
import { ChunkedPairs, concatPairs } from './vector';

describe('sortFlagged', () => {
  it('keeps the pairs at or above the threshold, strongest first, ties by a then b, as an object sort does', async () => {
    const random = seededRandom(11);
    const n = 500;
    const length = 20_000;
    const a = new Int32Array(length);
    const b = new Int32Array(length);
    const values = new Float32Array(length);
    for (let p = 0; p < length; p++) {
      a[p] = Math.floor(random() * (n - 1));
      b[p] = a[p]! + 1 + Math.floor(random() * (n - 1 - a[p]!));
      // Coarse values: many ties at the fourth decimal.
      values[p] = Math.round(random() * 300) / 1000 + 0.7;
    }
    const score = (raw: number) => round4(raw);
    const expected: IndexedPair[] = [];
    for (let p = 0; p < length; p++) if (score(values[p]!) >= 0.85) expected.push({ a: a[p]!, b: b[p]!, similarity: score(values[p]!) });
    expected.sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);

    const sorted = await sortFlagged({ a, b, values, length }, n, score, 0.85, createYielder());
    expect(sorted.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(5000);
    expect([...sorted]).toEqual(expected);
    expect(sorted.slice(0, 3)).toEqual(expected.slice(0, 3));
    expect(sorted.slice(-2)).toEqual(expected.slice(-2));
    expect(sorted.map((p) => p.similarity)).toEqual(expected.map((p) => p.similarity));

    // The kernel's candidates come as chunks of unequal size (ChunkedPairs, per worker, in any
    // order): the same pairs in chunks, shuffled by chunk, sort to the same list.
    const chunks = new ChunkedPairs(3000);
    const other = new ChunkedPairs(700);
    for (let p = 0; p < length; p++) (p % 3 === 0 ? other : chunks).push(a[p]!, b[p]!, values[p]!);
    const lists = [...other.toLists(), ...chunks.toLists()].reverse();
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.reduce((s, l) => s + l.length, 0)).toBe(length);
    const fromChunks = await sortFlagged(lists, n, score, 0.85, createYielder());
    expect([...fromChunks]).toEqual(expected);
    expect([...fromChunks.slice(-5)]).toEqual(expected.slice(-5));
  });
});

describe('ChunkedPairs', () => {
  it('keeps every pair in push order across chunks, and concatPairs joins them as one list', () => {
    const pairs = new ChunkedPairs(10_000);
    for (let p = 0; p < 24_321; p++) pairs.push(p, p + 1, p / 8);
    const lists = pairs.toLists();
    // The first chunk starts at 4,096 and doubles up to 10,000 (copying), then whole chunks.
    expect(lists.map((l) => l.length)).toEqual([10_000, 10_000, 4321]);
    const joined = concatPairs(lists);
    expect(joined.length).toBe(24_321);
    expect([...joined.a]).toEqual(Array.from({ length: 24_321 }, (_, p) => p));
    expect([...joined.b]).toEqual(Array.from({ length: 24_321 }, (_, p) => p + 1));
    expect([...joined.values]).toEqual(Array.from({ length: 24_321 }, (_, p) => p / 8));
    expect(new ChunkedPairs().toLists()).toEqual([]);
    expect(concatPairs([]).length).toBe(0);
  });
});
