import { describe, expect, it } from 'vitest';
import { createYielder } from '@/lib/event-loop';
import { seededRandom } from '@/lib/seeded-random';
import { round4 } from './score-scale';
import { sortFlagged, type IndexedPair } from './flagged-pairs';

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
  });
});
