import 'server-only';
import { countBatchRunsByModel, selectRunLabel } from '@/db/queries/batch-progress';
import { getBatchDto } from '../run/batch';
import { subscribeJob } from '../run/jobs';
import type { JobEvent, ModelProgressDto, ProgressFrame, RunFrame } from './dto';

const KEEP_ALIVE_MS = 15_000;
/** Per-model counts are a grouped read of the whole batch: at most this often while runs stream in (and always at the start and end). */
const MODEL_COUNTS_EVERY_MS = 1_000;

function modelCounts(batchId: string): ModelProgressDto[] {
  return countBatchRunsByModel(batchId).map(({ modelSettingsId: _id, ...rest }) => rest);
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A batch's progress as an SSE response; ends with `done` (at once if the batch is not running). */
export function batchEventStream(batchId: string, signal: AbortSignal): Response {
  const initial = getBatchDto(batchId); // 404 before any stream starts
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        cleanup();
        closed = true;
        controller.close();
      };
      let modelsAt = 0;
      const progress = (forceModels = false) => {
        const b = getBatchDto(batchId);
        const now = Date.now();
        const withModels = forceModels || now - modelsAt >= MODEL_COUNTS_EVERY_MS;
        if (withModels) modelsAt = now;
        send(frame('progress', { status: b.status, counts: b.counts, ...(withModels ? { byModel: modelCounts(batchId) } : {}) } satisfies ProgressFrame));
        return b;
      };
      send(frame('progress', { status: initial.status, counts: initial.counts, byModel: modelCounts(batchId) }));
      modelsAt = Date.now();
      const unsubscribe = subscribeJob(batchId, (e: JobEvent) => {
        if (e.type === 'run') {
          // Name the run by its test case and model, so the live list never reads "run 73824acd".
          const label = selectRunLabel(e.runId);
          send(frame('run', { ...e, testCaseName: label?.testCaseName ?? null, provider: label?.provider ?? null, model: label?.model ?? null } satisfies RunFrame));
          progress();
        } else {
          const b = progress(true);
          send(frame('done', { status: b.status, counts: b.counts }));
          close();
        }
      });
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref?.();
      const onAbort = () => close();
      signal.addEventListener('abort', onAbort, { once: true });
      cleanup = () => {
        clearInterval(keepAlive);
        unsubscribe?.();
        signal.removeEventListener('abort', onAbort);
      };
      if (!unsubscribe) {
        // Not running in this process: it already finished (or was interrupted).
        const b = getBatchDto(batchId);
        send(frame('done', { status: b.status, counts: b.counts }));
        close();
      }
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } });
}
