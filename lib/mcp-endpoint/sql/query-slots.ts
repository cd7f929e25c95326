/**
 * A bounded number of queries at once (each is a process holding a core and up to the memory
 * cap), and fewer per key, so one key's runaway queries cannot take every slot from the
 * others. The rest wait in a short queue, served first-come among the keys that have room; a
 * full queue is refused at once rather than piling up work that would only time out.
 */
export type Slots = {
  /** Resolves with a release function once a slot is free for `key`; rejects when `signal` aborts first. */
  acquire(signal: AbortSignal, key?: string): Promise<() => void>;
  stats(): { running: number; queued: number };
};

export class SlotsFullError extends Error {}

type Waiter = { key: string; grant: () => void };

export function createSlots(size: number, maxQueued: number, perKey = size): Slots {
  let running = 0;
  const byKey = new Map<string, number>();
  const queue: Waiter[] = [];

  const hasRoom = (key: string) => running < size && (byKey.get(key) ?? 0) < perKey;
  const take = (key: string) => {
    running++;
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
  };
  const drop = (key: string) => {
    running--;
    const left = (byKey.get(key) ?? 1) - 1;
    if (left > 0) byKey.set(key, left);
    else byKey.delete(key);
  };
  const admit = () => {
    for (let i = 0; i < queue.length && running < size; ) {
      const waiter = queue[i] as Waiter;
      if (!hasRoom(waiter.key)) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      waiter.grant();
    }
  };
  const releaser = (key: string) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      drop(key);
      admit();
    };
  };
  const reason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new Error('aborted'));

  return {
    acquire(signal, key = '') {
      if (signal.aborted) return Promise.reject(reason(signal));
      // Every release admits the waiters that have room, so none of them is passed here.
      if (hasRoom(key)) {
        take(key);
        return Promise.resolve(releaser(key));
      }
      if (queue.length >= maxQueued) return Promise.reject(new SlotsFullError(`${running} running and ${queue.length} waiting`));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(reason(signal));
        };
        const waiter: Waiter = {
          key,
          grant: () => {
            signal.removeEventListener('abort', onAbort);
            take(key);
            resolve(releaser(key));
          },
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
    stats: () => ({ running, queued: queue.length }),
  };
}
