import { describe, expect, it } from 'vitest';
import { denseCosine, forEachUpperBlock, matrixScores, normalizeRows, packVectors, scanNeighbours, symmetricMatrix } from './vector';

/** A seeded generator, so failures reproduce. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomVectors(n: number, d: number, seed = 1): Float32Array[] {
  const next = random(seed);
  return Array.from({ length: n }, () => Float32Array.from({ length: d }, () => next() * 2 - 1));
}

function naiveCosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

describe('dense cosine', () => {
  // 37 dimensions: not a multiple of the 4-way unrolling; 300 items: several column tiles.
  const vectors = randomVectors(300, 37);
  vectors[5] = new Float32Array(37); // a text with no known word
  const scores = denseCosine(normalizeRows(packVectors(vectors)));

  it.each([1, 7, 64, 512])('matches the naive cosine with blocks of %i rows', (blockRows) => {
    let checked = 0;
    let worst = 0;
    forEachUpperBlock(
      scores,
      (rowStart, rowEnd, block) => {
        for (let i = rowStart; i < rowEnd; i++) {
          for (let j = i + 1; j < 300; j++) {
            worst = Math.max(worst, Math.abs(block[(i - rowStart) * 300 + j]! - naiveCosine(vectors[i]!, vectors[j]!)));
            checked++;
          }
        }
      },
      blockRows,
    );
    expect(checked).toBe((300 * 299) / 2);
    expect(worst).toBeLessThan(1e-5);
  });

  it('builds a symmetric matrix with a unit diagonal, and single pairs agree with it', () => {
    const m = symmetricMatrix(scores);
    for (let i = 0; i < 300; i += 13) {
      expect(m[i * 300 + i]).toBe(1);
      for (let j = 0; j < 300; j += 7) {
        expect(m[i * 300 + j]).toBe(m[j * 300 + i]);
        if (i !== j) expect(m[i * 300 + j]).toBeCloseTo(scores.pair(i, j), 6);
      }
    }
    expect(scores.pair(5, 9)).toBe(0);
  });

  it('finds the same top-k neighbours and pairs over a cut as a brute-force search', () => {
    const m = symmetricMatrix(scores);
    for (const source of [scores, matrixScores(m, 300)]) {
      const { neighbours, candidates } = scanNeighbours(source, 4, 0.3);
      for (let i = 0; i < 300; i += 11) {
        const expected = Array.from({ length: 300 }, (_, j) => j)
          .filter((j) => j !== i)
          .sort((a, b) => m[i * 300 + b]! - m[i * 300 + a]!)
          .slice(0, 4)
          .map((j) => m[i * 300 + j]!);
        const got = Array.from(neighbours.values.subarray(i * 4, i * 4 + 4));
        got.forEach((v, r) => expect(v).toBeCloseTo(expected[r]!, 6));
      }
      let over = 0;
      for (let i = 0; i < 300; i++) for (let j = i + 1; j < 300; j++) if (m[i * 300 + j]! >= 0.3) over++;
      expect(candidates.length).toBe(over);
    }
  });

  it('pads the neighbours of tiny inputs with -1', () => {
    const { neighbours } = scanNeighbours(denseCosine(packVectors(randomVectors(2, 3))), 5, 2);
    expect(neighbours.k).toBe(1);
    expect(Array.from(neighbours.indices)).toEqual([1, 0]);
  });
});
