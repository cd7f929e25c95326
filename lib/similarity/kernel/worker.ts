/**
 * The similarity kernel's worker thread (started by pool.ts, compiled by tsx on load). Each
 * job: take row blocks of the upper triangle from the shared counter, fill a block with raw
 * cosines (ONNX Runtime Gemm, or the JS kernel), apply the action adjustment in place exactly
 * as the request thread would (action-adjust.ts on the same calibration), then feed it to the
 * same neighbour scanner vector.ts uses. Replies with this worker's top-k lists and candidates;
 * the pool merges the workers' parts.
 */
import { parentPort } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import { calibrate, uncalibrate } from '@/lib/embeddings/calibration';
import { actionAdjustedScores } from '../action-adjust';
import { denseCosine, neighbourScanner, type PairScores } from '../vector';
import { gemmModel } from './onnx-gemm-model';
import { skipBoundTable } from './skip-bound';
import { CONTROL_CANCEL, CONTROL_NEXT, type KernelJob, type KernelPartial, type KernelReply } from './protocol';

/** Columns per Gemm call: the output tile (rows x columns floats) stays a few MB. */
const COLUMN_TILE = 8192;

let session: Promise<ort.InferenceSession> | null = null;

function onnxSession(): Promise<ort.InferenceSession> {
  // One thread per worker: the pool runs one worker per core, and each also scans its own blocks.
  session ??= ort.InferenceSession.create(gemmModel(), { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' });
  return session;
}

type RawFiller = (rowStart: number, rowEnd: number, out: Float32Array) => Promise<void> | void;

async function onnxFiller(data: Float32Array, n: number, d: number): Promise<RawFiller> {
  const gemm = await onnxSession();
  // ONNX Runtime takes no tensor over shared memory: one private copy per worker.
  const own = Float32Array.from(data);
  return async (rowStart, rowEnd, out) => {
    const rows = rowEnd - rowStart;
    const a = new ort.Tensor('float32', own.subarray(rowStart * d, rowEnd * d), [rows, d]);
    // Columns from rowStart: the square at the diagonal is computed whole; readers only look above it.
    for (let c0 = rowStart; c0 < n; c0 += COLUMN_TILE) {
      const c1 = Math.min(n, c0 + COLUMN_TILE);
      const b = new ort.Tensor('float32', own.subarray(c0 * d, c1 * d), [c1 - c0, d]);
      const result = await gemm.run({ a, b });
      const y = result.y!.data as Float32Array;
      const width = c1 - c0;
      for (let r = 0; r < rows; r++) out.set(y.subarray(r * width, (r + 1) * width), r * n + c0);
      result.y!.dispose();
    }
  };
}

async function runJob(job: KernelJob): Promise<KernelReply> {
  const n = job.count;
  const d = job.dimensions;
  if (job.vectors.byteLength < n * d * 4) throw new Error(`vectors hold ${job.vectors.byteLength} bytes, ${n} x ${d} floats need ${n * d * 4}`);
  if (job.blockRows < 1 || job.blockRows % 4 !== 0) throw new Error(`blockRows must be a positive multiple of 4, got ${job.blockRows}`);
  const data = new Float32Array(job.vectors, 0, n * d);
  const control = new Int32Array(job.control);
  const packed = { data, count: n, dimensions: d };
  const fillRaw: RawFiller = job.engine === 'onnx' ? await onnxFiller(data, n, d) : denseCosine(packed).fillUpper;
  // The raw block is written before the adjustment runs: its inner scores are already in place.
  const prefilled: PairScores = { count: n, fillUpper: () => undefined, pair: denseCosine(packed).pair };
  const adjust = job.adjust;
  const scanner = neighbourScanner(n, job.topK, job.cut);
  // Pairs no adjustment can bring into the lists are left unadjusted (most of them, once the lists fill).
  const skip = new Float32Array(n).fill(-Infinity);
  const toScore = (raw: number) => calibrate(raw, adjust!.calibration);
  const fromScore = (score: number) => uncalibrate(score, adjust!.calibration);
  const bound = adjust ? skipBoundTable(toScore, fromScore) : null;
  const belowCut = job.cut - 1e-7;
  const scores = adjust ? actionAdjustedScores(prefilled, adjust.actions, toScore, fromScore, skip) : prefilled;
  const blockCount = Math.ceil((n - 1) / job.blockRows);
  const block = new Float32Array(job.blockRows * n);
  let blocks = 0;
  let rawMs = 0;
  let scanMs = 0;
  for (;;) {
    if (Atomics.load(control, CONTROL_CANCEL) !== 0) return { type: 'cancelled', jobId: job.jobId };
    const index = Atomics.add(control, CONTROL_NEXT, 1);
    if (index >= blockCount) break;
    const rowStart = index * job.blockRows;
    const rowEnd = Math.min(n - 1, rowStart + job.blockRows);
    let t = performance.now();
    await fillRaw(rowStart, rowEnd, block);
    rawMs += performance.now() - t;
    t = performance.now();
    if (bound) for (let x = rowStart; x < n; x++) skip[x] = bound(Math.min(scanner.floor[x]!, belowCut));
    scores.fillUpper(rowStart, rowEnd, block);
    scanner.visit(rowStart, rowEnd, block);
    scanMs += performance.now() - t;
    blocks++;
  }
  const { neighbours, candidates } = scanner.finish();
  const reply: KernelPartial = {
    type: 'done',
    jobId: job.jobId,
    k: neighbours.k,
    indices: neighbours.indices,
    values: neighbours.values,
    // Views into the growth buffers, which are transferred whole (no copy of millions of pairs).
    a: candidates.a,
    b: candidates.b,
    scores: candidates.values,
    blocks,
    rawMs: Math.round(rawMs),
    scanMs: Math.round(scanMs),
  };
  return reply;
}

const port = parentPort;
if (!port) throw new Error('lib/similarity/kernel/worker.ts runs as a worker thread (see pool.ts)');
// One job at a time: the pool never posts a job before every worker answered the previous one.
port.on('message', (job: KernelJob) => {
  runJob(job).then(
    (reply) => {
      const transfer = reply.type === 'done' ? [reply.indices.buffer, reply.values.buffer, reply.a.buffer, reply.b.buffer, reply.scores.buffer] : [];
      port.postMessage(reply, transfer as ArrayBuffer[]);
    },
    (err: unknown) => port.postMessage({ type: 'error', jobId: job.jobId, message: err instanceof Error ? err.message : String(err) } satisfies KernelReply),
  );
});
