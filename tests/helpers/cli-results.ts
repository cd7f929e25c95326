import { computeMetrics } from '@/lib/cli/results/metrics';
import type { CaseResult, Results } from '@/lib/cli/results/schema';

/** The model of the hand-made results below. */
export const RESULTS_MODEL = 'local/lexical';

/** A completed selection case of a results file, right (TP) or missed (FN), as the CLI writes it. */
export function caseResultOf(id: string, verdict: 'TP' | 'FN', model = RESULTS_MODEL, agreement: number | null = 1): CaseResult {
  return {
    id,
    name: id,
    model,
    status: 'completed',
    classification: verdict,
    expected: 'todo/x',
    selected: verdict === 'TP' ? 'todo/x' : null,
    confidence: null,
    argumentScore: null,
    argumentMatching: 'strict',
    failureReasons: [],
    samples: { count: 1, agreement },
    error: null,
  };
}

/** A results file (schema v1) holding these cases, with their metrics and no gates. */
export function resultsOf(startedAt: string, cases: CaseResult[], suite = 's'): Results {
  return { schemaVersion: 1, suite, startedAt, finishedAt: startedAt, models: [RESULTS_MODEL], cases, metrics: computeMetrics(cases), gates: [], regression: null };
}
