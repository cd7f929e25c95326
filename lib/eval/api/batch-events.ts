import 'server-only';
import { countBatchRunsByModel, selectRunLabel } from '@/db/queries/batch-progress';
import { isPostgres } from '@/db/dialect';
import { log } from '../../log';
import { openBatchEvents } from '../../queue/batch-signals';
import { getBatchDto } from '../run/batch';
import { subscribeJob } from '../run/jobs';
import type { JobEvent, ModelProgressDto, ProgressFrame, RunFrame } from './dto';

const KEEP_ALIVE_MS = 15_000;
/** Per-model counts are a grouped read of the whole batch: at most this often while runs stream in (and always at the start and end). */
const MODEL_COUNTS_EVERY_MS = 1_000;

async function modelCounts(batchId: string): Promise<ModelProgressDto[]> {
  return (await countBatchRunsByModel(batchId)).map(({ modelSettingsId: _id, ...rest }) => rest);
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A batch's progress as an SSE response; ends with `done` (at once if the batch is not running). */
export async function batchEventStream(batchId: string, signal: AbortSignal): Promise<Response> {
  await getBatchDto(batchId); // 404 before any stream starts
  // Postgres (issue 20): any process may work the batch; its events come by the queue's NOTIFY.
  const subscribe = isPostgres() ? await openBatchEvents(batchId) : (listener: (e: JobEvent) => void) => subscribeJob(batchId, listener);
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
      const progress = async (forceModels = false) => {
        const b = await getBatchDto(batchId);
        const now = Date.now();
        const withModels = forceModels || now - modelsAt >= MODEL_COUNTS_EVERY_MS;
        if (withModels) modelsAt = now;
        send(frame('progress', { status: b.status, counts: b.counts, ...(withModels ? { byModel: await modelCounts(batchId) } : {}) } satisfies ProgressFrame));
        return b;
      };
      const done = async () => {
        const b = await progress(true);
        send(frame('done', { status: b.status, counts: b.counts }));
        close();
      };
      // Frames are read from the database asynchronously: one chain keeps them in event order.
      // Subscribing first (below, in this same turn) means no run finishing meanwhile is missed.
      let chain: Promise<void> = progress(true).then(() => undefined);
      const then = (step: () => Promise<void>) => {
        chain = chain.then(() => (closed ? undefined : step())).catch((err: unknown) => {
          log.warn('batch event stream failed', { batchId, error: err instanceof Error ? err.message : String(err) });
          close();
        });
      };
      const unsubscribe = subscribe((e: JobEvent) => {
        if (e.type === 'run') {
          then(async () => {
            // Name the run by its test case and model, so the live list never reads "run 73824acd".
            const label = await selectRunLabel(e.runId);
            send(frame('run', { ...e, testCaseName: label?.testCaseName ?? null, provider: label?.provider ?? null, model: label?.model ?? null } satisfies RunFrame));
            await progress();
          });
        } else {
          then(done);
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
      // Not running in this process: it already finished (or was interrupted).
      if (!unsubscribe) then(done);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } });
}
