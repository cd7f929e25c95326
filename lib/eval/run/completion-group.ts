import 'server-only';
import { completeRuns, type RunCompletion } from '@/db/queries/runs';
import { yieldToEventLoop } from '../../event-loop';

/** completeRun's signature, as a batch's runs call it. */
export type CompleteRun = (id: string, snapshot: RunCompletion['snapshot'], values: RunCompletion['values'], evaluation: RunCompletion['evaluation']) => Promise<boolean>;

/**
 * A batch's completions, group-committed: a completion waits for the other runs finishing now
 * (their finishes queue in yieldToEventLoop, one per turn, and the write joins the end of that
 * queue), then all of them are written in one transaction (completeRuns). Each still answers
 * for itself, as completeRun: true, false when its run had already ended, or its own error.
 */
export function groupedCompletions(): CompleteRun {
  let queued: { item: RunCompletion; resolve: (written: boolean) => void; reject: (err: unknown) => void }[] = [];
  const flush = async () => {
    const group = queued;
    queued = [];
    const results = await completeRuns(group.map((g) => g.item)).catch((err: unknown) => group.map((): PromiseSettledResult<boolean> => ({ status: 'rejected', reason: err })));
    group.forEach((g, i) => {
      const r = results[i];
      if (r?.status === 'fulfilled') g.resolve(r.value);
      else g.reject(r ? r.reason : new Error('no answer for a grouped completion'));
    });
  };
  return (id, snapshot, values, evaluation) =>
    new Promise((resolve, reject) => {
      if (queued.length === 0) void yieldToEventLoop().then(flush);
      queued.push({ item: { id, snapshot, values, evaluation }, resolve, reject });
    });
}
