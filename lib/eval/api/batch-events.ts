import 'server-only';
import { getBatchDto } from '../run/batch';
import { subscribeJob } from '../run/jobs';
import type { JobEvent } from './dto';

const KEEP_ALIVE_MS = 15_000;

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
      const progress = () => {
        const b = getBatchDto(batchId);
        send(frame('progress', { status: b.status, counts: b.counts }));
        return b;
      };
      send(frame('progress', { status: initial.status, counts: initial.counts }));
      const unsubscribe = subscribeJob(batchId, (e: JobEvent) => {
        if (e.type === 'run') {
          send(frame('run', e));
          progress();
        } else {
          const b = progress();
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
