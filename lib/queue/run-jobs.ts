import 'server-only';
import { setMaxListeners } from 'node:events';
import { getBatch } from '@/db/queries/batches';
import { claimQueuedRuns, failAbandonedRuns, finishBatchIfDone, startQueuedBatch, type QueuedRunRow } from '@/db/queries/run-queue';
import { getModelSettings, type ModelSettingsRow } from '@/db/queries/runs';
import { log } from '../log';
import { keyFor, type ApiKeys } from '../providers/api-keys';
import type { ProviderId } from '../providers/catalog';
import { getCircuitBreakers } from '../eval/run/circuit-breaker';
import { executeRun, type RunContext } from '../eval/run/runner';
import { ToolCache } from '../eval/run/tool-cache';
import { coalesce } from './coalesce';
import type { QueuedRun, RunJobHandler, SignalBus } from './types';

/**
 * The run engine's side of the Postgres queue (issue 20): what a worker does with a queued
 * run, in whichever process claims it. A keyed batch's API keys stay in the memory of the
 * process that created it (never stored), so its runs go to that process's own queue.
 */

type BatchState = { ctx: RunContext; controller: AbortController; settings: Map<string, Promise<ModelSettingsRow | null>>; unsubscribe: () => void };

const holder = globalThis as typeof globalThis & { __mcpEvalQueueKeys?: Map<string, ApiKeys>; __mcpEvalQueueBatches?: Map<string, Promise<BatchState>> };
const keysByBatch: Map<string, ApiKeys> = (holder.__mcpEvalQueueKeys ??= new Map());
const batches: Map<string, Promise<BatchState>> = (holder.__mcpEvalQueueBatches ??= new Map());

/** A run needs a key when its provider gets one from the request (keyless: local, an OpenAI-compatible endpoint without a key). */
export function needsKey(provider: ProviderId, keys: ApiKeys): boolean {
  return keyFor(provider, keys) !== undefined;
}

/** The batch's runs as queue jobs; `keyedByModel[i]` for the i-th model (runs are case-major, models inner, as insertBatchWithRuns writes them). */
export function queuedRuns(batchId: string, runIds: readonly string[], keyedByModel: readonly boolean[]): QueuedRun[] {
  return runIds.map((runId, i) => ({ runId, batchId, keyed: keyedByModel[i % keyedByModel.length] === true }));
}

/** Keeps a keyed batch's keys in this process until the batch ends. */
export function holdBatchKeys(batchId: string, keys: ApiKeys): void {
  keysByBatch.set(batchId, keys);
}

function forgetBatch(batchId: string): void {
  keysByBatch.delete(batchId);
  const state = batches.get(batchId);
  batches.delete(batchId);
  void state?.then((s) => s.unsubscribe()).catch(() => undefined);
}

async function batchState(batchId: string, keys: ApiKeys, bus: SignalBus): Promise<BatchState> {
  let state = batches.get(batchId);
  if (!state) {
    state = (async () => {
      const controller = new AbortController();
      setMaxListeners(0, controller.signal);
      // Tool listings are shared per batch per process, as in the in-process runner; a cancel stops them.
      const unsubscribe = bus.subscribe((s) => {
        if (s.type === 'cancel' && s.batchId === batchId) controller.abort(new Error('cancelled'));
        if ((s.type === 'done' || s.type === 'cancel') && s.batchId === batchId) forgetBatch(batchId);
      });
      const breakers = getCircuitBreakers();
      const overrides = (await getBatch(batchId))?.toolOverrides ?? [];
      // `defer` is set per run (the queue keeps the run's lock until its self-assessment is in).
      const ctx: RunContext = { keys, breakers, toolCache: new ToolCache(breakers, controller.signal), clients: new Map(), overrides };
      return { ctx, controller, settings: new Map(), unsubscribe };
    })();
    batches.set(batchId, state);
  }
  return state;
}

/** The runs a worker starts together (one fetch) are claimed in one statement. */
const claimRun = coalesce<string, QueuedRunRow | undefined>(async (runIds) => {
  const rows = new Map((await claimQueuedRuns(runIds)).map((r) => [r.id, r]));
  return runIds.map((id) => rows.get(id));
});

const settlers = new WeakMap<SignalBus, (batchId: string) => Promise<void>>();

/**
 * Ends the batch if this was its last run, and says so to every process. The settles asked for
 * in one turn of the event loop share one look (each is asked after its own write committed, so
 * the shared look, taken later, sees every one of them).
 */
export async function settleBatch(batchId: string, bus: SignalBus): Promise<void> {
  let settle = settlers.get(bus);
  if (!settle) {
    settle = coalesce<string>(async (batchIds) => {
      for (const id of new Set(batchIds)) {
        const status = await finishBatchIfDone(id);
        if (!status) continue;
        forgetBatch(id);
        await bus.publish({ type: 'done', batchId: id, status });
      }
    });
    settlers.set(bus, settle);
  }
  await settle(batchId);
}

/** The queue's `onAbandoned`: runs no live process can finish end failed "interrupted" (re-runnable), and their batches settle. */
export function abandonRuns(bus: SignalBus): (runs: QueuedRun[], reason: string) => Promise<void> {
  return async (runs, reason) => {
    const touched = await failAbandonedRuns(runs.map((r) => r.runId), reason);
    for (const batchId of touched) await settleBatch(batchId, bus);
  };
}

export function createRunJobHandler(bus: SignalBus): RunJobHandler {
  return async (job, { signal, defer }) => {
    const keys = job.keyed ? keysByBatch.get(job.batchId) : {};
    if (!keys) {
      // A keyed run in a process that no longer holds the key (it cannot happen with per-process queues; kept as a guard).
      await abandonRuns(bus)([job], 'interrupted: the API key for this run is gone; run it again with the key');
      return;
    }
    const row = await claimRun(job.runId);
    if (!row) {
      // Ended already (cancelled while queued, or a retry of a run that had finished).
      await settleBatch(job.batchId, bus);
      return;
    }
    const fresh = !batches.has(job.batchId);
    const state = await batchState(job.batchId, keys, bus);
    // Once per batch per process (a conditional UPDATE: the first process to start a run wins).
    if (fresh) await startQueuedBatch(job.batchId);
    let settings: Promise<ModelSettingsRow | null> = Promise.resolve(null);
    if (row.modelSettingsId) {
      const id = row.modelSettingsId;
      settings = state.settings.get(id) ?? getModelSettings(id).then((s) => s ?? null);
      state.settings.set(id, settings);
    }
    // samples = 1: the verdict is stored first and the self-assessment follows off the run's
    // slot, as on SQLite (deferred-assessment.ts); the batch settles once it is in.
    const assess: { task: (() => Promise<void>) | null } = { task: null };
    const ctx: RunContext = defer ? { ...state.ctx, defer: (task) => void (assess.task = task) } : state.ctx;
    const outcome = await executeRun({ id: row.id, testCaseId: row.testCaseId, samples: row.samples, settings: await settings }, ctx, signal);
    if (outcome.status === 'failed') log.debug('queued run failed', { runId: row.id, batchId: job.batchId });
    await bus.publish({ type: 'run', batchId: job.batchId, runId: row.id });
    const deferred = assess.task;
    if (defer && deferred) {
      defer(async () => {
        await deferred();
        await settleBatch(job.batchId, bus);
      });
    } else {
      await settleBatch(job.batchId, bus);
    }
  };
}
