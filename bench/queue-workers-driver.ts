/**
 * The app side of queue-workers.bench.ts, in a process of its own so DATABASE_URL is set before
 * any query module loads: `node --conditions=react-server --import tsx bench/queue-workers-driver.ts '<json>'`
 * with {demoBaseUrl, llmBaseUrl, runs}. Prepares the database, the two demo servers and `runs`
 * test cases, prints `ready`; on a `go` line on stdin, writes the batch and its jobs in one
 * transaction (as createBatch does on Postgres, but without working runs itself: the workers
 * do all of it) and prints one JSON line {wallMs, verdictsMs, status, counts, errors, sources, inFlight} when the batch
 * ends (inFlight: the runs running at each 50 ms sample taken while some were still queued).
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
  // In flight: runs a worker holds (status running), sampled while runs still wait in the queue.
  const inFlight: number[] = [];
  for (;;) {
    const [row] = await all<{ pending: number; running: number; batch: string }>(
      sql`SELECT count(*) FILTER (WHERE r.status = 'pending')::int AS pending, count(*) FILTER (WHERE r.status = 'running')::int AS running,
            (SELECT status FROM run_batches WHERE id = ${batchId}) AS batch
          FROM test_runs r WHERE r.batch_id = ${batchId} AND r.status IN ('pending', 'running')`,
    );
    if (row && row.pending > 0) inFlight.push(row.running);
    if (Number.isNaN(verdictsMs) && row?.pending === 0 && row.running === 0) verdictsMs = performance.now() - started;
    if (row && !['pending', 'running'].includes(row.batch)) {
      const wallMs = performance.now() - started;
      const batch = await getBatchDto(batchId);
      const errors = await all<{ error: string; n: number }>(sql`SELECT left(error_message, 160) AS error, count(*)::int AS n FROM test_runs WHERE batch_id = ${batchId} AND error_message IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 5`);
      const sources = await all<{ source: string; n: number }>(sql`SELECT coalesce(confidence_source, 'unrated') AS source, count(*)::int AS n FROM test_runs WHERE batch_id = ${batchId} GROUP BY 1 ORDER BY 1`);
      process.stdout.write(`${JSON.stringify({ wallMs, verdictsMs, status: batch.status, counts: batch.counts, errors, sources, inFlight })}\n`);
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stopRunQueue(0);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? `${err.stack}\ncause: ${String((err as { cause?: unknown }).cause)}` : String(err)}\n`);
  process.exit(1);
});
