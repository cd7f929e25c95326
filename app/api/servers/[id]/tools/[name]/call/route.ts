import { json, parseBody, route } from '@/lib/http';
import { callServerTool, CallToolBodySchema } from '@/lib/playground/call-tool';
import { streamServerToolCall, wantsEventStream } from '@/lib/playground/call-tool-stream';

type Ctx = { params: Promise<{ id: string; name: string }> };

/** JSON by default; with `Accept: text/event-stream`, progress events then the result (the playground). */
export const POST = route<Ctx>(async (req, { params }, requestId) => {
  const { id, name } = await params;
  const body = await parseBody(req, CallToolBodySchema);
  if (wantsEventStream(req)) {
    const stream = streamServerToolCall(id, name, body, req.signal, requestId);
    return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } });
  }
  return json(await callServerTool(id, name, body, { signal: req.signal }));
});
