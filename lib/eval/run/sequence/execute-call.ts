import 'server-only';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerRow } from '@/db/schema';
import { scrubSecrets } from '../../../crypto/scrub';
import { describeMcpError } from '../../../mcp/errors';
import { validateAgainstSchema } from '../../../validation/json-schema';
import type { CallSource, ExecutePolicy, MockResult, ToolResultPayload } from '../../sequence/types';
import { CALL_TIMEOUT_MS, NOT_EXECUTED_TEXT } from './limits';
import { findMock, mayExecute } from './policy';
import type { McpSessions } from './sessions';
import { textPayload, toResultPayload } from './tool-result';

/** A snapshot tool as the loop can run it: the server's row and the tool as the server itself lists it. */
export type RunnableTool = { server: McpServerRow; listed: Tool };

export type CallToResolve = {
  /** Names as the snapshot shows them (an experiment may rename a tool; policy and mocks name it as the server lists it). */
  server: string;
  tool: string;
  arguments: Record<string, unknown> | null;
  argumentsError?: string;
};

export type CallResolution = { source: CallSource; result: ToolResultPayload; durationMs: number };

export type ResolveOptions = {
  policy: ExecutePolicy;
  mocks: readonly MockResult[] | null;
  sessions: McpSessions;
  signal: AbortSignal;
  callTimeoutMs?: number;
};

const STATIC_TEXT =
  '(not executed: evaluation) This tool belongs to a static tool set: it has a definition but no implementation to call.';

function errorMessage(err: unknown, secrets: string[]): string {
  const message = err instanceof Error && err.name === 'UpstreamError' ? err.message : describeMcpError(err);
  return scrubSecrets(message, secrets);
}

/**
 * A server may echo the secrets it was started with (its env, its auth header): they are not
 * passed on to the model or stored, in the text nor in the JSON.
 */
function scrubPayload(payload: ToolResultPayload, secrets: string[]): ToolResultPayload {
  if (secrets.length === 0) return payload;
  const text = scrubSecrets(payload.text, secrets);
  if (payload.json === undefined) return { ...payload, text };
  const json = JSON.stringify(payload.json);
  const scrubbed = scrubSecrets(json, secrets);
  if (scrubbed === json) return { ...payload, text };
  try {
    return { ...payload, text, json: JSON.parse(scrubbed) as unknown };
  } catch {
    const { json: _dropped, ...rest } = payload;
    return { ...rest, text };
  }
}

async function execute(target: RunnableTool, args: Record<string, unknown>, options: ResolveOptions): Promise<{ source: CallSource; result: ToolResultPayload }> {
  const check = validateAgainstSchema(target.listed.inputSchema as Record<string, unknown>, args);
  if (check.valid === false) {
    // As in the playground, arguments the tool's schema refuses are never sent.
    const issues = check.issues.map((i) => i.message).join('; ');
    return { source: 'error', result: textPayload(`Invalid arguments (not sent to the server): ${issues}`, true) };
  }
  let secrets: string[] = [];
  try {
    const session = await options.sessions.open(target.server);
    secrets = session.secrets;
    const result = await Promise.race([
      session.client.callTool({ name: target.listed.name, arguments: args }, undefined, {
        signal: AbortSignal.any([session.signal, options.signal]),
        timeout: options.callTimeoutMs ?? CALL_TIMEOUT_MS,
      }),
      session.died,
    ]);
    return { source: 'executed', result: scrubPayload(toResultPayload(result), secrets) };
  } catch (err) {
    // Cancelling the run ends the loop; any other failure is this call's result.
    if (options.signal.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : err;
    return { source: 'error', result: textPayload(`The tool call failed: ${errorMessage(err, secrets)}`, true) };
  }
}

/**
 * What one call of the model returns in the loop: run on the real server when the case's
 * policy allows it (and arguments fit the tool's schema), else the case's scripted result,
 * else a plain "not executed" result. A call of a tool that was not offered, or with
 * arguments that are not a JSON object, gets an error result and reaches nothing.
 */
export async function resolveCall(call: CallToResolve, target: RunnableTool | null, options: ResolveOptions): Promise<CallResolution> {
  const started = performance.now();
  const done = (r: { source: CallSource; result: ToolResultPayload }): CallResolution => ({ ...r, durationMs: Math.round(performance.now() - started) });
  if (!target) return done({ source: 'error', result: textPayload(`Unknown tool '${call.tool}': no tool of that name was offered.`, true) });
  if (call.arguments === null) {
    return done({ source: 'error', result: textPayload(`The call's arguments could not be read: ${call.argumentsError ?? 'not a JSON object'}`, true) });
  }
  const identity = { server: target.server.name, tool: target.listed.name, annotations: target.listed.annotations ?? null };
  if (mayExecute(options.policy, identity) && target.server.transport !== 'static') return done(await execute(target, call.arguments, options));
  const mock = findMock(options.mocks, { ...identity, arguments: call.arguments });
  if (mock) return done({ source: 'mock', result: textPayload(mock.result.text, mock.result.isError ?? false) });
  const text = mayExecute(options.policy, identity) ? STATIC_TEXT : NOT_EXECUTED_TEXT;
  return done({ source: 'not_executed', result: textPayload(text, false) });
}
