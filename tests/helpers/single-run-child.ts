/**
 * The app process of tests/queue-single-run.test.ts: on the test's Postgres (DATABASE_URL from
 * the parent), starts a single-case run as POST /api/test-cases/{id}/run does, prints
 * 'started <runId>' once the run is running, and waits to be killed.
 *   node --conditions=react-server --import tsx tests/helpers/single-run-child.ts '<{"testCaseId", "baseUrl"}>'
 */
import { prepareDatabase } from '../../db/client';
import { getRun } from '../../db/queries/runs';
import { createSingleRun } from '../../lib/eval/run/batch';

type Args = { testCaseId: string; baseUrl: string };

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as Args;
  await prepareDatabase();
  const run = await createSingleRun(args.testCaseId, { model: { provider: 'openai-compatible', model: 'scripted', baseUrl: args.baseUrl, timeout: 120, temperature: 0, maxRetries: 0 }, samples: 1 }, {});
  while ((await getRun(run.id))?.status !== 'running') await new Promise((r) => setTimeout(r, 20));
  process.stdout.write(`started ${run.id}\n`);
  setInterval(() => undefined, 60_000);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
