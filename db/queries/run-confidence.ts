import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getSqlite } from '../client';
import { isPostgres } from '../dialect';
import { all, dialectSql, run } from '../sql';
import { inSqliteTurn } from '../transaction';

// Read once, as db/tables.ts does: the dialect is fixed for the life of the process.
const postgres = isPostgres();

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

// Only a completed run takes it (a run deleted or reset meanwhile is left alone); the raw
// response is patched in SQL rather than read, parsed and written back whole: the pending mark
// (and an earlier error) dropped, the assessment set, with the error when it failed.
const RUN_SQLITE = `update test_runs set confidence_score = @confidenceScore, confidence_category = @confidenceCategory,
    confidence_source = @confidenceSource,
    input_tokens = coalesce(input_tokens, 0) + @inputTokens, output_tokens = coalesce(output_tokens, 0) + @outputTokens,
    llm_response_raw = case when @assessmentError is null
      then json_set(json_remove(coalesce(llm_response_raw, '{}'), '$.assessmentPending', '$.assessmentError'), '$.assessment', json(@assessment))
      else json_set(json_remove(coalesce(llm_response_raw, '{}'), '$.assessmentPending'), '$.assessment', json(@assessment), '$.assessmentError', @assessmentError)
    end
  where id = @id and status = 'completed'`;

const EVALUATION = `update evaluation_results set confidence_score = @confidenceScore, confidence_category = @confidenceCategory,
    reasoning = @reasoning, recommendations = @recommendations
  where test_run_id = @id`;

function paramsOf(id: string, w: AssessmentWrite) {
  return {
    run: {
      id,
      confidenceScore: w.confidenceScore,
      confidenceCategory: w.confidenceCategory,
      confidenceSource: w.confidenceSource,
      inputTokens: w.usage.inputTokens,
      outputTokens: w.usage.outputTokens,
      assessment: JSON.stringify(w.assessment ?? null),
      assessmentError: w.assessmentError === null ? null : w.assessmentError.slice(0, 4000),
    },
    evaluation: {
      id,
      confidenceScore: w.confidenceScore,
      confidenceCategory: w.confidenceCategory,
      reasoning: w.reasoning,
      recommendations: w.recommendations === null || w.recommendations === undefined ? null : JSON.stringify(w.recommendations),
    },
  };
}

/** SQLite: both rows of one run, synchronously; call inside a transaction. False when there is no completed run `id`. */
function writeAssessmentSqlite(id: string, w: AssessmentWrite): boolean {
  const sqlite = getSqlite();
  const p = paramsOf(id, w);
  if (sqlite.prepare(RUN_SQLITE).run(p.run).changes === 0) return false;
  sqlite.prepare(EVALUATION).run(p.evaluation);
  return true;
}

/**
 * Postgres: every item's two rows in one call of mcp_eval_record_assessments (Postgres migration
 * 0007: two multi-row statements, the values as JSON), however many items. Both statements fire
 * the metrics rollup's triggers on the batch's shared group rows, whose locks are held to the
 * commit: one round trip in a transaction of its own holds them only while the server works.
 * Answers, per item, whether its completed run was there to take it.
 */
async function writeAssessmentsPostgres(items: readonly { id: string; write: AssessmentWrite }[]): Promise<boolean[]> {
  const params = items.map((item) => paramsOf(item.id, item.write));
  const written = await all<{ id: string }>(
    sql`select id from mcp_eval_record_assessments(${JSON.stringify(params.map((p) => p.run))}::jsonb, ${JSON.stringify(params.map((p) => p.evaluation))}::jsonb) as id`,
  );
  const done = new Set(written.map((r) => r.id));
  return items.map((item) => done.has(item.id));
}

/**
 * Writes assessments in one transaction, each run's two rows together. SQLite, where the
 * deferred assessments of a busy batch land: one synchronous transaction over prepared
 * statements once no other context's transaction is open.
 */
async function writeAll(items: readonly { id: string; write: AssessmentWrite }[]): Promise<boolean[]> {
  if (!postgres) {
    const sqlite = getSqlite();
    // eslint-disable-next-line no-restricted-syntax -- SQLite fast path (not on Postgres): one synchronous better-sqlite3 transaction behind the gate
    return inSqliteTurn(() => sqlite.transaction(() => items.map((item) => writeAssessmentSqlite(item.id, item.write)))());
  }
  return writeAssessmentsPostgres(items);
}

/**
 * Writes a run's deferred confidence in one transaction (run row and evaluation together).
 * Answers false when there is no completed run `id` any more (nothing is written then).
 */
export async function recordAssessment(id: string, w: AssessmentWrite): Promise<boolean> {
  return (await writeAll([{ id, write: w }]))[0] ?? false;
}

type Queued = { id: string; write: AssessmentWrite; resolve: (written: boolean) => void; reject: (err: unknown) => void };
let queued: Queued[] = [];

async function flushQueued(): Promise<void> {
  const batch = queued;
  queued = [];
  try {
    const written = await writeAll(batch);
    batch.forEach((item, i) => item.resolve(written[i] ?? false));
  } catch {
    // One bad row must not cost the others theirs: each on its own, each with its own answer.
    for (const item of batch) {
      try {
        item.resolve(await recordAssessment(item.id, item.write));
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
    if (queued.length === 0) setImmediate(() => void flushQueued());
    queued.push({ id, write: w, resolve, reject });
  });
}

export const INTERRUPTED_ASSESSMENT = 'interrupted: the app stopped before the self-assessment finished';

/**
 * Start-up and shutdown: completed runs whose deferred self-assessment never came back (the
 * app stopped in between) are unrated for good; they stop saying it is pending. Only runs of
 * batches that did not finish are looked at, through the batch index. `batchIds` limits it to
 * those batches (a process's own on Postgres, where other processes' assessments may be in flight).
 */
export async function recoverPendingAssessments(batchIds?: readonly string[]): Promise<number> {
  if (batchIds?.length === 0) return 0;
  const pending = assessmentPendingSql();
  const patched = dialectSql({
    sqlite: sql`json_set(json_remove(llm_response_raw, '$.assessmentPending'), '$.assessmentError', ${INTERRUPTED_ASSESSMENT})`,
    postgres: sql`((llm_response_raw::jsonb - 'assessmentPending') || jsonb_build_object('assessmentError', cast(${INTERRUPTED_ASSESSMENT} as text)))::json`,
  });
  return run(sql`update test_runs set llm_response_raw = ${patched}
    where batch_id in (select id from run_batches where status in ('pending', 'running', 'interrupted'))
      ${batchIds ? sql`and batch_id in (${sql.join(batchIds.map((id) => sql`${id}`), sql`, `)})` : sql``}
      and status = 'completed' and confidence_source is null and ${pending}`);
}

/** SQL: a test_runs row (unqualified columns) whose verdict is stored and whose deferred self-assessment is not in yet. */
export function assessmentPendingSql(): SQL {
  return dialectSql({
    sqlite: sql`status = 'completed' and confidence_source is null and json_valid(llm_response_raw) and json_extract(llm_response_raw, '$.assessmentPending') = 1`,
    postgres: sql`status = 'completed' and confidence_source is null and json_typeof(llm_response_raw) = 'object' and llm_response_raw ->> 'assessmentPending' = 'true'`,
  });
}

/**
 * Postgres: runs whose deferred self-assessment no live process will record (its process died
 * holding the run's lock): unrated for good, as recoverPendingAssessments says. Answers their batches.
 */
export async function abandonPendingAssessments(runIds: readonly string[], message: string): Promise<string[]> {
  if (runIds.length === 0) return [];
  const patched = dialectSql({
    sqlite: sql`json_set(json_remove(llm_response_raw, '$.assessmentPending'), '$.assessmentError', ${message})`,
    postgres: sql`((llm_response_raw::jsonb - 'assessmentPending') || jsonb_build_object('assessmentError', cast(${message} as text)))::json`,
  });
  const rows = await all<{ batchId: string | null }>(sql`update test_runs set llm_response_raw = ${patched}
    where id in (${sql.join(runIds.map((id) => sql`${id}`), sql`, `)}) and ${assessmentPendingSql()}
    returning batch_id as "batchId"`);
  return [...new Set(rows.map((r) => r.batchId).filter((b): b is string => b !== null))];
}
