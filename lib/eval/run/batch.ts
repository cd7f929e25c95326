/**
 * lib/eval/run/: the orchestration of a run and a batch. batch.ts writes a batch's pending
 * runs and works through them in the background (concurrency, cancel, every-run-failed);
 * jobs.ts keeps the in-process jobs and their events; runner.ts executes one run (tool
 * snapshot through tool-cache.ts, the provider call under run-signal.ts's timeout and
 * circuit-breaker.ts, then judge/ and the database); run-errors.ts turns failures into the
 * run's message; runs.ts reads and deletes a finished run. It uses judge/ to score and the
 * contract files of api/ (input types, DTO mappers, key lookup); it never builds a Response.
 */
import 'server-only';
import { getBatch, insertBatchWithRuns, setBatchStatus } from '@/db/queries/batches';
import { experimentOfBatch } from '@/db/queries/experiments';
import { cancelPendingRuns, claimNextRun, countRunsByStatus, getModelSettings, getRun, markRunRunning, type ModelSettingsRow } from '@/db/queries/runs';
import { existingTestCaseIds, listTestCaseIds } from '@/db/queries/test-cases';
import { NotFoundError, UnprocessableError } from '../../errors';
import { yieldToEventLoop } from '../../event-loop';
import { log } from '../../log';
import type { ModelConfig } from '../../providers/types';
import { getRunQueue } from '../../queue/active';
import { assertKeysPresent, type ApiKeys } from '../../providers/api-keys';
import { getCircuitBreakers } from './circuit-breaker';
import { toBatchDto, toRunDto, type BatchDto, type JobEvent, type TestRunDto } from '../api/dto';
import { startJob } from './jobs';
import { executeRun, type RunContext, type RunOutcome } from './runner';
import { groupedCompletions } from './completion-group';
import { createTaskPool } from './task-pool';
import type { BatchInput, SingleRunInput } from '../api/schemas';
import { ToolCache } from './tool-cache';
import type { ToolOverride } from './tool-overrides';

function settingsOf(m: ModelConfig) {
  return { ...m, baseUrl: m.baseUrl ?? null, systemPrompt: m.systemPrompt ?? null };
}

function contextFor(keys: ApiKeys, signal: AbortSignal, overrides: readonly ToolOverride[] = []): RunContext {
  const breakers = getCircuitBreakers();
  return { keys, breakers, toolCache: new ToolCache(breakers, signal), clients: new Map(), overrides };
}

function runEvent(runId: string, testCaseId: string, outcome: RunOutcome): JobEvent {
  return { type: 'run', runId, testCaseId, ...outcome };
}

/** A batch has one settings row per model: each is read once, not once per run. */
function settingsCache(): (id: string | null) => Promise<ModelSettingsRow | null> {
  const rows = new Map<string, ModelSettingsRow | null>();
  return async (id) => {
    if (id === null) return null;
    let row = rows.get(id);
    if (row === undefined) {
      row = (await getModelSettings(id)) ?? null;
      rows.set(id, row);
    }
    return row;
  };
}

/** Workers take pending runs one at a time until none is left or the batch is cancelled. */
async function processBatch(batchId: string, concurrency: number, keys: ApiKeys, signal: AbortSignal, emit: (e: JobEvent) => void): Promise<string> {
  await setBatchStatus(batchId, 'running');
  // Self-assessments (samples = 1) run after their run's verdict, in a pool of their own as
  // wide as the batch: `concurrency` bounds the runs in flight, and each may have its
  // follow-up turn in flight too (at most 2 x concurrency model calls). An assessment gives its
  // place up once the model has answered, not after its write: holding it through the write made
  // the assessments fall behind the pipelined runs and wait at the end. The batch ends when
  // every assessment is written or has failed.
  const assessments = createTaskPool(concurrency, (err) => log.error('self-assessment crashed', { batchId, error: err instanceof Error ? err.message : String(err) }));
  const ctx: RunContext = { ...contextFor(keys, signal, (await getBatch(batchId))?.toolOverrides ?? []), defer: (assess) => assessments.add(assess) };
  const settingsFor = settingsCache();
  // The verdicts of the runs finishing in the same stretch share one commit.
  const complete = groupedCompletions();
  // Pipelined: once a run's answers are in, its worker claims and sends the next run in the same
  // turn, and the answered run's judge, writes and assessment dispatch follow a turn of the event
  // loop later (yieldToEventLoop: one per turn, with I/O polled in between). Answers arrive in
  // clusters (the workers started together); finishing each before the next send made the last
  // of a cluster wait for all the others' writes. Still one selection in flight per worker; each
  // worker has at most one run finishing, awaited before it claims again and before it stops.
  const worker = async () => {
    let previous: Promise<void> = Promise.resolve();
    try {
      while (!signal.aborted) {
        const run = await claimNextRun(batchId);
        if (!run) return;
        let handOff!: () => void;
        const answered = new Promise<boolean>((resolve) => (handOff = () => resolve(true)));
        const finished = executeRun({ ...run, settings: await settingsFor(run.modelSettingsId) }, ctx, signal, {
          answered: () => {
            handOff();
            return yieldToEventLoop();
          },
          complete,
        }).then((outcome) => emit(runEvent(run.id, run.testCaseId, outcome)));
        const pipelined = await Promise.race([answered, finished.then(() => false)]);
        await previous;
        previous = finished;
        // A run with no network wait (the local provider, cached tools) settles in microtasks
        // only: without a macrotask turn here the batch ran to the end before any request.
        if (!pipelined) await yieldToEventLoop();
      }
    } finally {
      // Stopped, out of runs or crashed: the run still finishing is stored before the batch ends.
      await previous;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    // Even when a worker crashed: no assessment may write after the batch's final status.
    await assessments.drain();
  }
  if (signal.aborted) {
    await cancelPendingRuns(batchId, 'cancelled before it started');
    await setBatchStatus(batchId, 'cancelled');
    return 'cancelled';
  }
  const counts = (await countRunsByStatus([batchId])).get(batchId);
  const status = counts && counts.total > 0 && counts.failed === counts.total ? 'failed' : 'completed';
  await setBatchStatus(batchId, status, status === 'failed' ? 'every run failed; see the runs for their errors' : undefined);
  return status;
}

/** An experiment variant's batch shows its runs the tools as changed (see tool-overrides). */
export type BatchOptions = { toolOverrides?: ToolOverride[] };

/** Validates references and keys, writes the batch and its pending runs, then runs it in the background. */
export async function createBatch(input: BatchInput, keys: ApiKeys, options: BatchOptions = {}): Promise<BatchDto> {
  assertKeysPresent(input.models, keys);
  const testCaseIds = input.testCaseIds ?? (await listTestCaseIds());
  if (testCaseIds.length === 0) throw new UnprocessableError('no_test_cases', 'There are no test cases to run: create some first');
  const known = new Set(await existingTestCaseIds(testCaseIds));
  const missing = testCaseIds.filter((id) => !known.has(id));
  if (missing.length) throw new UnprocessableError('unknown_test_case', `Unknown test case id(s): ${missing.slice(0, 20).join(', ')}`, { testCaseIds: missing });

  const name = input.name ?? `Batch ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
  const values = {
    name,
    models: input.models.map(settingsOf),
    samples: input.samples,
    concurrency: input.concurrency,
    testCaseIds,
    withBatchRow: true,
    toolOverrides: options.toolOverrides ?? null,
  };
  // Issue 20: the queue decides where the batch runs. SQLite: here, as one in-process job with
  // the batch's concurrency; Postgres: its runs are queued with its rows for any process's workers.
  const { batches } = await getRunQueue();
  const id = await batches.submit({
    write: async () => {
      const { batchId, runIds } = await insertBatchWithRuns(values);
      return { batchId: batchId as string, runIds };
    },
    models: input.models,
    keys,
    runHere: (batchId, signal, emit) =>
      processBatch(batchId, input.concurrency, keys, signal, emit).catch(async (err: unknown) => {
        log.error('batch crashed', { batchId, error: err instanceof Error ? err.message : String(err) });
        await setBatchStatus(batchId, 'failed', 'internal error while running the batch');
        return 'failed';
      }),
  });
  return getBatchDto(id);
}

export async function createSingleRun(testCaseId: string, input: SingleRunInput, keys: ApiKeys): Promise<TestRunDto> {
  assertKeysPresent([input.model], keys);
  if ((await existingTestCaseIds([testCaseId])).length === 0) throw new NotFoundError('Test case', testCaseId);
  const { runIds } = await insertBatchWithRuns({ name: '', models: [settingsOf(input.model)], samples: input.samples, concurrency: 1, testCaseIds: [testCaseId], withBatchRow: false });
  const runId = runIds[0] as string;
  // Not queued (it answers at once in this process), but held: on Postgres, if this process
  // dies the queue's reaper ends the run failed "interrupted" (lib/queue/pg-boss.ts).
  const { queue } = await getRunQueue();
  startJob(runId, async (signal, emit) => {
    const release = await queue.holdRun(runId);
    try {
      await markRunRunning(runId);
      const claimed = await getRun(runId);
      const outcome: RunOutcome = claimed
        ? await executeRun(claimed, contextFor(keys, signal), signal)
        : { status: 'failed', classification: null, errorMessage: `run ${runId} vanished` };
      emit(runEvent(runId, testCaseId, outcome));
      return outcome.status;
    } finally {
      await release();
    }
  });
  const run = await getRun(runId);
  if (!run) throw new Error('run vanished after insert');
  return toRunDto(run);
}

export async function getBatchDto(id: string): Promise<BatchDto> {
  const row = await getBatch(id);
  if (!row) throw new NotFoundError('Batch', id);
  const counts = (await countRunsByStatus([id])).get(id);
  if (!counts) throw new Error('no counts');
  return { ...toBatchDto(row, counts), experiment: await experimentOfBatch(id) };
}

const CANCEL_WAIT_MS = 5_000;

/**
 * Stops new work at once; in-flight runs see the abort and end as cancelled. Waits briefly
 * for them so the answer shows the settled batch. A finished batch is left as it is.
 */
export async function cancelBatch(id: string): Promise<BatchDto> {
  const batch = await getBatchDto(id);
  if (batch.status === 'pending' || batch.status === 'running') {
    await (await getRunQueue()).batches.cancel(id, CANCEL_WAIT_MS);
  }
  return getBatchDto(id);
}
