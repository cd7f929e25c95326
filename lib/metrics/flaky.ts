import { z } from 'zod';
import { selectFlakyHistory, selectFlakyPairs, type FlakyFilter } from '@/db/queries/flaky';
import { readMetricsSnapshot } from '@/db/queries/metrics';
import { selectExperimentBatchIds } from '@/db/queries/metrics-experiment-batches';
import { includesExperiments } from './experiment-scope';
import { PageQuerySchema } from '../pagination';

export const FlakyQuerySchema = PageQuerySchema.extend({
  provider: z.string().trim().min(1).max(100).optional(),
  model: z.string().trim().min(1).max(200).optional(),
  testCaseId: z.string().trim().min(1).max(100).optional(),
  /** That batch's runs alone (an experiment variant's too); a verdict cannot change within one batch. */
  batchId: z.string().trim().min(1).max(100).optional(),
  /** Runs of history per case x model (newest first). */
  history: z.coerce.number().int().min(1).max(50).default(10),
  /** Experiment variants' batches are left out unless true (as in the summary, trend and confusions). */
  includeExperiments: z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'includeExperiments must be true or false' }).optional(),
}).strict();

export type FlakyQuery = z.infer<typeof FlakyQuerySchema>;

export type FlakyReason = 'samples_disagree' | 'verdict_changed';

export type FlakyRun = {
  runId: string;
  batchId: string | null;
  batchName: string | null;
  classification: 'TP' | 'FP' | 'TN' | 'FN';
  correct: boolean;
  samples: number;
  /** The sample agreement when the confidence is one (samples >= 2 and not the local router), else null. */
  agreement: number | null;
  passK: boolean | null;
  /** The content hash of the tools the run showed the model: runs with the same hash saw the same tools. */
  toolSetHash: string | null;
  createdAt: string;
};

export type FlakyCase = {
  testCaseId: string;
  testCaseName: string;
  provider: string;
  model: string;
  reasons: FlakyReason[];
  disagreeingRuns: number;
  flippedToolSets: number;
  runs: number;
  correctRuns: number;
  lastRunAt: string;
  /** The latest runs, newest first. */
  history: FlakyRun[];
};

export type FlakyList = { items: FlakyCase[]; total: number; limit: number; offset: number };

/**
 * Flaky test cases per model: samples that disagree within a run, or a verdict (right or
 * wrong) that changed between batches which showed the model the same tools. A verdict that
 * changed because the tools changed is a result, not flakiness, so it is not listed.
 */
export async function listFlakyCases(query: FlakyQuery): Promise<FlakyList> {
  return readMetricsSnapshot(async () => {
    // An experiment's `original` variant shows the same tools as a normal batch: mixed in, its runs would make
    // false "verdict changed" flips (issue 14), so its batches stay out unless asked for.
    const excludeBatchIds = includesExperiments(query) ? [] : await selectExperimentBatchIds();
    const filter: FlakyFilter = { provider: query.provider, model: query.model, testCaseId: query.testCaseId, batchId: query.batchId, excludeBatchIds };
    const { rows, total } = await selectFlakyPairs(filter, { limit: query.limit, offset: query.offset });
    const history = await selectFlakyHistory([...new Set(rows.map((r) => r.testCaseId))], query.history, { batchId: query.batchId, excludeBatchIds });
    const items = rows.map((p): FlakyCase => ({
      ...p,
      reasons: [...(p.disagreeingRuns > 0 ? (['samples_disagree'] as const) : []), ...(p.flippedToolSets > 0 ? (['verdict_changed'] as const) : [])],
      history: history
        .filter((h) => h.testCaseId === p.testCaseId && h.provider === p.provider && h.model === p.model)
        .map((h) => ({
          runId: h.runId,
          batchId: h.batchId,
          batchName: h.batchName,
          classification: h.classification,
          correct: h.classification === 'TP' || h.classification === 'TN',
          samples: h.samples,
          agreement: h.samples > 1 && (h.confidenceSource === 'sample_agreement' || (h.confidenceSource === null && h.provider !== 'local')) ? h.confidenceScore : null,
          passK: h.passK === null ? null : h.passK === 1,
          toolSetHash: h.toolSetHash,
          createdAt: h.createdAt,
        })),
    }));
    return { items, total, limit: query.limit, offset: query.offset };
  });
}
