/**
 * The app's start-up and a running batch in a real process, for tests/shutdown.test.ts:
 *   node --conditions=react-server --import tsx tests/shutdown-process.ts <openai-compatible base URL>
 * DATA_DIR comes from the environment. Runs start-up (which takes over SIGTERM/SIGINT), registers
 * server-everything over stdio, starts a batch against the given (slow) LLM endpoint and prints one
 * JSON line {batchId, runIds} once a run is under way; then waits for a signal.
 */
import { listRuns } from '@/db/queries/runs';
import { createBatch } from '@/lib/eval/run/batch';
import { BatchInputSchema } from '@/lib/eval/api/schemas';
import { createServer } from '@/lib/servers/service';
import { runStartup } from '@/lib/startup';
import { createTestCase } from '@/lib/test-cases/service';
import { TestCaseInputSchema } from '@/lib/test-cases/schemas';
import { EVERYTHING_BIN } from './helpers/everything';

async function main(): Promise<void> {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('usage: shutdown-process.ts <base URL>');
  // What `next start` installs before the instrumentation hook runs: exit 143 once its server is closed.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => setImmediate(() => process.exit(143)));
  await runStartup();
  const server = await createServer({ name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] });
  if (server.status !== 'active') throw new Error(`server-everything did not start: ${server.statusDetail}`);
  const testCaseIds: string[] = [];
  for (const [i, query] of ['echo hello', 'add 2 and 3', 'print the env'].entries()) {
    testCaseIds.push((await createTestCase(TestCaseInputSchema.parse({ name: `case ${i}`, query, serverIds: [server.id], expectedServer: 'everything', expectedTool: 'echo' }))).id);
  }
  const batch = await createBatch(
    BatchInputSchema.parse({ testCaseIds, concurrency: 2, models: [{ provider: 'openai-compatible', model: 'slow', baseUrl, timeout: 300, maxRetries: 0 }] }),
    {},
  );
  for (;;) {
    const runs = await listRuns({ batchId: batch.id, limit: 100, offset: 0 });
    if (runs.rows.some((r) => r.status === 'running')) {
      process.stdout.write(`${JSON.stringify({ batchId: batch.id, runIds: runs.rows.map((r) => r.id) })}\n`);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
