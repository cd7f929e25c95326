/**
 * The app side of queue-workers.bench.ts, in a process of its own so DATABASE_URL is set before
 * any query module loads: `node --conditions=react-server --import tsx bench/queue-workers-driver.ts '<json>'`
 * with {demoBaseUrl, llmBaseUrl, runs}. Prepares the database, the two demo servers and `runs`
 * test cases, prints `ready`; on a `go` line on stdin, writes the batch and its jobs in one
 * transaction (as createBatch does on Postgres, but without working runs itself: the workers
 * do all of it) and prints one JSON line {wallMs, verdictsMs, status, counts} when the batch ends.
 */
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '@/db/client';
import { insertBatchWithRuns } from '@/db/queries/batches';
import { all } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { getBatchDto } from '@/lib/eval/run/batch';
import { enqueueBatch, stopRunQueue } from '@/lib/queue/active';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';

type Args = { demoBaseUrl: string; llmBaseUrl: string; runs: number; samples: number };

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as Args;
  await prepareDatabase();
  const servers = await Promise.all(['rag', 'todo'].map((name) => createServer({ name, transport: 'streamable-http', url: `${args.demoBaseUrl}/demo/${name}/mcp` })));
  const ids: string[] = [];
  for (let i = 0; i < args.runs; i++) {
    const input = { name: `case ${i}`, query: `find passages about vector search #${i}`, serverIds: servers.map((s) => s.id), expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: { query: { $contains: 'vector' } } };
    ids.push((await createTestCase(input)).id);
  }
  const models = [{ provider: 'openai-compatible' as const, model: 'bench', baseUrl: args.llmBaseUrl, timeout: 30, temperature: 0, maxRetries: 0 }];
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => readline.createInterface({ input: process.stdin }).once('line', () => resolve()));

  const started = performance.now();
  const batchId = await withTransaction(async () => {
    const { batchId: id, runIds } = await insertBatchWithRuns({ name: 'queue bench', models: models.map((m) => ({ ...m, systemPrompt: null })), samples: args.samples, concurrency: 16, testCaseIds: ids, withBatchRow: true });
    await enqueueBatch(id as string, runIds, models, {});
    return id as string;
  });
  let verdictsMs = Number.NaN;
  for (;;) {
    const [row] = await all<{ done: number; open: number }>(
      sql`SELECT count(*) FILTER (WHERE status IN ('completed', 'failed', 'cancelled'))::int AS done, count(*) FILTER (WHERE status IN ('pending', 'running'))::int AS open FROM test_runs WHERE batch_id = ${batchId}`,
    );
    if (Number.isNaN(verdictsMs) && row?.open === 0) verdictsMs = performance.now() - started;
    const batch = await getBatchDto(batchId);
    if (!['pending', 'running'].includes(batch.status)) {
      const wallMs = performance.now() - started;
      const errors = await all<{ error: string; n: number }>(sql`SELECT left(error_message, 160) AS error, count(*)::int AS n FROM test_runs WHERE batch_id = ${batchId} AND error_message IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 5`);
      process.stdout.write(`${JSON.stringify({ wallMs, verdictsMs, status: batch.status, counts: batch.counts, errors })}\n`);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stopRunQueue(0);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? `${err.stack}\ncause: ${String((err as { cause?: unknown }).cause)}` : String(err)}\n`);
  process.exit(1);
});
