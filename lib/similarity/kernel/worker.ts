/**
 * The similarity kernel's worker thread (started by pool.ts, compiled by tsx on load): runs
 * each job it is posted (run-job.ts) and replies with its part, the typed arrays transferred.
 */
import { parentPort } from 'node:worker_threads';
import { runJob } from './run-job';
import type { KernelJob, KernelReply } from './protocol';

const port = parentPort;
if (!port) throw new Error('lib/similarity/kernel/worker.ts runs as a worker thread (see pool.ts)');
// One job at a time: the pool never posts a job before every worker answered the previous one.
port.on('message', (job: KernelJob) => {
  runJob(job).then(
    (reply) => {
      const transfer = reply.type === 'done' ? [reply.indices.buffer, reply.values.buffer, ...reply.candidates.flatMap((c) => [c.a.buffer, c.b.buffer, c.values.buffer])] : [];
      port.postMessage(reply, transfer as ArrayBuffer[]);
    },
    (err: unknown) => port.postMessage({ type: 'error', jobId: job.jobId, message: err instanceof Error ? err.message : String(err) } satisfies KernelReply),
  );
});
