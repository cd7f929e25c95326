import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import { getEnv } from '@/lib/env';
import type { Calibration } from '@/lib/embeddings/types';
import type { ToolAction } from '@/lib/text/actions';
import { actionIndexCooperatively, type ActionIndex } from '../action-index';
import { concatPairs, type Neighbours, type PackedVectors, type PairList } from '../vector';
import { mergeNeighbours } from './merge';
import { CONTROL_CANCEL, type KernelEngine, type KernelJob, type KernelPartial, type KernelReply } from './protocol';

/**
 * Pair scoring off the request thread: a pool of worker threads (one per core, at most two
 * by default) that share the vectors and split the upper triangle by row blocks. The pool
 * starts on first use and stays (unref'd: it never keeps a process alive), except after a
 * job of RETIRE_AFTER_TOOLS tools or more; a worker that fails or overruns is terminated and
 * the pool restarts on the next job.
 *
 * The worker is lib/similarity/kernel/worker.ts, compiled on load by tsx (a dependency), and
 * found from the working directory like the migrations folder: a file beside this one would
 * need its own bundling under Next.
 */

export type KernelInput = { vectors: PackedVectors; actions: ToolAction[] | null; calibration: Calibration };

export type KernelOptions = {
  engine?: KernelEngine;
  signal?: AbortSignal;
  /** The whole job (default SIMILARITY_KERNEL_TIMEOUT_MS); past it the workers are terminated and the call fails. */
  timeoutMs?: number;
  workers?: number;
  blockRows?: number;
};

export type KernelResult = {
  neighbours: Neighbours;
  /** The candidate pairs as the workers' chunks (no copy): what the analysis reads. */
  candidateLists: PairList[];
  /** The same as one list, copied on first read (tests; the analysis never reads it). */
  readonly candidates: PairList;
  stats: { engine: KernelEngine; workers: number; blocks: number; rawMs: number; scanMs: number; wallMs: number };
};

const STATUS = { timeout: 503, worker_failed: 500, aborted: 499 } as const;
const CODES = { timeout: 'similarity_timeout', worker_failed: 'similarity_kernel_failed', aborted: 'cancelled' } as const;

/** A clear answer instead of a hang: 503 past the time limit, 500 when a worker fails, 499 when the caller went away. */
export class KernelError extends AppError {
  constructor(
    message: string,
    readonly reason: keyof typeof STATUS,
  ) {
    super(CODES[reason], STATUS[reason], message);
    this.name = reason === 'aborted' ? 'AbortError' : 'KernelError';
  }
}

/** Scores per block and worker (32 MB of Float32; 64 MB put the 100k analysis over its 2 GB target): rows = this / n, so memory stays bounded at any n. */
const BLOCK_FLOATS = 8_388_608;
/**
 * At least this many blocks: the workers take blocks as they free up, and the first blocks of
 * the triangle are the longest, so 3 blocks of 1,024 rows at 2,797 tools left one worker with
 * twice the pairs of the other.
 */
const MIN_BLOCKS = 16;

export function kernelBlockRows(count: number): number {
  const rows = Math.floor(BLOCK_FLOATS / Math.max(1, count) / 4) * 4;
  const balanced = Math.ceil(count / MIN_BLOCKS / 4) * 4;
  return Math.max(4, Math.min(1024, rows, balanced));
}

export function defaultKernelWorkers(): number {
  return getEnv().similarityKernelWorkers ?? Math.max(1, Math.min(2, os.availableParallelism()));
}

function workerSource(root: string): string {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  const tsxApi = requireFromRoot.resolve('tsx/cjs/api');
  const entry = path.join(root, 'lib', 'similarity', 'kernel', 'worker.ts');
  return `require(${JSON.stringify(tsxApi)}).register();\nrequire(${JSON.stringify(entry)});\n`;
}

/**
 * After a job of this many tools the workers are ended and the next job starts new ones. An
 * idle worker allocates nothing, so it never collects its garbage: the job's buffers (its
 * copy of the vectors, the block of scores: about 75 MB a worker at 100,000 tools) and its
 * references to the shared vectors and actions would stay through the request thread's sort of
 * the candidates and into the next analysis. Ending the thread returns them at once; starting
 * one costs a fraction of a second, next to the tens of seconds such a job takes.
 */
const RETIRE_AFTER_TOOLS = 50_000;

let pool: Worker[] = [];
/** Jobs run one after another: each uses every worker, and a cancelled one finishes its block first. */
let queue: Promise<unknown> = Promise.resolve();
let nextJobId = 1;

function startPool(size: number): Worker[] {
  if (pool.length === size) return pool;
  stopPool();
  const source = workerSource(process.cwd());
  pool = Array.from({ length: size }, () => {
    const worker = new Worker(source, { eval: true, stdout: false, stderr: false });
    worker.unref();
    return worker;
  });
  return pool;
}

function stopPool(): void {
  const old = pool;
  pool = [];
  for (const worker of old) void worker.terminate();
}

/** Terminates the workers (tests, shutdown); the next job starts new ones. */
export async function closeKernelPool(): Promise<void> {
  const old = pool;
  pool = [];
  await Promise.all(old.map((w) => w.terminate()));
}

/**
 * Ends a worker that the pool gave up on (timeout, a sibling's failure). Terminating a thread
 * while ONNX Runtime is inside a call aborts the whole process (a native exception escapes
 * the torn-down environment: seen as SIGABRT under load), so a worker on the onnx engine is
 * asked to stop (the job's cancel flag, set by the caller) and terminated once it answers,
 * i.e. between calls. A JS worker holds no native state and is terminated at once, which also
 * ends one that hangs.
 */
function retire(worker: Worker, job: KernelJob, idle: boolean): void {
  if (idle || job.engine !== 'onnx') {
    void worker.terminate();
    return;
  }
  const finish = () => {
    worker.off('message', onMessage);
    worker.off('exit', finish);
    void worker.terminate();
  };
  const onMessage = (reply: KernelReply) => {
    if (reply.jobId === job.jobId) finish();
  };
  worker.on('message', onMessage);
  worker.on('exit', finish);
}

function runOnWorkers(workers: Worker[], job: KernelJob, timeoutMs: number, onStart: (cancel: () => void) => void): Promise<KernelPartial[]> {
  return new Promise((resolve, reject) => {
    const control = new Int32Array(job.control);
    const parts: KernelPartial[] = [];
    let answered = 0;
    let failure: KernelError | null = null;
    let cancelled = false;
    /** Workers that answered this job: between calls, safe to terminate. */
    const idleWorkers = new Set<Worker>();
    const cleanups: (() => void)[] = [];
    const settle = (error: KernelError | null) => {
      for (const cleanup of cleanups) cleanup();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(parts);
    };
    const kill = (error: KernelError) => {
      Atomics.store(control, CONTROL_CANCEL, 1);
      if (pool === workers) pool = [];
      for (const worker of workers) retire(worker, job, idleWorkers.has(worker));
      settle(error);
    };
    const timer = setTimeout(() => kill(new KernelError(`similarity kernel timed out after ${timeoutMs} ms`, 'timeout')), timeoutMs);
    timer.unref();
    for (const worker of workers) {
      const onMessage = (reply: KernelReply) => {
        if (reply.jobId !== job.jobId) return;
        idleWorkers.add(worker);
        if (reply.type === 'done') parts.push(reply);
        else if (reply.type === 'error') {
          failure ??= new KernelError(`similarity kernel worker failed: ${reply.message}`, 'worker_failed');
          Atomics.store(control, CONTROL_CANCEL, 1);
        } else cancelled = true;
        if (++answered === workers.length) settle(failure ?? (cancelled ? new KernelError('similarity analysis cancelled', 'aborted') : null));
      };
      const onError = (err: Error) => kill(new KernelError(`similarity kernel worker failed: ${err.message}`, 'worker_failed'));
      const onExit = (code: number) => kill(new KernelError(`similarity kernel worker exited (code ${code}) before answering`, 'worker_failed'));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      cleanups.push(() => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      });
      worker.postMessage(job);
    }
    onStart(() => Atomics.store(control, CONTROL_CANCEL, 1));
  });
}

/** The vectors' rows in shared memory: as they are when they already are there (scoring.ts packs them so), else a copy. */
function sharedVectors({ data, count, dimensions }: PackedVectors): SharedArrayBuffer {
  const bytes = count * dimensions * Float32Array.BYTES_PER_ELEMENT;
  if (data.buffer instanceof SharedArrayBuffer && data.byteOffset === 0) return data.buffer;
  const shared = new SharedArrayBuffer(bytes);
  new Float32Array(shared).set(data.subarray(0, count * dimensions));
  return shared;
}

function abortError(): KernelError {
  return new KernelError('similarity analysis cancelled', 'aborted');
}

/**
 * Top-k neighbours of every item and every pair whose (adjusted) raw score is at or above
 * `cut`: what scanNeighbours in vector.ts returns for the same scores, computed by the pool.
 * Rejects with a KernelError on timeout, worker failure or abort (at once; the workers stop
 * after their current block).
 */
export function scanNeighboursInWorkers(input: KernelInput, topK: number, cut: number, options: KernelOptions = {}): Promise<KernelResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  const { count: n, dimensions: d } = input.vectors;
  const engine = options.engine ?? getEnv().similarityKernelEngine;
  const size = options.workers ?? defaultKernelWorkers();
  const timeoutMs = options.timeoutMs ?? getEnv().similarityKernelTimeoutMs;
  const shared = sharedVectors(input.vectors);
  const { actions } = input;
  const jobOf = (index: ActionIndex | null): KernelJob => ({
    type: 'job',
    jobId: nextJobId++,
    engine,
    vectors: shared,
    count: n,
    dimensions: d,
    adjust: index === null ? null : { actions: index, calibration: input.calibration },
    topK,
    cut,
    blockRows: options.blockRows ?? kernelBlockRows(n),
    control: new SharedArrayBuffer(8),
  });

  let cancel = () => {};
  const started = performance.now();
  const run = queue.then(async () => {
    const job = jobOf(actions ? await actionIndexCooperatively(actions) : null);
    if (signal?.aborted) throw abortError();
    const workers = startPool(size);
    const parts = await runOnWorkers(workers, job, timeoutMs, (c) => (cancel = c));
    // Every worker answered (between calls: safe to end, onnx included).
    if (n >= RETIRE_AFTER_TOOLS && pool === workers) stopPool();
    return parts;
  });
  // Not run.catch(): that promise would hold the job's parts (every candidate chunk, 234 MB at
  // 100,000 tools) until the next job.
  queue = run.then(
    () => undefined,
    () => undefined,
  );

  return new Promise<KernelResult>((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    run
      .then(async (parts) => {
        signal?.removeEventListener('abort', onAbort);
        const merged = await mergeNeighbours(n, parts);
        let joined: PairList | null = null;
        resolve({
          neighbours: merged.neighbours,
          candidateLists: merged.candidates,
          get candidates() {
            joined ??= concatPairs(merged.candidates);
            return joined;
          },
          stats: {
            engine,
            workers: parts.length,
            blocks: parts.reduce((s, p) => s + p.blocks, 0),
            rawMs: Math.max(0, ...parts.map((p) => p.rawMs)),
            scanMs: Math.max(0, ...parts.map((p) => p.scanMs)),
            wallMs: Math.round(performance.now() - started),
          },
        });
      })
      .catch((err: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      });
  });
}
