import { ApiError } from '@/components/data/fetcher';
import type { ToolExecutionDto } from '@/components/data/types';

/** A progress notification of the running call, as the MCP server sent it. */
export type CallProgress = { progress: number; total?: number; message?: string };

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

function toApiError(status: number, body: unknown): ApiError {
  const err = (body as ErrorBody | null)?.error;
  return new ApiError(status, err?.code ?? 'http_error', err?.message ?? `Request failed with HTTP ${status}`, err?.details);
}

/** The call was cancelled here: aborting the request closes the stream, and the server stops the tool. */
export const CANCELLED = 'call_cancelled';

/**
 * Calls a tool as a stream of Server-Sent Events (progress, then result or error), so a long
 * tool shows its progress and the signal cancels it. A refusal before the stream (bad body)
 * comes back as plain JSON and is thrown like the fetcher's errors.
 */
export async function streamToolCall(url: string, args: Record<string, unknown>, signal: AbortSignal, onProgress: (p: CallProgress) => void): Promise<ToolExecutionDto> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', signal, headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ arguments: args }) });
  } catch (err) {
    if (signal.aborted) throw new ApiError(499, CANCELLED, 'The call was cancelled.');
    throw err;
  }
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (!res.ok) throw toApiError(res.status, body);
    return body as ToolExecutionDto;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data: unknown = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
        if (event === 'progress') onProgress(data as CallProgress);
        else if (event === 'result') return data as ToolExecutionDto;
        else if (event === 'error') {
          const { status, body } = data as { status: number; body: unknown };
          throw toApiError(status, body);
        }
      }
    }
  } catch (err) {
    if (signal.aborted) throw new ApiError(499, CANCELLED, 'The call was cancelled.');
    throw err;
  }
  if (signal.aborted) throw new ApiError(499, CANCELLED, 'The call was cancelled.');
  throw new ApiError(502, 'stream_ended', 'The connection closed before the tool answered.');
}
