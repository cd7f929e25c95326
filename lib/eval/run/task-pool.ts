/**
 * At most `limit` background tasks at once, in the order they were added; `drain()` settles
 * when every task added so far (and any added while draining) has. Tasks report their own
 * failures: one that throws anyway is logged by `onError` and the pool goes on.
 */
export type TaskPool = {
  add(task: () => Promise<void>): void;
  drain(): Promise<void>;
  /** Tasks running now (for tests and the bench). */
  readonly active: number;
};

export function createTaskPool(limit: number, onError: (err: unknown) => void): TaskPool {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`task pool limit must be a positive integer, got ${limit}`);
  const queue: (() => Promise<void>)[] = [];
  let active = 0;
  let idle: (() => void)[] = [];

  const settleIfIdle = () => {
    if (active > 0 || queue.length > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  const pump = () => {
    while (active < limit && queue.length > 0) {
      const task = queue.shift() as () => Promise<void>;
      active++;
      // A task that throws before its first await must not break the loop (or the caller).
      Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => {
          active--;
          pump();
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
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    get active() {
      return active;
    },
  };
}
