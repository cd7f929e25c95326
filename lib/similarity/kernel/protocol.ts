import type { Calibration } from '@/lib/embeddings/types';
import type { ActionIndex } from '../action-index';
import type { PairList } from '../vector';

/** How a worker computes raw cosines: ONNX Runtime's Gemm (MLAS, SIMD) or the plain JS kernel of vector.ts. */
export type KernelEngine = 'onnx' | 'js';

/**
 * One analysis, posted to every worker of the pool. The vectors live in shared memory (no
 * copy per worker); the workers take row blocks from a shared counter, so whichever is free
 * takes the next one, and stop between blocks once the cancel flag is set.
 */
export type KernelJob = {
  type: 'job';
  jobId: number;
  engine: KernelEngine;
  /** Row-major n x d Float32, L2-normalised (a dot product is a cosine). */
  vectors: SharedArrayBuffer;
  count: number;
  dimensions: number;
  /**
   * Action adjustment (action-adjust.ts) on the calibration's scale; null: raw cosines. The
   * actions travel as their index (action-index.ts), built once on the request thread: its
   * arrays are SharedArrayBuffers, read by every worker in place.
   */
  adjust: { actions: ActionIndex; calibration: Calibration } | null;
  topK: number;
  /** Raw score at or above which a pair is returned as a candidate. */
  cut: number;
  blockRows: number;
  /** Int32 [next block, cancelled]. */
  control: SharedArrayBuffer;
};

export const CONTROL_NEXT = 0;
export const CONTROL_CANCEL = 1;

export type KernelPartial = {
  type: 'done';
  jobId: number;
  k: number;
  indices: Int32Array;
  values: Float32Array;
  /** This worker's candidate pairs in chunks (tile-scan.ts), their buffers transferred. */
  candidates: PairList[];
  blocks: number;
  rawMs: number;
  scanMs: number;
};

export type KernelReply = KernelPartial | { type: 'cancelled'; jobId: number } | { type: 'error'; jobId: number; message: string };
