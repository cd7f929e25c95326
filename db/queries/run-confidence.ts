import 'server-only';
import { getDb, getSqlite, perConnection } from '../client';

/** Which method gave a run's confidence (null: none, e.g. the self-assessment failed or is still pending). */
export type ConfidenceSource = 'self_assessment' | 'logprobs' | 'sample_agreement' | 'local_margin';

/**
 * The deferred half of a samples = 1 run (see lib/eval/run/deferred-assessment): the
 * confidence, its category and what depends on them, written after the verdict.
 */
export type AssessmentWrite = {
  confidenceScore: number | null;
  confidenceCategory: 'robust' | 'misleading' | 'needs_clarity' | null;
  confidenceSource: ConfidenceSource | null;
  /** The evaluation's explanation and advice, recomputed with the confidence. */
  reasoning: string | null;
  recommendations: unknown;
  /** Kept in llm_response_raw.assessment: {confidence, reasoning, response}; null when it failed. */
  assessment: unknown;
  /** Why the run is unrated, when it is (kept in llm_response_raw.assessmentError). */
  assessmentError: string | null;
  usage: { inputTokens: number; outputTokens: number };
};

const statements = perConnection(() => ({
  // Only a completed run takes it (a run deleted or reset meanwhile is left alone); the raw
  // response is patched in SQL rather than read, parsed and written back whole.
  run: getSqlite().prepare(
    `update test_runs set confidence_score = @confidenceScore, confidence_category = @confidenceCategory,
       confidence_source = @confidenceSource,
       input_tokens = coalesce(input_tokens, 0) + @inputTokens, output_tokens = coalesce(output_tokens, 0) + @outputTokens,
       llm_response_raw = case when @assessmentError is null
         then json_set(json_remove(coalesce(llm_response_raw, '{}'), '$.assessmentPending', '$.assessmentError'), '$.assessment', json(@assessment))
         else json_set(json_remove(coalesce(llm_response_raw, '{}'), '$.assessmentPending'), '$.assessment', json(@assessment), '$.assessmentError', @assessmentError)
       end
     where id = @id and status = 'completed'`,
  ),
  evaluation: getSqlite().prepare(
    `update evaluation_results set confidence_score = @confidenceScore, confidence_category = @confidenceCategory,
       reasoning = @reasoning, recommendations = @recommendations
     where test_run_id = @id`,
  ),
}));

/** Both rows of one run; call inside a transaction. False when there is no completed run `id`. */
function writeAssessment(q: ReturnType<typeof statements>, id: string, w: AssessmentWrite): boolean {
  {
    const changed = q.run.run({
      id,
      confidenceScore: w.confidenceScore,
      confidenceCategory: w.confidenceCategory,
      confidenceSource: w.confidenceSource,
      inputTokens: w.usage.inputTokens,
      outputTokens: w.usage.outputTokens,
      assessment: JSON.stringify(w.assessment ?? null),
      assessmentError: w.assessmentError === null ? null : w.assessmentError.slice(0, 4000),
    }).changes;
    if (changed === 0) return false;
    q.evaluation.run({
      id,
      confidenceScore: w.confidenceScore,
      confidenceCategory: w.confidenceCategory,
      reasoning: w.reasoning,
      recommendations: w.recommendations === null || w.recommendations === undefined ? null : JSON.stringify(w.recommendations),
    });
    return true;
  }
}

/**
 * Writes a run's deferred confidence in one transaction (run row and evaluation together).
 * Answers false when there is no completed run `id` any more (nothing is written then).
 */
export async function recordAssessment(id: string, w: AssessmentWrite): Promise<boolean> {
  return recordAssessmentNow(id, w);
}

function recordAssessmentNow(id: string, w: AssessmentWrite): boolean {
  const q = statements();
  return getDb().transaction(() => writeAssessment(q, id, w));
}

type Queued = { id: string; write: AssessmentWrite; resolve: (written: boolean) => void; reject: (err: unknown) => void };
let queued: Queued[] = [];

function flushQueued(): void {
  const batch = queued;
  queued = [];
  try {
    const q = statements();
    const written = getDb().transaction(() => batch.map((item) => writeAssessment(q, item.id, item.write)));
    batch.forEach((item, i) => item.resolve(written[i] ?? false));
  } catch {
    // One bad row must not cost the others theirs: each on its own, each with its own answer.
    for (const item of batch) {
      try {
        item.resolve(recordAssessmentNow(item.id, item.write));
      } catch (err) {
        item.reject(err);
      }
    }
  }
}

/**
 * recordAssessment, group-committed: the assessments that come back in the same turn of the
 * event loop are written in one transaction (each run's two rows still land together), which
 * in a busy batch saves a commit per run. Resolves once written.
 */
export function recordAssessmentSoon(id: string, w: AssessmentWrite): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (queued.length === 0) setImmediate(flushQueued);
    queued.push({ id, write: w, resolve, reject });
  });
}

export const INTERRUPTED_ASSESSMENT = 'interrupted: the app stopped before the self-assessment finished';

/**
 * Start-up and shutdown: completed runs whose deferred self-assessment never came back (the
 * app stopped in between) are unrated for good; they stop saying it is pending. Only runs of
 * batches that did not finish are looked at, through the batch index.
 */
export async function recoverPendingAssessments(): Promise<number> {
  return getSqlite()
    .prepare(
      `update test_runs set llm_response_raw = json_set(json_remove(llm_response_raw, '$.assessmentPending'), '$.assessmentError', @message)
       where batch_id in (select id from run_batches where status in ('pending', 'running', 'interrupted'))
         and status = 'completed' and confidence_source is null
         and json_valid(llm_response_raw) and json_extract(llm_response_raw, '$.assessmentPending') = 1`,
    )
    .run({ message: INTERRUPTED_ASSESSMENT }).changes;
}
