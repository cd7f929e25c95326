import { isPostgres } from '@/db/dialect';
import { getBatchDto } from '@/lib/eval/run/batch';
import { waitForJob } from '@/lib/eval/run/jobs';

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/**
 * Resolves once the batch has finished. SQLite runs it as a job of this process (waitForJob);
 * on Postgres its runs go through the queue, so the batch row's status is polled instead.
 */
export async function waitForBatch(id: string, timeoutMs = 120_000): Promise<void> {
  if (!isPostgres()) return waitForJob(id);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await getBatchDto(id);
    if (FINISHED.has(status)) return;
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
