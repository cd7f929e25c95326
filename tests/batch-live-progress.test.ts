import { describe, expect, it } from 'vitest';
import * as eventsRoute from '@/app/api/batches/[id]/events/route';
import { sql } from 'drizzle-orm';
import { isPostgres } from '@/db/dialect';
import { run as runSql } from '@/db/sql';
import { startJob, waitForJob } from '@/lib/eval/run/jobs';
import { getRunQueue } from '@/lib/queue/active';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

const sum: Tool = { server: 'everything', name: 'get-sum' };

type Frame = { event: string; data: Record<string, unknown> };

function frames(text: string): Frame[] {
  return text
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('event: '))
    .map((chunk) => {
      const [head, data] = chunk.split('\n');
      return { event: (head ?? '').slice('event: '.length), data: JSON.parse((data ?? '').slice('data: '.length)) as Record<string, unknown> };
    });
}

describe('GET /api/batches/{id}/events names runs and counts per model', () => {
  it('sends each finished run with its test case and model, and progress per model', async () => {
    const w = createRunWriter();
    const testCaseId = w.testCase({ name: 'adds two numbers', expected: sum });
    const local = w.modelSettings({ provider: 'local', model: 'hybrid' });
    const openai = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const batchId = w.batch({ name: 'live names' });
    const done = w.run({ batchId, testCaseId, modelSettingsId: local, selected: sum });
    w.run({ batchId, testCaseId, modelSettingsId: openai, status: 'pending' });
    w.run({ batchId, testCaseId, modelSettingsId: openai, status: 'failed', errorMessage: 'boom' });

    await w.flush();

    if (isPostgres()) {
      // Postgres: whichever process works the batch, its events reach the stream by the queue's NOTIFY.
      await runSql(sql`update run_batches set status = 'running' where id = ${batchId}`);
      const { queue } = await getRunQueue();
      const response = call(eventsRoute.GET, 'GET', `/api/batches/${batchId}/events`, { params: { id: batchId } });
      await new Promise((r) => setTimeout(r, 200));
      await queue.bus.publish({ type: 'run', batchId, runId: done });
      await queue.bus.publish({ type: 'done', batchId, status: 'completed' });
      return check(frames((await response).text), done);
    }
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    startJob(batchId, async (_signal, emit) => {
      await gate;
      emit({ type: 'run', runId: done, testCaseId, status: 'completed', classification: 'TP', errorMessage: null });
      return 'completed';
    });
    const response = call(eventsRoute.GET, 'GET', `/api/batches/${batchId}/events`, { params: { id: batchId } });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await waitForJob(batchId);
    check(frames((await response).text), done);
  });
});

/** The run frame names the run; the first and the last progress carry the per-model counts. */
function check(events: Frame[], done: string): void {
  const run = events.find((f) => f.event === 'run');
  expect(run?.data).toMatchObject({ runId: done, testCaseName: 'adds two numbers', provider: 'local', model: 'hybrid', classification: 'TP' });
  const first = events[0];
  expect(first?.event).toBe('progress');
  expect(first?.data.byModel).toEqual([
    { provider: 'local', model: 'hybrid', total: 1, pending: 0, running: 0, completed: 1, failed: 0, cancelled: 0 },
    { provider: 'openai', model: 'gpt-4o-mini', total: 2, pending: 1, running: 0, completed: 0, failed: 1, cancelled: 0 },
  ]);
  expect(events.at(-1)?.event).toBe('done');
  // The last progress before done always carries the per-model counts.
  expect(events.at(-2)?.data.byModel).toHaveLength(2);
}
