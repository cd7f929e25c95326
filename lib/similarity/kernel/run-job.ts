/**
 * One kernel job in the thread that runs it (worker.ts wires it to the pool's messages; a
 * profile or a test may run it in its own thread): take row blocks of the upper triangle from
 * the shared counter; per block, raw cosines (ONNX Runtime's Gemm, or the plain JS kernel),
 * adjusted for actions exactly as the request thread would (action-adjust.ts on the same
 * calibration, in place, skipping pairs that can change nothing), then scanned (tile-scan.ts).
 * Without the adjustment the Gemm runs tile by tile into one reused 2 MB buffer, each tile
 * scanned while in cache; with it, one Gemm per block writes the block's rows in place, the
 * layout the adjustment visits. Returns this thread's top-k lists and candidates; the pool
 * merges the threads' parts.
 */
import * as ort from 'onnxruntime-node';
import { actionAdjustedScores, OBJECT_GAIN, type AdjustedScores } from '../action-adjust';
import { compileCalibration } from '../compiled-calibration';
import { denseCosine, type PackedVectors, type PairScores } from '../vector';
import { gemmModel } from './onnx-gemm-model';
import { skipBoundTable } from './skip-bound';
import { tileScanner, type TileScanner } from './tile-scan';
import { CONTROL_CANCEL, CONTROL_NEXT, type KernelJob, type KernelPartial, type KernelReply } from './protocol';

/** Scores per Gemm tile (rows x columns floats, 2 MB): written and read again while in cache. */
const TILE_FLOATS = 524_288;

/** Columns per tile for blocks of `rows` rows: a multiple of 256, at least 256. */
function tileColumns(rows: number): number {
  return Math.max(256, Math.floor(TILE_FLOATS / Math.max(1, rows) / 256) * 256);
}

let session: Promise<ort.InferenceSession> | null = null;

function onnxSession(): Promise<ort.InferenceSession> {
  // One thread per worker: the pool runs one worker per core, and each also scans its own tiles.
  session ??= ort.InferenceSession.create(gemmModel(), { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' });
  return session;
}

type Times = { rawMs: number; scanMs: number };

/**
 * Scores a block of rows into the scanner. Without the action adjustment each tile is scanned
 * as it comes; with it, the tiles are gathered into a block of whole rows first, which is the
 * layout action-adjust.ts adjusts in place (it visits only the pairs that share an object).
 */
type BlockScorer = (rowStart: number, rowEnd: number, times: Times) => Promise<void> | void;

type BlockContext = {
  n: number;
  blockRows: number;
  scanner: TileScanner;
  /** Adjusts a block of rows in place (actionAdjustedScores over the raw block), or null. */
  adjust: AdjustedScores | null;
};

async function onnxBlocks(data: Float32Array, d: number, { n, blockRows, scanner, adjust }: BlockContext): Promise<BlockScorer> {
  const gemm = await onnxSession();
  // ONNX Runtime takes no tensor over shared memory: one private copy per worker.
  const own = Float32Array.from(data);
  const width = tileColumns(blockRows);
  // The Gemm writes into this buffer (a preallocated output): no allocation per call.
  const tile = adjust ? null : new Float32Array(blockRows * width);
  const block = adjust ? new Float32Array(blockRows * n) : null;
  return async (rowStart, rowEnd, times) => {
    const rows = rowEnd - rowStart;
    const a = new ort.Tensor('float32', own.subarray(rowStart * d, rowEnd * d), [rows, d]);
    if (block && adjust) {
      // One Gemm for the block's rows against every column from rowStart on, written straight
      // into the block (row stride n - rowStart, column j at j - rowStart): the adjustment
      // visits whole rows anyway, so tiles would only be copied into it.
      const width = n - rowStart;
      const b = new ort.Tensor('float32', own.subarray(rowStart * d, n * d), [width, d]);
      const y = new ort.Tensor('float32', block.subarray(0, rows * width), [rows, width]);
      let t = performance.now();
      await gemm.run({ a, b }, { y });
      times.rawMs += performance.now() - t;
      t = performance.now();
      adjust.adjustRows(rowStart, rowEnd, block, width, -rowStart);
      scanner.visit(rowStart, rowEnd, rowStart, n, block, width, -rowStart);
      times.scanMs += performance.now() - t;
      return;
    }
    // Columns from rowStart: the square at the diagonal is computed whole; the scan reads above it.
    for (let c0 = rowStart; c0 < n; c0 += width) {
      const c1 = Math.min(n, c0 + width);
      const w = c1 - c0;
      const b = new ort.Tensor('float32', own.subarray(c0 * d, c1 * d), [w, d]);
      const y = new ort.Tensor('float32', tile!.subarray(0, rows * w), [rows, w]);
      let t = performance.now();
      await gemm.run({ a, b }, { y });
      times.rawMs += performance.now() - t;
      t = performance.now();
      scanner.visit(rowStart, rowEnd, c0, c1, tile!, w, -c0);
      times.scanMs += performance.now() - t;
    }
  };
}

/** The plain JS kernel (vector.ts) fills a whole block of rows, each row laid out as in the full matrix. */
function jsBlocks(packed: PackedVectors, { n, blockRows, scanner, adjust }: BlockContext): BlockScorer {
  const cosine = denseCosine(packed);
  const block = new Float32Array(blockRows * n);
  return (rowStart, rowEnd, times) => {
    let t = performance.now();
    cosine.fillUpper(rowStart, rowEnd, block);
    times.rawMs += performance.now() - t;
    t = performance.now();
    adjust?.fillUpper(rowStart, rowEnd, block);
    scanner.visit(rowStart, rowEnd, rowStart, n, block, n, 0);
    times.scanMs += performance.now() - t;
  };
}

export async function runJob(job: KernelJob): Promise<KernelReply> {
  const n = job.count;
  const d = job.dimensions;
  if (job.vectors.byteLength < n * d * 4) throw new Error(`vectors hold ${job.vectors.byteLength} bytes, ${n} x ${d} floats need ${n * d * 4}`);
  if (job.blockRows < 1 || job.blockRows % 4 !== 0) throw new Error(`blockRows must be a positive multiple of 4, got ${job.blockRows}`);
  const data = new Float32Array(job.vectors, 0, n * d);
  const control = new Int32Array(job.control);
  const spec = job.adjust;
  const { toScore, fromScore } = compileCalibration(spec?.calibration ?? { anchors: [], derivation: '' });
  const scanner = tileScanner(n, job.topK, job.cut, spec ? skipBoundTable(toScore, fromScore) : null, spec ? skipBoundTable(toScore, fromScore, OBJECT_GAIN) : null);
  // The block already holds the raw scores when the adjustment runs: its source fills nothing.
  const prefilled: PairScores = { count: n, fillUpper: () => undefined, pair: denseCosine({ data, count: n, dimensions: d }).pair };
  // Pairs no adjustment can bring into the lists are left unadjusted (most of them, once the lists fill).
  const adjust = spec ? actionAdjustedScores(prefilled, spec.actions, toScore, fromScore, scanner.skip, scanner.skipObjects) : null;
  const context: BlockContext = { n, blockRows: job.blockRows, scanner, adjust };
  const scoreBlock = job.engine === 'onnx' ? await onnxBlocks(data, d, context) : jsBlocks({ data, count: n, dimensions: d }, context);
  const blockCount = Math.ceil((n - 1) / job.blockRows);
  let blocks = 0;
  const times: Times = { rawMs: 0, scanMs: 0 };
  for (;;) {
    if (Atomics.load(control, CONTROL_CANCEL) !== 0) return { type: 'cancelled', jobId: job.jobId };
    const index = Atomics.add(control, CONTROL_NEXT, 1);
    if (index >= blockCount) break;
    const rowStart = index * job.blockRows;
    await scoreBlock(rowStart, Math.min(n - 1, rowStart + job.blockRows), times);
    blocks++;
  }
  const { neighbours, candidates } = scanner.finish();
  const reply: KernelPartial = {
    type: 'done',
    jobId: job.jobId,
    k: neighbours.k,
    indices: neighbours.indices,
    values: neighbours.values,
    // The chunks' buffers are transferred whole (no copy of millions of pairs).
    candidates,
    blocks,
    rawMs: Math.round(times.rawMs),
    scanMs: Math.round(times.scanMs),
  };
  return reply;
}

