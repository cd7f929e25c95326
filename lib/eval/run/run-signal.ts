import { setMaxListeners } from 'node:events';

/**
 * A run's own AbortSignal, aborted with its job's. The SDKs add an abort listener to the
 * signal of every request and never remove it: on the one signal of a whole batch those
 * listeners piled up (each add scans the list, so a batch cost O(runs²) and kept every
 * request's controller alive until the batch ended). A per-run signal drops them with the run.
 */
export function runSignal(job: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  // A run makes up to 20 samples plus a follow-up, each adding its listener: not a leak.
  setMaxListeners(0, controller.signal);
  if (job.aborted) {
    controller.abort(job.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const forward = () => controller.abort(job.reason);
  job.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, release: () => job.removeEventListener('abort', forward) };
}
