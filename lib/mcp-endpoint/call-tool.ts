import 'server-only';
import { AppError, fromDatabaseError } from '@/lib/errors';
import { log } from '@/lib/log';
import { describeArgumentErrors } from './argument-errors';
import { renderError, type Rendered, type ToolErrorBody } from './budget';
import { availableToolNames, findEndpointTool, unavailableToolReason } from './tools/registry';

export const CALL_TIMEOUT_MS = 30_000;

export type CallOptions = { requestId: string; keyId: string; signal: AbortSignal; timeoutMs?: number };
export type CallOutcome = Rendered & { isError: boolean };

class TimeoutError extends AppError {
  constructor(ms: number) {
    super('timeout', 504, `The call took longer than ${ms / 1000} s and was stopped`);
  }
}

/** Domain errors keep their code and message; anything else is logged and answered without internals. */
function toErrorBody(thrown: unknown, requestId: string, tool: string): ToolErrorBody {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (err instanceof AppError) return { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) };
  log.error('mcp tool failed', { requestId, tool, error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
  return { code: 'internal_error', message: `Internal error (request id ${requestId})` };
}

async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms: number, outer: AbortSignal): Promise<T> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new TimeoutError(ms)), ms);
  const signal = AbortSignal.any([timer.signal, outer]);
  try {
    return await Promise.race([
      run(signal),
      new Promise<never>((_, reject) => {
        // The tool may not notice the abort (synchronous work): the caller gets its answer anyway.
        signal.addEventListener('abort', () => reject(timer.signal.aborted ? new TimeoutError(ms) : new AppError('cancelled', 499, 'The call was cancelled')), { once: true });
      }),
    ]);
  } finally {
    clearTimeout(handle);
  }
}

/** tools/call: unknown names and bad arguments become structured errors, like every failure, with metadata. */
export async function callEndpointTool(name: string, rawArgs: unknown, options: CallOptions): Promise<CallOutcome> {
  const startedAt = performance.now();
  const info = { requestId: options.requestId, startedAt };
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  let outcome: CallOutcome;
  const tool = findEndpointTool(name);
  if (!tool) {
    const available = availableToolNames();
    const reason = unavailableToolReason(name);
    const error = reason
      ? { code: 'tool_unavailable', message: reason, details: { available } }
      : { code: 'unknown_tool', message: `Unknown tool '${name}'. Available tools: ${available.join(', ')}`, details: { available } };
    outcome = { ...renderError(error, info), isError: true };
  } else {
    try {
      const rendered = await withTimeout(
        async (signal) => {
          const prepared = tool.prepare(rawArgs, { ...info, signal, keyId: options.keyId });
          if (!prepared.ok) {
            const { message, issues } = describeArgumentErrors(name, prepared.error, Object.keys(tool.inputSchema.shape));
            throw new AppError('invalid_arguments', 400, message, { issues });
          }
          return prepared.run();
        },
        timeoutMs,
        options.signal,
      );
      outcome = { ...rendered, isError: false };
    } catch (thrown) {
      outcome = { ...renderError(toErrorBody(thrown, options.requestId, name), info), isError: true };
    }
  }
  log.info('mcp tool call', {
    requestId: options.requestId,
    keyId: options.keyId,
    tool: name,
    isError: outcome.isError,
    bytes: outcome.metadata.bytes,
    truncated: outcome.metadata.truncated,
    executionMs: outcome.metadata.executionMs,
  });
  return outcome;
}
