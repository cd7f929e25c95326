import 'server-only';
import { toErrorResponse } from '../http';
import { callServerTool, type CallToolBody } from './call-tool';

/** Whether the caller asked for the call as a stream of events (progress, then the result). */
export function wantsEventStream(req: Request): boolean {
  return (req.headers.get('accept') ?? '').includes('text/event-stream');
}

const encoder = new TextEncoder();
const event = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * The playground's call as Server-Sent Events: `progress` for each notifications/progress the
 * tool sends ({progress, total?, message?}), then one `result` (the execution, as the JSON answer
 * would be) or one `error` ({status, body}: the JSON error answer). The call is aborted, and the
 * MCP server told so (notifications/cancelled), when the request's signal aborts or the reader
 * cancels the stream: the browser's Cancel closes the connection.
 */
export function streamServerToolCall(serverId: string, toolName: string, body: CallToolBody, requestSignal: AbortSignal, requestId: string): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  requestSignal.addEventListener('abort', abort, { once: true });
  return new ReadableStream<Uint8Array>({
    async start(stream) {
      const send = (name: string, data: unknown) => {
        if (!controller.signal.aborted) stream.enqueue(event(name, data));
      };
      try {
        const execution = await callServerTool(serverId, toolName, body, { signal: controller.signal, onProgress: (p) => send('progress', p) });
        send('result', execution);
      } catch (err) {
        const res = toErrorResponse(err, requestId);
        send('error', { status: res.status, body: await res.json() });
      } finally {
        requestSignal.removeEventListener('abort', abort);
        try {
          stream.close();
        } catch {
          // Already cancelled by the reader.
        }
      }
    },
    cancel() {
      controller.abort();
    },
  });
}
