import { EventEmitter, setMaxListeners } from 'node:events';
import type { JobEvent } from '../api/dto';

type Job = { id: string; controller: AbortController; events: EventEmitter; finished: Promise<void> };

// Jobs live in this process only (keys included): kept on globalThis so every route module sees them.
const holder = globalThis as typeof globalThis & { __mcpEvalJobs?: Map<string, Job>; __mcpEvalJobsStopped?: boolean };
function jobs(): Map<string, Job> {
  holder.__mcpEvalJobs ??= new Map();
  return holder.__mcpEvalJobs;
}

/**
 * Runs `work` in the background under an AbortController. The returned job is removed from
 * the registry when `work` settles, after a final `done` event.
 */
export function startJob(id: string, work: (signal: AbortSignal, emit: (e: JobEvent) => void) => Promise<string>): void {
  // Shutting down: the rows stay pending and are marked interrupted with the rest.
  if (holder.__mcpEvalJobsStopped) return;
  const controller = new AbortController();
  // Every in-flight MCP and provider call of the job listens to this one signal.
  setMaxListeners(0, controller.signal);
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const emit = (e: JobEvent) => events.emit('event', e);
  const finished = work(controller.signal, emit)
    .then((status) => {
      emit({ type: 'done', status });
    })
    .catch((err: unknown) => {
      emit({ type: 'done', status: `failed: ${err instanceof Error ? err.message : String(err)}` });
    })
    .finally(() => jobs().delete(id));
  jobs().set(id, { id, controller, events, finished });
}

export function isJobRunning(id: string): boolean {
  return jobs().has(id);
}

/** Stops new work at once; in-flight runs see the abort signal. */
export function cancelJob(id: string): boolean {
  const job = jobs().get(id);
  if (!job) return false;
  job.controller.abort(new Error('cancelled'));
  return true;
}

export function subscribeJob(id: string, listener: (e: JobEvent) => void): (() => void) | null {
  const job = jobs().get(id);
  if (!job) return null;
  job.events.on('event', listener);
  return () => job.events.off('event', listener);
}

/** Resolves when the job is over (or at once if there is none): used by tests and shutdown. */
export async function waitForJob(id: string): Promise<void> {
  await jobs().get(id)?.finished;
}

/**
 * Shutdown: no job starts from now on, and every running one is aborted with `reason`.
 * Answers the ids of the aborted jobs and a promise that settles when all of them have.
 */
export function stopAllJobs(reason: Error): { ids: string[]; settled: Promise<void> } {
  holder.__mcpEvalJobsStopped = true;
  const running = [...jobs().values()];
  for (const job of running) job.controller.abort(reason);
  return { ids: running.map((j) => j.id), settled: Promise.all(running.map((j) => j.finished)).then(() => undefined) };
}
