import 'server-only';
import { listRuns, getEvaluation, type RunWithSettings } from '@/db/queries/runs';
import { getServersByNames } from '@/db/queries/servers';
import { isPostgres } from '@/db/dialect';
import { cancelBatch, createBatch } from '../../eval/run/batch';
import { subscribeJob, waitForJob } from '../../eval/run/jobs';
import type { JobEvent } from '../../eval/api/dto';
import { subscribeBatchEvents } from '../../queue/batch-signals';
import { AppError } from '../../errors';
import { createServer, deleteServer, listServerTools } from '../../servers/service';
import { createTestCase } from '../../test-cases/service';
import { TestCaseFieldsSchema } from '../../test-cases/schemas';
import { InfrastructureError, SuiteError } from '../errors';
import type { CaseResult } from '../results/schema';
import type { ResolvedCase, ResolvedSuite } from '../suite/load';
import { sequenceOf } from '../suite/sequence';
import { modelLabel, toolLabel, type Executor } from './types';
import { sampleAgreementOf } from '@/lib/eval/judge/confidence';

/**
 * Runs a suite in this process with the app's own lib code on the current DATA_DIR: the
 * suite's servers and cases are (re)registered under their names, one batch runs them.
 */
export const runEmbedded: Executor = async ({ suite, keys, progress, signal }) => {
  const serverIds = await registerServers(suite, signal);
  const byDbId = new Map<string, ResolvedCase>();
  for (const c of suite.cases) byDbId.set(await createCase(c, serverIds, suite), c);

  const batch = await wrap(suite, () =>
    createBatch({ name: `mcp-eval ${suite.name}`, models: suite.models, samples: suite.samples, concurrency: suite.concurrency, testCaseIds: [...byDbId.keys()] }, keys),
  );
  progress.start(batch.counts.total);
  const ticked = new Set<string>();
  const tick = (e: { runId: string; testCaseId: string; status: string; classification: string | null; errorMessage: string | null }) => {
    if (ticked.has(e.runId)) return;
    ticked.add(e.runId);
    const c = byDbId.get(e.testCaseId);
    progress.tick(`${e.status === 'completed' ? (e.classification ?? '?') : 'ERROR'} ${c?.name ?? e.testCaseId}${e.errorMessage ? `: ${e.errorMessage}` : ''}`);
  };
  const abort = () => void cancelBatch(batch.id);
  signal.addEventListener('abort', abort, { once: true });
  await followBatch(batch.id, (e) => {
    if (e.type === 'run') tick(e);
  });
  signal.removeEventListener('abort', abort);

  const { rows } = await listRuns({ batchId: batch.id, limit: 100_000, offset: 0 });
  // Runs that ended before the subscription started are reported now, so every run that ran is ticked once.
  for (const run of rows) if (run.status === 'completed' || run.status === 'failed') tick({ runId: run.id, testCaseId: run.testCaseId, status: run.status, classification: run.classification, errorMessage: run.errorMessage });
  progress.done();
  return Promise.all(rows.map((run) => toCaseResult(run, byDbId.get(run.testCaseId))));
};

/**
 * Hands the batch's events to `listener` until it is over. SQLite: this process's job. Postgres:
 * the queue's signals (this process works the batch, but its events travel as on a team install).
 */
async function followBatch(batchId: string, listener: (e: JobEvent) => void): Promise<void> {
  if (!isPostgres()) {
    const unsubscribe = subscribeJob(batchId, listener);
    await waitForJob(batchId);
    unsubscribe?.();
    return;
  }
  let finished = () => undefined as void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const unsubscribe = await subscribeBatchEvents(batchId, (e) => {
    listener(e);
    if (e.type === 'done') finished();
  });
  if (unsubscribe) await done;
  unsubscribe?.();
}

/** Turns the app's validation errors into suite errors (exit 2) naming the suite. */
async function wrap<T>(suite: ResolvedSuite, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new SuiteError([{ file: suite.file, line: null, field: err.code, message: err.message }]);
    throw err;
  }
}

async function registerServers(suite: ResolvedSuite, signal: AbortSignal): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // A reused data dir: the suite's definition wins over what an earlier run registered.
  for (const old of await getServersByNames(suite.servers.map((s) => s.name))) await deleteServer(old.id, true);
  for (const { name, input } of suite.servers) {
    let created;
    try {
      created = await createServer(input);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw new SuiteError([{ file: suite.file, line: null, field: `servers.${name}`, message: err.message }]);
      throw new InfrastructureError(`server ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
    ids.set(name, created.id);
    if (input.transport === 'static') continue;
    try {
      await listServerTools(created.id, signal);
    } catch (err) {
      throw new InfrastructureError(`server ${name} is unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return ids;
}

const takesArgumentMatching = 'argumentMatching' in TestCaseFieldsSchema.shape;

function createCase(c: ResolvedCase, serverIds: Map<string, string>, suite: ResolvedSuite): Promise<string> {
  return wrap(suite, async () => {
    const input = {
      name: c.name,
      query: c.query,
      serverIds: c.servers.map((s) => serverIds.get(s) as string),
      expectedServer: c.expectedServer,
      expectedTool: c.expectedTool,
      expectedParameters: c.expectedParameters,
      // Argument-matching profiles land with the BFCL work; until then every case is strict.
      ...(takesArgumentMatching ? { argumentMatching: c.argumentMatching } : {}),
      ...sequenceOf(c),
    };
    // A suite re-run on the same data directory creates its cases again under the same names.
    return (await createTestCase(TestCaseFieldsSchema.parse(input), { allowDuplicateName: true })).id;
  });
}

async function toCaseResult(run: RunWithSettings, c: ResolvedCase | undefined): Promise<CaseResult> {
  const evaluation = run.status === 'completed' ? await getEvaluation(run.id) : undefined;
  return {
    id: c?.id ?? run.testCaseId,
    name: c?.name ?? run.testCaseName,
    model: run.settings ? modelLabel(run.settings) : 'unknown',
    status: run.status === 'completed' ? 'completed' : 'failed',
    classification: run.status === 'completed' ? run.classification : null,
    expected: toolLabel(c?.expectedServer ?? null, c?.expectedTool ?? null),
    selected: toolLabel(run.selectedServer, run.selectedTool),
    confidence: run.confidenceScore,
    argumentScore: evaluation?.parameterCorrectness ?? null,
    argumentMatching: c?.argumentMatching ?? 'strict',
    failureReasons: run.failureReasons ?? [],
    samples: { count: run.samples, agreement: sampleAgreementOf(run) },
    error: run.status === 'completed' ? null : (run.errorMessage ?? `run ${run.status}`),
  };
}
