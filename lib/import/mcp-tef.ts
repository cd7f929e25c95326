import 'server-only';
import { z } from 'zod';
import { listAllServers } from '@/db/queries/servers';
import { AppError, fromDatabaseError } from '../errors';
import { parseWith } from '../http';
import { ServerInputSchema } from '../servers/schemas';
import { createServer } from '../servers/service';
import { TestCaseInputSchema } from '../test-cases/schemas';
import { createTestCase } from '../test-cases/service';
import { alreadyImportedCaseId } from './already-imported';

/**
 * mcp-tef's test-case files (StacklokLabs/mcp-tef, `mtef test-case create --from-file`): one
 * object or an array of `{name, query, available_mcp_servers, expected_mcp_server_url,
 * expected_tool_name, expected_parameters}`. available_mcp_servers lists plain URLs (mcp-tef's
 * own sample files, and its older `list[str]` schema) or `{url, transport}` objects; a URL alone
 * is streamable HTTP, as mcp-tef normalises it. Servers are named by URL there; here a URL maps
 * to the registered server with that URL, or is registered. Newer files list
 * `expected_tool_calls`: one call is the case's expected pair; two or more become a sequence
 * case (mode "sequence", expectedCalls in order) whose callOrder follows mcp-tef's
 * `order_dependent_matching` (true: "exact"; false or absent, mcp-tef's default: "any");
 * `order_dependent` is read as an older spelling of it. `${VAR}` placeholders are not
 * substituted (the server never reads the caller's environment): the CLI substitutes them
 * before calling this.
 */

const TefServerObjectSchema = z.object({ url: z.string().min(1), transport: z.enum(['streamable-http', 'sse']).default('streamable-http') }).loose();
/** A URL string (streamable HTTP, mcp-tef's default) or a {url, transport} object. */
const TefServerSchema = z.union([z.string().min(1).transform((url) => ({ url, transport: 'streamable-http' as const })), TefServerObjectSchema]);
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
    order_dependent_matching: z.boolean().optional(),
    order_dependent: z.boolean().optional(),
  })
  .loose();
export type TefTestCase = z.infer<typeof TefTestCaseSchema>;

export const TefImportBodySchema = z.union([z.array(z.unknown()).min(1).max(10_000), z.record(z.string(), z.unknown())]);

export type TefCall = { serverUrl: string | null; tool: string | null; parameters: Record<string, unknown> | null };
/** The first call as the pair; `calls` every expected call (two or more make a sequence case). */
export type TefExpectation = TefCall & { calls: TefCall[]; callOrder: 'exact' | 'any' };

/** The expectation of one mcp-tef case: the flat fields, or expected_tool_calls (a call without a URL is on the only server). */
export function tefExpectation(tc: TefTestCase): TefExpectation {
  const onlyServer = tc.available_mcp_servers.length === 1 ? (tc.available_mcp_servers[0]?.url ?? null) : null;
  const calls: TefCall[] = (tc.expected_tool_calls ?? []).map((c) => ({
    serverUrl: c.mcp_server_url ?? c.server_url ?? onlyServer,
    tool: c.tool_name ?? c.name ?? null,
    parameters: c.parameters ?? c.expected_parameters ?? null,
  }));
  const callOrder = (tc.order_dependent_matching ?? tc.order_dependent) === true ? 'exact' : 'any';
  const first = calls[0];
  if (first) return { ...first, calls, callOrder };
  const flat = { serverUrl: tc.expected_mcp_server_url ?? null, tool: tc.expected_tool_name ?? null, parameters: tc.expected_parameters ?? null };
  return { ...flat, calls: flat.tool ? [flat] : [], callOrder };
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

/** One expected call with its server by name; a call whose URL is unknown fails the case, naming the call. */
function tefCallOf(c: TefCall, index: number, byUrl: Map<string, { name: string }>): { server: string; tool: string; arguments?: Record<string, unknown> } {
  const server = c.serverUrl ? byUrl.get(c.serverUrl)?.name : undefined;
  if (!server) throw new AppError('validation_error', 400, `expected_tool_calls[${index}]: its server ${c.serverUrl ?? '(none given, and the case has several)'} is not one of available_mcp_servers`);
  if (!c.tool) throw new AppError('validation_error', 400, `expected_tool_calls[${index}] names no tool`);
  return { server, tool: c.tool, ...(c.parameters ? { arguments: c.parameters } : {}) };
}

export type TefEntryResult =
  | { index: number; name: string | null; status: 'created'; testCaseId: string; expectedCalls: number }
  /** The same file imported again: the case an earlier import made, unchanged. */
  | { index: number; name: string | null; status: 'already_imported'; testCaseId: string; expectedCalls: number }
  | { index: number; name: string | null; status: 'failed'; reason: string };
export type TefImportReport = { total: number; created: number; alreadyImported: number; failed: number; serversCreated: number; results: TefEntryResult[] };

function reasonOf(thrown: unknown): string {
  const err = fromDatabaseError(thrown) ?? thrown;
  if (!(err instanceof AppError)) throw err;
  const first = Array.isArray(err.details) ? (err.details[0] as { path?: string; message?: string } | undefined) : undefined;
  return first?.message ? `${err.message}${first.path ? ` (${first.path})` : ''}` : err.message;
}

export async function importMcpTef(body: z.infer<typeof TefImportBodySchema>): Promise<TefImportReport> {
  const items = Array.isArray(body) ? body : [body];
  const byUrl = new Map((await listAllServers()).flatMap((s) => (s.url ? [[s.url, { id: s.id, name: s.name }] as const] : [])));
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
      const sequence = expectation.calls.length > 1 ? { mode: 'sequence', callOrder: expectation.callOrder, expectedCalls: expectation.calls.map((c, i) => tefCallOf(c, i, byUrl)) } : {};
      const input = parseWith(
        TestCaseInputSchema,
        {
          name: tc.name,
          query: tc.query,
          serverIds: [...new Set(servers.map((s) => s.id))],
          expectedServer: expected?.name ?? null,
          expectedTool: expectation.tool,
          expectedParameters: expectation.tool ? expectation.parameters : null,
          ...sequence,
        },
        'Test case',
      );
      const existing = await alreadyImportedCaseId(input);
      const testCaseId = existing ?? (await createTestCase(input)).id;
      results.push({ index, name, status: existing ? 'already_imported' : 'created', testCaseId, expectedCalls: expectation.calls.length });
    } catch (err) {
      results.push({ index, name, status: 'failed', reason: reasonOf(err) });
    }
  }
  const created = results.filter((r) => r.status === 'created').length;
  const alreadyImported = results.filter((r) => r.status === 'already_imported').length;
  return { total: results.length, created, alreadyImported, failed: results.length - created - alreadyImported, serversCreated, results };
}
