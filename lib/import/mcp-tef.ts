import 'server-only';
import { z } from 'zod';
import { listAllServers } from '@/db/queries/servers';
import { AppError, fromDatabaseError } from '../errors';
import { parseWith } from '../http';
import { ServerInputSchema } from '../servers/schemas';
import { createServer } from '../servers/service';
import { TestCaseInputSchema } from '../test-cases/schemas';
import { createTestCase } from '../test-cases/service';

/**
 * mcp-tef's test-case files (StacklokLabs/mcp-tef, `mtef test-case create --from-file`): one
 * object or an array of `{name, query, available_mcp_servers: [{url, transport}],
 * expected_mcp_server_url, expected_tool_name, expected_parameters}`. Servers are named by URL
 * there; here a URL maps to the registered server with that URL, or is registered. Newer files
 * list `expected_tool_calls`; until call sequences land, the first call is the expectation and
 * the report says how many were dropped. `${VAR}` placeholders are not substituted (the server
 * never reads the caller's environment): the CLI substitutes them before calling this.
 */

const TefServerSchema = z.object({ url: z.string().min(1), transport: z.enum(['streamable-http', 'sse']).default('streamable-http') }).loose();
const TefCallSchema = z
  .object({
    mcp_server_url: z.string().min(1).optional(),
    server_url: z.string().min(1).optional(),
    tool_name: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    parameters: z.record(z.string(), z.unknown()).nullable().optional(),
    expected_parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .loose();
export const TefTestCaseSchema = z
  .object({
    name: z.string().min(1),
    query: z.string().min(1),
    available_mcp_servers: z.array(TefServerSchema).min(1),
    expected_mcp_server_url: z.string().min(1).nullable().optional(),
    expected_tool_name: z.string().min(1).nullable().optional(),
    expected_parameters: z.record(z.string(), z.unknown()).nullable().optional(),
    expected_tool_calls: z.array(TefCallSchema).optional(),
  })
  .loose();
export type TefTestCase = z.infer<typeof TefTestCaseSchema>;

export const TefImportBodySchema = z.union([z.array(z.unknown()).min(1).max(10_000), z.record(z.string(), z.unknown())]);

export type TefExpectation = { serverUrl: string | null; tool: string | null; parameters: Record<string, unknown> | null; droppedCalls: number };

/** The expectation of one mcp-tef case: the flat fields, or the first of expected_tool_calls. */
export function tefExpectation(tc: TefTestCase): TefExpectation {
  const calls = tc.expected_tool_calls ?? [];
  if (calls.length > 0) {
    const first = calls[0] as z.infer<typeof TefCallSchema>;
    return {
      serverUrl: first.mcp_server_url ?? first.server_url ?? (tc.available_mcp_servers.length === 1 ? (tc.available_mcp_servers[0]?.url ?? null) : null),
      tool: first.tool_name ?? first.name ?? null,
      parameters: first.parameters ?? first.expected_parameters ?? null,
      droppedCalls: calls.length - 1,
    };
  }
  return { serverUrl: tc.expected_mcp_server_url ?? null, tool: tc.expected_tool_name ?? null, parameters: tc.expected_parameters ?? null, droppedCalls: 0 };
}

/** A server name from a URL: host and path, in the characters server names allow. */
export function serverNameFromUrl(url: string): string {
  let base = url;
  try {
    const u = new URL(url);
    base = `${u.hostname}${u.port ? `-${u.port}` : ''}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    // not a URL: the server schema will say so
  }
  const name = base.replace(/[^A-Za-z0-9 _.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, '');
  return (name || 'mcp-tef-server').slice(0, 100);
}

export type TefEntryResult =
  | { index: number; name: string | null; status: 'created'; testCaseId: string; droppedCalls: number }
  | { index: number; name: string | null; status: 'failed'; reason: string };
export type TefImportReport = { total: number; created: number; failed: number; serversCreated: number; results: TefEntryResult[] };

function reasonOf(thrown: unknown): string {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (!(err instanceof AppError)) throw err;
  const first = Array.isArray(err.details) ? (err.details[0] as { path?: string; message?: string } | undefined) : undefined;
  return first?.message ? `${err.message}${first.path ? ` (${first.path})` : ''}` : err.message;
}

export async function importMcpTef(body: z.infer<typeof TefImportBodySchema>): Promise<TefImportReport> {
  const items = Array.isArray(body) ? body : [body];
  const byUrl = new Map(listAllServers().flatMap((s) => (s.url ? [[s.url, { id: s.id, name: s.name }] as const] : [])));
  let serversCreated = 0;

  async function serverFor(url: string, transport: 'streamable-http' | 'sse'): Promise<{ id: string; name: string }> {
    const known = byUrl.get(url);
    if (known) return known;
    const created = await createServer(parseWith(ServerInputSchema, { name: serverNameFromUrl(url), transport, url }, 'Server'));
    serversCreated++;
    const ref = { id: created.id, name: created.name };
    byUrl.set(url, ref);
    return ref;
  }

  const results: TefEntryResult[] = [];
  for (const [index, raw] of items.entries()) {
    const parsed = TefTestCaseSchema.safeParse(raw);
    const name = parsed.success ? parsed.data.name : null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      results.push({ index, name, status: 'failed', reason: `not an mcp-tef test case: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    try {
      const tc = parsed.data;
      const servers = [];
      for (const s of tc.available_mcp_servers) servers.push(await serverFor(s.url, s.transport));
      const expectation = tefExpectation(tc);
      const expected = expectation.serverUrl ? byUrl.get(expectation.serverUrl) : undefined;
      if (expectation.serverUrl && !expected) throw new AppError('validation_error', 400, `expected server ${expectation.serverUrl} is not one of available_mcp_servers`);
      const input = parseWith(
        TestCaseInputSchema,
        {
          name: tc.name,
          query: tc.query,
          serverIds: [...new Set(servers.map((s) => s.id))],
          expectedServer: expected?.name ?? null,
          expectedTool: expectation.tool,
          expectedParameters: expectation.tool ? expectation.parameters : null,
        },
        'Test case',
      );
      const created = createTestCase(input);
      results.push({ index, name, status: 'created', testCaseId: created.id, droppedCalls: expectation.droppedCalls });
    } catch (err) {
      results.push({ index, name, status: 'failed', reason: reasonOf(err) });
    }
  }
  const created = results.filter((r) => r.status === 'created').length;
  return { total: results.length, created, failed: results.length - created, serversCreated, results };
}
