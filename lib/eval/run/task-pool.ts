/**
 * At most `limit` background tasks at once, in the order they were added; `drain()` settles
 * when every task added so far (and any added while draining) has. Tasks report their own
 * failures: one that throws anyway is logged by `onError` and the pool goes on.
 * A task may call `release()` once the part the limit is for is over (e.g. its model call):
 * its place goes to the next task while it finishes the rest, which drain() still waits for.
 */
export type PoolTask = (release: () => void) => Promise<void>;
export type TaskPool = {
  add(task: PoolTask): void;
  drain(): Promise<void>;
  /** Tasks holding a place now (for tests and the bench). */
  readonly active: number;
};

export function createTaskPool(limit: number, onError: (err: unknown) => void): TaskPool {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`task pool limit must be a positive integer, got ${limit}`);
  const queue: PoolTask[] = [];
  let active = 0;
  // Started and not settled, holding a place or not.
  let unsettled = 0;
  let idle: (() => void)[] = [];

  const settleIfIdle = () => {
    if (unsettled > 0 || queue.length > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  const pump = () => {
    while (active < limit && queue.length > 0) {
      const task = queue.shift() as PoolTask;
      active++;
      unsettled++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        active--;
        pump();
      };
      // A task that throws before its first await must not break the loop (or the caller).
      Promise.resolve()
        .then(() => task(release))
        .catch(onError)
        .finally(() => {
          unsettled--;
          release();
          settleIfIdle();
        });
    }
  };

  return {
    add(task) {
      queue.push(task);
      pump();
    },
    drain() {
      if (unsettled === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    get active() {
      return active;
    },
  };
}
