/**
 * The in-process queue (lib/queue/in-process.ts): SQLite's side of the queue interface, in memory.
 */
import { describe, expect, it } from 'vitest';
import { createInProcessQueue } from '@/lib/queue/in-process';
import { createInProcessBatches } from '@/lib/queue/in-process-batches';
import { isJobRunning, subscribeJob, waitForJob } from '@/lib/eval/run/jobs';
import type { JobEvent } from '@/lib/eval/api/dto';
import type { QueuedRun, QueueSignal } from '@/lib/queue/types';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

const runs = (n: number, batchId: string): QueuedRun[] => Array.from({ length: n }, (_, i) => ({ runId: `${batchId}-${i}`, batchId, keyed: false }));

describe('in-process run queue', () => {
  it('works queued runs in order, never more than the concurrency at once, each once', async () => {
    const q = createInProcessQueue();
    const started: string[] = [];
    let active = 0;
    let peak = 0;
    const w = await q.work(
      async (run) => {
        started.push(run.runId);
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
      },
      { concurrency: 3 },
    );
    const batch = runs(10, 'b');
    await q.enqueue(batch);
    await q.enqueue(batch.slice(0, 2)); // already queued: not twice
    await until(() => started.length === 10 && active === 0);
    await w.stop();
    expect(started).toEqual(batch.map((r) => r.runId));
    expect(peak).toBe(3);
    await q.close();
  });

  it('cancel drops the batch\'s queued runs, aborts its in-flight ones and leaves other batches alone', async () => {
    const q = createInProcessQueue();
    const heard: QueueSignal[] = [];
    q.bus.subscribe((s) => heard.push(s));
    const aborted: string[] = [];
    const done: string[] = [];
    const w = await q.work(
      async (run, ctx) => {
        if (run.batchId === 'keep') return void done.push(run.runId);
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted.push(`${run.runId}:${(ctx.signal.reason as Error).message}`);
      },
      { concurrency: 2 },
    );
    await q.enqueue(runs(5, 'stop'));
    await q.enqueue(runs(2, 'keep'));
    expect(await q.cancel('stop')).toBe(3);
    await until(() => done.length === 2);
    await w.stop();
    expect(aborted.sort()).toEqual(['stop-0:cancelled', 'stop-1:cancelled']);
    expect(done.sort()).toEqual(['keep-0', 'keep-1']);
    expect(heard).toEqual([{ type: 'cancel', batchId: 'stop' }]);
    await q.close();
  });

  it('stop waits for in-flight runs up to the drain time, then aborts them', async () => {
    const q = createInProcessQueue();
    const reasons: string[] = [];
    const w = await q.work(
      async (_run, ctx) => {
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        reasons.push((ctx.signal.reason as Error).message);
      },
      { concurrency: 2 },
    );
    await q.enqueue(runs(2, 'slow'));
    const started = performance.now();
    await w.stop({ drainMs: 100 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(reasons).toEqual(['the worker is stopping', 'the worker is stopping']);
    await q.close();
  });

  it('a submitted batch is written first, then run here as one job under its id (events, cancel, wait)', async () => {
    const batches = createInProcessBatches();
    const order: string[] = [];
    const id = await batches.submit({
      write: async () => (order.push('write'), { batchId: 'inproc-b1', runIds: ['r1', 'r2'] }),
      models: [{ provider: 'local' }],
      keys: {},
      runHere: (batchId, signal, emit) => {
        order.push(`run ${batchId}`);
        emit({ type: 'run', runId: 'r1', testCaseId: 't', status: 'completed', classification: null, errorMessage: null });
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(`stopped: ${(signal.reason as Error).message}`), { once: true }));
      },
    });
    expect(id).toBe('inproc-b1');
    expect(order).toEqual(['write', 'run inproc-b1']);
    expect(isJobRunning(id)).toBe(true);
    const heard: JobEvent[] = [];
    subscribeJob(id, (e) => heard.push(e));
    const started = performance.now();
    await batches.cancel(id, 5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    await waitForJob(id);
    expect(isJobRunning(id)).toBe(false);
    expect(heard).toEqual([{ type: 'done', status: 'stopped: cancelled' }]);
  });
});
