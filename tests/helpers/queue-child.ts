/**
 * A second process on the test's Postgres for tests/queue-pg-boss.test.ts:
 *   node --import tsx tests/helpers/queue-child.ts '<{"url", "mode": "hang" | "keyed-hang" | "cancel"}>'
 * hang: works the shared queue, writes 'started <runId>' to stdout when a run starts and never finishes it.
 * keyed-hang: enqueues one keyed run of batch "kb" to its own queue, works it, prints started, hangs.
 * cancel: works the shared queue; a run waits for its abort signal and prints 'aborted <runId> <reason>'.
 * Prints 'ready <processId>' once it consumes. The parent ends it (SIGKILL or SIGTERM).
 */
import { createPgBossQueue } from '../../lib/queue/pg-boss';

type Args = { url: string; mode: 'hang' | 'keyed-hang' | 'cancel' };

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as Args;
  const queue = await createPgBossQueue({ connectionString: args.url, onAbandoned: async () => undefined, pollMs: 100, reapEveryMs: 60_000 });
  if (args.mode === 'keyed-hang') await queue.enqueue([{ runId: '00000000-0000-4000-8000-00000000000b', batchId: 'kb', keyed: true }]);
  await queue.work(
    async (run, ctx) => {
      process.stdout.write(`started ${run.runId}\n`);
      await new Promise<void>((resolve) => {
        if (args.mode !== 'cancel') return; // hang until killed
        ctx.signal.addEventListener('abort', () => {
          process.stdout.write(`aborted ${run.runId} ${String((ctx.signal.reason as Error).message)}\n`);
          resolve();
        });
      });
    },
    { concurrency: 4 },
  );
  process.stdout.write(`ready ${queue.processId}\n`);
  process.on('SIGTERM', () => {
    void queue.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
