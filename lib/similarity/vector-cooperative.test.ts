import { describe, expect, it } from 'vitest';
import { createYielder } from '@/lib/event-loop';
import { tfIdfScores, buildTfIdfIndex } from './tfidf-matrix';
import {
  denseCosine,
  forEachUpperBlock,
  forEachUpperBlockCooperatively,
  normalizeRows,
  packVectors,
  scanNeighbours,
  scanNeighboursCooperatively,
  symmetricMatrix,
  symmetricMatrixCooperatively,
  type PairScores,
} from './vector';

function randomVectors(n: number, d: number, seed = 3): Float32Array[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () => Float32Array.from({ length: d }, () => next() * 2 - 1));
}

/** Every (i, j, score) a walk visits, in visit order, as raw float32 bits. */
function recordSync(scores: PairScores, blockRows: number): Uint32Array {
  const out: number[] = [];
  const n = scores.count;
  forEachUpperBlock(scores, (rowStart, rowEnd, block) => {
    for (let i = rowStart; i < rowEnd; i++) for (let j = i + 1; j < n; j++) out.push(i, j, block[(i - rowStart) * n + j]!);
  }, blockRows);
  return bits(out);
}

async function recordCooperative(scores: PairScores, blockRows: number): Promise<{ bits: Uint32Array; yields: number }> {
  const out: number[] = [];
  const n = scores.count;
  let yields = 0;
  const always = createYielder(0);
  const counting = Object.assign(async () => {
    yields++;
    await always();
  }, { due: () => true });
  await forEachUpperBlockCooperatively(scores, (rowStart, rowEnd, block) => {
    for (let i = rowStart; i < rowEnd; i++) for (let j = i + 1; j < n; j++) out.push(i, j, block[(i - rowStart) * n + j]!);
  }, counting, blockRows);
  return { bits: bits(out), yields };
}

function bits(values: number[]): Uint32Array {
  const f = new Float32Array(values);
  return new Uint32Array(f.buffer);
}

describe('cooperative pair walks give the same bits as one synchronous walk', () => {
  // 517 items: not a multiple of four; 37 dimensions: not a multiple of the unrolling.
  const dense = denseCosine(normalizeRows(packVectors(randomVectors(517, 37))));
  const words = ['alpha', 'beta', 'gamma', 'delta', 'search', 'file', 'read', 'write', 'list', 'todo'];
  const lexical = tfIdfScores(buildTfIdfIndex(Array.from({ length: 203 }, (_, i) => `${words[i % 10]} ${words[(i * 7) % 10]} ${words[(i * 3) % 10]} ${i % 4 === 0 ? 'rare' : ''}`)));

  // 37 and 250 rows per block: blocks that do not start at multiples of four rows (250 is also cut into slices).
  it.each([37, 250, 256])('dense cosine, blocks of %i rows', async (blockRows) => {
    const expected = recordSync(dense, blockRows);
    const { bits: actual, yields } = await recordCooperative(dense, blockRows);
    expect(actual.length).toBe((517 * 516) / 2 * 3);
    expect(Buffer.from(actual.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    expect(yields).toBeGreaterThan(1);
  });

  it('TF-IDF scores', async () => {
    const expected = recordSync(lexical, 50);
    const { bits: actual } = await recordCooperative(lexical, 50);
    expect(actual.length).toBe((203 * 202) / 2 * 3);
    expect(Buffer.from(actual.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
  });

  it('neighbours, candidates and the symmetric matrix', async () => {
    const sync = scanNeighbours(dense, 5, 0.2);
    const coop = await scanNeighboursCooperatively(dense, 5, 0.2, createYielder(0));
    expect(sync.candidates.length).toBeGreaterThan(100);
    expect(coop.candidates.length).toBe(sync.candidates.length);
    expect([...coop.candidates.a]).toEqual([...sync.candidates.a]);
    expect([...coop.candidates.b]).toEqual([...sync.candidates.b]);
    expect([...coop.candidates.values]).toEqual([...sync.candidates.values]);
    expect([...coop.neighbours.indices]).toEqual([...sync.neighbours.indices]);
    expect([...coop.neighbours.values]).toEqual([...sync.neighbours.values]);
    const map = (raw: number) => raw * 0.5 + 0.5;
    expect([...(await symmetricMatrixCooperatively(dense, map, createYielder(0)))]).toEqual([...symmetricMatrix(dense, map)]);
  });
});
