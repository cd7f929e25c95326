import { afterAll, describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { calibrate, uncalibrate } from '@/lib/embeddings/calibration';
import { actionAdjustedScores } from '@/lib/similarity/action-adjust';
import { closeKernelPool, kernelBlockRows, KernelError, scanNeighboursInWorkers, type KernelInput } from '@/lib/similarity/kernel/pool';
import type { KernelEngine } from '@/lib/similarity/kernel/protocol';
import { denseCosine, normalizeRows, scanNeighbours, type PackedVectors, type PairScores } from '@/lib/similarity/vector';
import { encodeObjectVector } from '@/lib/similarity/object-vectors';
import { parseToolAction } from '@/lib/text/actions';
import { seededRandom } from '@/lib/seeded-random';
import { call } from './helpers/api';
import { HASHED_CALIBRATION } from './helpers/similarity-embedding';
import { hasSharedData, readSharedData } from './helpers/similarity-fixtures';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

afterAll(() => closeKernelPool());

const ENGINES: KernelEngine[] = ['onnx', 'js'];

function randomVectors(n: number, d: number, seed: number): PackedVectors {
  const random = seededRandom(seed);
  const data = new Float32Array(n * d);
  for (let i = 0; i < data.length; i++) data[i] = random() - 0.5;
  return normalizeRows({ data, count: n, dimensions: d });
}

/** Plain JS cosine of two rows, in float64: the reference the kernels are measured against. */
function cosine(v: PackedVectors, i: number, j: number): number {
  let s = 0;
  for (let k = 0; k < v.dimensions; k++) s += v.data[i * v.dimensions + k]! * v.data[j * v.dimensions + k]!;
  return s;
}

type Scan = ReturnType<typeof scanNeighbours>;

function pairKeys(scan: Pick<Scan, 'candidates'>): string[] {
  const keys: string[] = [];
  for (let p = 0; p < scan.candidates.length; p++) keys.push(`${scan.candidates.a[p]}-${scan.candidates.b[p]}`);
  return keys.sort();
}

function maxValueError(a: Pick<Scan, 'neighbours'>, b: Pick<Scan, 'neighbours'>): number {
  let max = 0;
  for (let p = 0; p < a.neighbours.values.length; p++) max = Math.max(max, Math.abs(a.neighbours.values[p]! - b.neighbours.values[p]!));
  return max;
}

const noAdjust = (vectors: PackedVectors): KernelInput => ({ vectors, actions: null, calibration: HASHED_CALIBRATION });

describe('kernel against the plain JS cosine', () => {
  // 1,237 rows: not a multiple of the block (100 rows), nor of the four-row groups.
  const vectors = randomVectors(1237, 48, 19);
  const reference = scanNeighbours(denseCosine(vectors), 5, 0.35);

  it.each(ENGINES)('%s: every score within 1e-5 of float64, the same neighbours and candidates, across block edges', async (engine) => {
    const result = await scanNeighboursInWorkers(noAdjust(vectors), 5, 0.35, { engine, blockRows: 100 });
    expect(result.stats.blocks).toBe(Math.ceil(1236 / 100));
    expect(result.stats.workers).toBe(2);
    let maxError = 0;
    for (let i = 0; i < vectors.count; i++) {
      for (let r = 0; r < 5; r++) {
        const j = result.neighbours.indices[i * 5 + r]!;
        maxError = Math.max(maxError, Math.abs(result.neighbours.values[i * 5 + r]! - cosine(vectors, i, j)));
      }
    }
    for (let p = 0; p < result.candidates.length; p++) {
      maxError = Math.max(maxError, Math.abs(result.candidates.values[p]! - cosine(vectors, result.candidates.a[p]!, result.candidates.b[p]!)));
    }
    expect(maxError).toBeLessThan(1e-5);
    expect(Array.from(result.neighbours.indices)).toEqual(Array.from(reference.neighbours.indices));
    expect(maxValueError(result, reference)).toBeLessThan(1e-5);
    expect(reference.candidates.length).toBeGreaterThan(100);
    expect(pairKeys(result)).toEqual(pairKeys(reference));
  });

  it('keeps the k best of every row, best first, and pads rows with fewer than k others', async () => {
    const small = randomVectors(5, 8, 3);
    const result = await scanNeighboursInWorkers(noAdjust(small), 10, 2, { blockRows: 4 });
    expect(result.neighbours.k).toBe(4);
    for (let i = 0; i < 5; i++) {
      const row = Array.from(result.neighbours.indices.subarray(i * 4, i * 4 + 4));
      expect(row.sort()).toEqual([0, 1, 2, 3, 4].filter((j) => j !== i));
      const values = Array.from(result.neighbours.values.subarray(i * 4, i * 4 + 4));
      expect(values).toEqual([...values].sort((x, y) => y - x));
    }
    expect(result.candidates.length).toBe(0);
    const one = await scanNeighboursInWorkers(noAdjust(vectors), 1, 1.5, { blockRows: 64 });
    for (let i = 0; i < vectors.count; i++) expect(one.neighbours.indices[i]).toBe(reference.neighbours.indices[i * 5]);
  });

  it('resolves ties to the lower index, as one scan does', async () => {
    // Rows 0, 2 and 3 are the same vector: row 0's best are 2 then 3 (equal scores), row 3's are 0 then 2.
    const data = new Float32Array([1, 0, 0, 1, 1, 0, 1, 0, 0.6, 0.8]);
    const tied = normalizeRows({ data, count: 5, dimensions: 2 });
    const expected = scanNeighbours(denseCosine(tied), 2, 0.99);
    const result = await scanNeighboursInWorkers(noAdjust(tied), 2, 0.99, { blockRows: 4 });
    expect(Array.from(result.neighbours.indices)).toEqual(Array.from(expected.neighbours.indices));
    expect(Array.from(result.neighbours.indices.subarray(0, 2))).toEqual([2, 3]);
  });
});

describe('kernel with the action adjustment', () => {
  const names = ['create_issue', 'delete_issue', 'get_issue', 'fetch_issue', 'update_issue', 'list_issues', 'search_issues', 'start_server', 'stop_server', 'get_file', 'read_file', 'write_file'];
  const n = 600;
  const actions = Array.from({ length: n }, (_, i) => parseToolAction(names[i % names.length]!, `Does something with item ${i}`));
  // Near neighbours in groups of twelve, so actions on one object meet at high scores.
  const random = seededRandom(7);
  const data = new Float32Array(n * 32);
  for (let i = 0; i < n; i++) for (let k = 0; k < 32; k++) data[i * 32 + k] = (k === Math.floor(i / 12) % 32 ? 4 : 0) + random() - 0.5;
  const vectors = normalizeRows({ data, count: n, dimensions: 32 });
  const adjusted: PairScores = actionAdjustedScores(denseCosine(vectors), actions, (raw) => calibrate(raw, HASHED_CALIBRATION), (s) => uncalibrate(s, HASHED_CALIBRATION));
  const cut = 0.6;

  it.each(ENGINES)('%s: the same adjusted neighbours and flagged candidates as the request thread', async (engine) => {
    const expected = scanNeighbours(adjusted, 4, cut);
    const plain = scanNeighbours(denseCosine(vectors), 4, cut);
    // The adjustment must matter here, or this test proves nothing.
    expect(pairKeys(expected)).not.toEqual(pairKeys(plain));
    const result = await scanNeighboursInWorkers({ vectors, actions, calibration: HASHED_CALIBRATION }, 4, cut, { engine, blockRows: 40 });
    expect(pairKeys(result)).toEqual(pairKeys(expected));
    expect(maxValueError(result, expected)).toBeLessThan(1e-5);
  });
});

describe('kernel with the object term (a shared verb, no object word in common)', () => {
  // Same verbs, objects that share no word, each object with a vector: the pairs the workers
  // skip under the object term's own bound (OBJECT_GAIN) when nothing they keep can change.
  const objects = ['story', 'issue', 'ticket', 'worklog', 'application', 'service', 'cluster', 'field'];
  const verbs = ['get', 'fetch', 'delete', 'create'];
  const n = 900;
  const d = 24;
  const objectDims = 16;
  const random = seededRandom(23);
  // Object vectors: story/issue/ticket close, application/service close, the rest apart.
  const objectVector = (o: number) => {
    const v = new Float32Array(objectDims);
    const family = o < 3 ? 0 : o < 6 && o > 3 ? 1 : o;
    v[family % objectDims] = 3;
    for (let k = 0; k < objectDims; k++) v[k]! += random() - 0.5;
    return encodeObjectVector(v)!;
  };
  const encoded = objects.map((_, o) => objectVector(o));
  const actions = Array.from({ length: n }, (_, i) => {
    const o = i % objects.length;
    const action = parseToolAction(`${verbs[Math.floor(i / objects.length) % verbs.length]}_${objects[o]}`, `Does something with item ${i}`);
    return { ...action, objectVector: encoded[o]! };
  });
  // Groups of 30 near each other, so many pairs sit between the object floor and the flag.
  const data = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) data[i * d + k] = (k === Math.floor(i / 30) % d ? 2.2 : 0) + random() - 0.5;
  const vectors = normalizeRows({ data, count: n, dimensions: d });
  const toScore = (raw: number) => calibrate(raw, HASHED_CALIBRATION);
  const fromScore = (s: number) => uncalibrate(s, HASHED_CALIBRATION);
  const adjusted = actionAdjustedScores(denseCosine(vectors), actions, toScore, fromScore);
  const withoutVectors = actionAdjustedScores(
    denseCosine(vectors),
    actions.map(({ objectVector: _v, ...a }) => a),
    toScore,
    fromScore,
  );

  it.each(ENGINES)('%s: the same neighbours and flagged candidates as the request thread', async (engine) => {
    for (const [k, cut] of [
      [5, 0.6],
      [2, 0.75],
    ] as const) {
      const expected = scanNeighbours(adjusted, k, cut);
      // The object term must change what is kept, or this test proves nothing.
      const plain = scanNeighbours(withoutVectors, k, cut);
      expect(pairKeys(expected)).not.toEqual(pairKeys(plain));
      const result = await scanNeighboursInWorkers({ vectors, actions, calibration: HASHED_CALIBRATION }, k, cut, { engine, blockRows: 36 });
      expect(pairKeys(result)).toEqual(pairKeys(expected));
      expect(Array.from(result.neighbours.indices)).toEqual(Array.from(expected.neighbours.indices));
      expect(maxValueError(result, expected)).toBeLessThan(1e-5);
    }
  });
});

describe('failures are errors, not hangs', () => {
  const vectors = randomVectors(3000, 64, 5);

  it('reports a worker failure and recovers for the next job', async () => {
    await expect(scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9, { blockRows: 6 })).rejects.toThrow(/similarity kernel worker failed: blockRows must be a positive multiple of 4/);
    const next = await scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9);
    expect(next.neighbours.indices.length).toBe(9000);
  });

  it('times out with a clear error and restarts the pool', async () => {
    const started = performance.now();
    const failure = await scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9, { timeoutMs: 5, blockRows: 4 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(KernelError);
    expect((failure as KernelError).reason).toBe('timeout');
    expect((failure as Error).message).toBe('similarity kernel timed out after 5 ms');
    expect(performance.now() - started).toBeLessThan(5_000);
    const next = await scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9);
    expect(next.stats.workers).toBe(2);
  });

  it('survives onnx jobs timed out inside a Gemm call (terminating a thread there aborted the process)', async () => {
    const big = randomVectors(12_000, 32, 7);
    for (const timeoutMs of [40, 90, 150, 220, 300]) {
      const failure = await scanNeighboursInWorkers(noAdjust(big), 3, 0.9, { timeoutMs, engine: 'onnx' }).catch((e: unknown) => e);
      expect((failure as KernelError).reason).toBe('timeout');
    }
    const next = await scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9, { engine: 'onnx' });
    expect(next.neighbours.indices.length).toBe(9000);
  });

  it('stops on abort at once; the workers finish their block and take the next job', async () => {
    const controller = new AbortController();
    const running = scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9, { signal: controller.signal, blockRows: 4, engine: 'js' });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const failure = await running.catch((e: unknown) => e);
    expect((failure as KernelError).reason).toBe('aborted');
    expect((failure as Error).name).toBe('AbortError');
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9, { signal: AbortSignal.abort() })).rejects.toThrow('similarity analysis cancelled');
    const next = await scanNeighboursInWorkers(noAdjust(vectors), 3, 0.9);
    expect(next.neighbours.k).toBe(3);
  });

  it('sizes blocks so a block stays about 32 MB whatever the number of tools, and there are enough to share', () => {
    expect(kernelBlockRows(2_797)).toBe(176);
    expect(Math.ceil(2_796 / kernelBlockRows(2_797))).toBe(16);
    expect(kernelBlockRows(20_000)).toBe(416);
    expect(kernelBlockRows(100_000)).toBe(80);
    expect(kernelBlockRows(100_000) * 100_000 * 4).toBeLessThanOrEqual(33_554_432);
    expect(kernelBlockRows(10_000_000)).toBe(4);
  });
});

type Analysis = {
  mode: string;
  pairs: { toolA: string; toolB: string; similarity: number; flagged: boolean }[];
  neighbours: { tool: string; neighbours: { tool: string; similarity: number }[] }[];
  clusters: { tools: string[] }[];
  stats: { flaggedCount: number; timings: Record<string, number> };
};

describe.skipIf(!hasSharedData)('the whole shared file, worker threads against the request thread', () => {
  it('gives the same pairs, scores, flags, neighbours and clusters', async () => {
    const body = { serverList: readSharedData(), duplicateIds: 'number', topK: 5, similarityThreshold: 0.8 };
    const analyze = async (kernel: string) => {
      vi.stubEnv('SIMILARITY_KERNEL', kernel);
      try {
        const res = await call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body });
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
        return res.body;
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const inline = await analyze('inline');
    const worker = await analyze('worker');
    expect(inline.stats.timings.kernelMs).toBeUndefined();
    expect(worker.stats.timings.kernelMs).toBeGreaterThan(0);
    expect(worker.mode).toBe('sparse');
    expect(inline.stats.flaggedCount).toBeGreaterThan(50);
    expect(worker.pairs).toEqual(inline.pairs);
    expect(worker.neighbours).toEqual(inline.neighbours);
    expect(worker.clusters).toEqual(inline.clusters);
  });
});
