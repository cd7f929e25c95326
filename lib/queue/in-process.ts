import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { log } from '../log';
import { createMemoryBus } from './notify';
import type { QueuedRun, QueueWorker, RunJobHandler, RunQueue, SignalBus } from './types';

type Waiting = { run: QueuedRun; attempt: number };
type InFlight = { run: QueuedRun; controller: AbortController; done: Promise<void> };

/**
 * SQLite, one process: the queue is memory, as the in-process runner always was. Queued runs
 * wait in order; `work` runs at most `concurrency` at once; cancel drops a batch's queued
 * runs and aborts its in-flight ones. Nothing survives the process: the start-up recovery
 * marks what a stop cut off as interrupted (lib/startup.ts).
 */
export function createInProcessQueue(): RunQueue & { bus: SignalBus } {
  const processId = randomUUID();
  const bus = createMemoryBus();
  const waiting: Waiting[] = [];
  const inFlight = new Map<string, InFlight>();
  const queued = new Set<string>();
  let pump: (() => void) | null = null;

  bus.subscribe((s) => {
    if (s.type !== 'cancel') return;
    for (const f of inFlight.values()) if (f.run.batchId === s.batchId) f.controller.abort(new Error('cancelled'));
  });

  return {
    kind: 'in-process',
    processId,
    bus,
    async enqueue(runs) {
      for (const run of runs) {
        // The run id is the job id, as on Postgres: a run is queued once.
        if (queued.has(run.runId) || inFlight.has(run.runId)) continue;
        queued.add(run.runId);
        waiting.push({ run, attempt: 0 });
      }
      pump?.();
    },
    async work(handler: RunJobHandler, { concurrency }): Promise<QueueWorker> {
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`worker concurrency must be a positive integer, got ${concurrency}`);
      if (pump) throw new Error('this in-process queue already has a worker');
      let stopping = false;
      const start = (w: Waiting) => {
        queued.delete(w.run.runId);
        const controller = new AbortController();
        setMaxListeners(0, controller.signal);
        const done = Promise.resolve()
          .then(() => handler(w.run, { signal: controller.signal, attempt: w.attempt, processId }))
          .catch((err: unknown) => log.error('run job failed', { runId: w.run.runId, error: err instanceof Error ? err.message : String(err) }))
          .finally(() => {
            inFlight.delete(w.run.runId);
            pump?.();
          });
        inFlight.set(w.run.runId, { run: w.run, controller, done });
      };
      pump = () => {
        while (!stopping && inFlight.size < concurrency && waiting.length > 0) start(waiting.shift() as Waiting);
      };
      pump();
      return {
        get inFlight() {
          return inFlight.size;
        },
        async stop({ drainMs = 10_000, abortLeft = true } = {}) {
          stopping = true;
          pump = null;
          const settle = Promise.all([...inFlight.values()].map((f) => f.done));
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([settle, new Promise<void>((r) => (timer = setTimeout(r, drainMs)))]);
          clearTimeout(timer);
          if (!abortLeft) return;
          for (const f of inFlight.values()) f.controller.abort(new Error('the worker is stopping'));
          await Promise.all([...inFlight.values()].map((f) => f.done));
        },
      };
    },
    async holdRun() {
      // One process: a stop's runs are marked interrupted at shutdown or the next start.
      return async () => undefined;
    },
    async cancel(batchId) {
      let dropped = 0;
      for (let i = waiting.length - 1; i >= 0; i--) {
        const w = waiting[i] as Waiting;
        if (w.run.batchId !== batchId) continue;
        waiting.splice(i, 1);
        queued.delete(w.run.runId);
        dropped++;
      }
      await bus.publish({ type: 'cancel', batchId });
      return dropped;
    },
    async close() {
      waiting.length = 0;
      queued.clear();
      for (const f of inFlight.values()) f.controller.abort(new Error('the queue is closing'));
      await Promise.all([...inFlight.values()].map((f) => f.done));
      await bus.close();
    },
  };
}
