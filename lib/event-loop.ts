/**
 * Cooperative scheduling for CPU work that runs on the request thread (batches of local runs,
 * similarity analysis, report rendering).
 *
 * Awaiting a resolved promise only queues a microtask, which runs before any timer or socket
 * callback, so a loop of such awaits starves every request. setImmediate lets the loop turn,
 * but Node runs every immediate queued before the check phase in one go: four batch workers
 * each yielding with their own setImmediate would still run back to back. So waiters queue
 * here and are resumed one per loop iteration, with timers and I/O polled in between.
 */

const waiting: (() => void)[] = [];
let scheduled = false;

function resumeNext(): void {
  const next = waiting.shift();
  // An immediate queued while immediates run fires on the next iteration, after I/O.
  if (waiting.length > 0) setImmediate(resumeNext);
  else scheduled = false;
  next?.();
}

/** Resolves once pending I/O and timers had their turn (one waiter per loop iteration). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(resumeNext);
    }
  });
}

/** Longest synchronous slice a cooperative loop runs before it yields, in ms. */
export const SLICE_MS = 15;

export type Yielder = {
  /** Yields when the current slice has run for the budget; otherwise resolves at once. */
  (): Promise<void>;
  /** Whether the slice is used up (for loops that check every N steps without awaiting). */
  due(): boolean;
};

/**
 * A checkpoint for a long loop: `await pause()` costs a clock read until the slice has run
 * `sliceMs`, then one turn of the event loop.
 */
export function createYielder(sliceMs = SLICE_MS): Yielder {
  let sliceStart = performance.now();
  const due = () => performance.now() - sliceStart >= sliceMs;
  const pause = async () => {
    if (!due()) return;
    await yieldToEventLoop();
    sliceStart = performance.now();
  };
  return Object.assign(pause, { due });
}
