import { setBatchStatus } from '@/db/queries/batches';
import { cancelPendingRuns } from '@/db/queries/runs';
import { cancelJob, startJob, waitForJob } from '../eval/run/jobs';
import type { BatchQueue } from './types';

/**
 * SQLite's batches (issue 20: today's in-process runner behind the queue interface): a batch
 * is one job of this process (lib/eval/run/jobs.ts), worked by the submitter's runner with the
 * batch's own concurrency; its events, cancel and the shutdown marking are the jobs'.
 */
export function createInProcessBatches(): BatchQueue {
  return {
    async submit({ write, runHere }) {
      const { batchId } = await write();
      startJob(batchId, (signal, emit) => runHere(batchId, signal, emit));
      return batchId;
    },
    async cancel(batchId, settleMs) {
      if (cancelJob(batchId)) {
        await Promise.race([waitForJob(batchId), new Promise((r) => setTimeout(r, settleMs).unref())]);
        return;
      }
      // No job in this process (e.g. it vanished): settle the rows directly.
      await cancelPendingRuns(batchId, 'cancelled before it started');
      await setBatchStatus(batchId, 'cancelled');
    },
  };
}
