import 'server-only';
import { z } from 'zod';
import { insertToolExecution } from '@/db/queries/tool-executions';
import type { ToolExecutionRow } from '@/db/schema';
import { AppError, NotFoundError, UnprocessableError } from '../errors';
import { listAllTools, withMcpClient } from '../mcp/client';
import { describeMcpError } from '../mcp/errors';
import { requireServer } from '../servers/service';
import { toConnection } from '../servers/stored-secrets';
import { validateAgainstSchema } from '../validation/json-schema';

export const CallToolBodySchema = z
  .object({
    arguments: z.record(z.string(), z.unknown()).default({}),
    timeoutMs: z.number().int().min(100).max(120_000).default(30_000),
  })
  .strict();
export type CallToolBody = z.infer<typeof CallToolBodySchema>;

export type ToolExecutionDto = {
  id: string;
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  status: ToolExecutionRow['status'];
  result: unknown;
  errorMessage: string | null;
  durationMs: number;
  createdAt: string;
};

/** A progress notification of the call (MCP notifications/progress), as the server sent it. */
export type CallProgress = { progress: number; total?: number; message?: string };

/** signal: the caller gave up (the browser's Cancel, a closed connection); onProgress: the server's progress notifications. */
export type CallToolOptions = { signal?: AbortSignal; onProgress?: (progress: CallProgress) => void };

export class CallCancelledError extends AppError {
  constructor() {
    super('call_cancelled', 409, 'The call was cancelled before the tool answered');
  }
}

export function toExecutionDto(row: ToolExecutionRow): ToolExecutionDto {
  return { ...row, result: row.result ?? null };
}

/**
 * Calls one tool of a registered server. Arguments are validated against the live
 * inputSchema first: invalid arguments are refused with 422 and never sent. Every call
 * that was sent is kept as history, whether it succeeded, returned isError, or failed.
 */
export async function callServerTool(serverId: string, toolName: string, body: CallToolBody, options: CallToolOptions = {}): Promise<ToolExecutionDto> {
  const server = await requireServer(serverId);
  const started = performance.now();
  let sent = false;
  try {
    const result = await withMcpClient(
      await toConnection(server),
      async (client, signal) => {
        const tool = (await listAllTools(client, signal)).find((t) => t.name === toolName);
        if (!tool) throw new NotFoundError('Tool', `${server.name}/${toolName}`);
        const check = validateAgainstSchema(tool.inputSchema as Record<string, unknown>, body.arguments);
        if (check.valid === null) {
          throw new UnprocessableError('invalid_tool_schema', `The tool's inputSchema is not valid JSON Schema: ${check.schemaError}`);
        }
        if (!check.valid) {
          throw new UnprocessableError(
            'invalid_arguments',
            `Arguments do not match the tool's inputSchema: ${check.issues.map((i) => i.message).join('; ')}`,
            check.issues,
          );
        }
        if (server.transport === 'static') {
          throw new UnprocessableError(
            'static_tool_not_executable',
            `'${toolName}' belongs to the static tool set '${server.name}': it has a definition (the arguments match its inputSchema) but no implementation to call`,
          );
        }
        sent = true;
        // With onprogress the SDK sends a progressToken in _meta; an aborted signal sends notifications/cancelled.
        return client.callTool({ name: toolName, arguments: body.arguments }, undefined, {
          signal,
          timeout: body.timeoutMs,
          ...(options.onProgress ? { onprogress: ({ progress, total, message }: CallProgress) => options.onProgress?.({ progress, total, message }) } : {}),
        });
      },
      { timeoutMs: body.timeoutMs + 5_000, signal: options.signal },
    );
    const row = await insertToolExecution({
      serverId,
      toolName,
      arguments: body.arguments,
      status: result.isError ? 'tool_error' : 'success',
      result,
      errorMessage: result.isError ? firstText(result.content) : null,
      durationMs: Math.round(performance.now() - started),
    });
    return toExecutionDto(row);
  } catch (thrown) {
    const err = options.signal?.aborted ? new CallCancelledError() : thrown;
    // Refused before sending (unknown tool, invalid arguments, server down): not an execution.
    if (!sent || !(err instanceof AppError)) throw err;
    const row = await insertToolExecution({
      serverId,
      toolName,
      arguments: body.arguments,
      status: 'failed',
      result: null,
      errorMessage: describeMcpError(err),
      durationMs: Math.round(performance.now() - started),
    });
    // Keep what the error said (e.g. the size cap it hit) next to the recorded execution.
    const details = typeof err.details === 'object' && err.details !== null ? err.details : {};
    throw new AppError(err.code, err.status, err.message, { ...details, execution: toExecutionDto(row) });
  }
}

function firstText(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  const text = content.find((c): c is { type: 'text'; text: string } => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === 'text');
  return text ? text.text.slice(0, 2000) : null;
}
