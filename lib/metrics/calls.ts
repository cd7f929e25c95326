import type { MetricsScope } from '@/db/queries/metrics';
import { selectCallFiguresByModel, selectCallOutcomes, selectSequenceCaseFigures } from '@/db/queries/metrics-calls';
import { computeF1, computeRates, divideOrNull, toConfusionCounts, type ConfusionCounts, type HeadlineRates } from './rates';

/**
 * The per-call figures of sequence runs (issue 17), beside the per-case figures of the summary:
 * each expected call is TP (made) or FN (missing), each unexpected call FP; the per-case part
 * is the sequence runs' own classification, steps, tokens and latency. null when the filters
 * cover no sequence run.
 */
export type CallMetrics = {
  /** Sequence runs covered. */
  runs: number;
  counts: { tp: number; fp: number; fn: number };
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Mean argument correctness over the made calls that had expected values. */
  argumentCorrectness: number | null;
  perCase: HeadlineRates & {
    counts: ConfusionCounts;
    steps: { mean: number | null; max: number | null };
    /** Input plus output tokens per case, over all its steps. */
    tokensMean: number | null;
    latencyMeanMs: number | null;
  };
  /** Per model: its sequence runs, per-call counts and rates, mean steps. */
  byModel: {
    provider: string | null;
    model: string | null;
    runs: number;
    counts: { tp: number; fp: number; fn: number };
    precision: number | null;
    recall: number | null;
    f1: number | null;
    argumentCorrectness: number | null;
    stepsMean: number | null;
  }[];
};

export async function getCallMetrics(scope: MetricsScope): Promise<CallMetrics | null> {
  const cases = await selectSequenceCaseFigures(scope);
  if (cases.runs === 0) return null;
  const calls = await selectCallOutcomes(scope);
  const models = await selectCallFiguresByModel(scope);
  const counts = toConfusionCounts(cases);
  return {
    runs: cases.runs,
    counts: { tp: calls.tp, fp: calls.fp, fn: calls.fn },
    precision: divideOrNull(calls.tp, calls.tp + calls.fp),
    recall: divideOrNull(calls.tp, calls.tp + calls.fn),
    f1: computeF1(calls.tp, calls.fp, calls.fn),
    argumentCorrectness: calls.scoredCalls > 0 ? calls.argumentCorrectness : null,
    perCase: {
      counts,
      ...computeRates(counts),
      steps: { mean: divideOrNull(cases.stepsSum, cases.runs), max: cases.stepsMax },
      tokensMean: divideOrNull(cases.tokensSum, cases.runs),
      latencyMeanMs: divideOrNull(cases.latencySum, cases.latencyRuns),
    },
    byModel: models.map((m) => ({
      provider: m.provider,
      model: m.model,
      runs: m.runs,
      counts: { tp: m.tp, fp: m.fp, fn: m.fn },
      precision: divideOrNull(m.tp, m.tp + m.fp),
      recall: divideOrNull(m.tp, m.tp + m.fn),
      f1: computeF1(m.tp, m.fp, m.fn),
      argumentCorrectness: m.scoredCalls > 0 ? m.argumentCorrectness : null,
      stepsMean: divideOrNull(m.stepsSum, m.runs),
    })),
  };
}
