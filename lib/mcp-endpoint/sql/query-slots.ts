/**
 * A bounded number of queries at once (each is a process holding a core and up to the memory
 * cap), the rest wait in a short FIFO queue; a full queue is refused at once rather than
 * piling up work that would only time out.
 */
export type Slots = {
  /** Resolves with a release function once a slot is free; rejects when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<() => void>;
  stats(): { running: number; queued: number };
};

export class SlotsFullError extends Error {}

export function createSlots(size: number, maxQueued: number): Slots {
  let running = 0;
  const queue: { grant: () => void }[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next.grant();
    else running--;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire(signal) {
      if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (running < size) {
        running++;
        return Promise.resolve(once());
      }
      if (queue.length >= maxQueued) return Promise.reject(new SlotsFullError(`${size} running and ${queue.length} waiting`));
      return new Promise((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal.removeEventListener('abort', onAbort);
            resolve(once());
          },
        };
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
    stats: () => ({ running, queued: queue.length }),
  };
}
