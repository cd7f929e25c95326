import 'server-only';
import { listStaticTools } from '@/db/queries/static-tools';
import { latestListedToolNames } from '@/db/queries/tool-schemas';
import type { McpServerRow } from '@/db/schema';
import { ValidationError } from '../errors';
import { listAllTools, withMcpClient } from '../mcp/client';
import { toConnection } from '../servers/stored-secrets';
import type { TestCaseInput } from './schemas';

type Problem = { path: string; message: string };
type Named = { server: string; tool: string };

/** A listing the harness knows: where it comes from, for the message; `fresh` when listed just now. */
type KnownTools = { names: Set<string>; source: string; fresh?: true };

/** How long a save waits for a live server's current listing when its stored one lacks a tool. */
export const RELIST_TIMEOUT_MS = 5_000;

/** The server's tools as it lists them now, or null when it cannot be reached in time. */
async function listNow(server: McpServerRow): Promise<KnownTools | null> {
  try {
    const tools = await withMcpClient(await toConnection(server), (client, signal) => listAllTools(client, signal), { timeoutMs: RELIST_TIMEOUT_MS });
    const names = new Set(tools.map((t) => t.name));
    return { names, source: ` (as it lists its tools now: ${listed(names)})`, fresh: true };
  } catch {
    return null;
  }
}

const LISTED_IN_MESSAGE = 12;

function listed(names: Set<string>): string {
  const all = [...names].sort();
  return all.length > LISTED_IN_MESSAGE ? `${all.slice(0, LISTED_IN_MESSAGE).join(', ')}, ...` : all.join(', ');
}

/**
 * Every tool a sequence field names (expected, forbidden, allowed to run, mocked, called in
 * the context) must be on one of the case's servers, and, where the harness knows the
 * server's tools, one of them. It knows a static server's tools (it holds them). A live
 * server's are known from the latest listing a run saw (lib/test-cases/argument-types.ts reads
 * its schemas the same way): the expected, forbidden, allowed and mocked tools are checked
 * against it, and a tool it lacks against the server's listing of now (when it answers in
 * time; else the stored listing stands); a server no run has listed yet is checked by name
 * only (a tool it lacks then shows up in the run as a missing call), and so are the context's
 * earlier calls.
 */
export async function assertSequenceTools(input: TestCaseInput, servers: McpServerRow[]): Promise<void> {
  const refs: { ref: Named; path: string; history?: true }[] = [];
  (input.expectedCalls ?? []).forEach((ref, i) => refs.push({ ref, path: `expectedCalls.${i}` }));
  (input.forbiddenTools ?? []).forEach((ref, i) => refs.push({ ref, path: `forbiddenTools.${i}` }));
  if (typeof input.execute === 'object') input.execute.allow.forEach((ref, i) => refs.push({ ref, path: `execute.allow.${i}` }));
  (input.mockResults ?? []).forEach((ref, i) => refs.push({ ref, path: `mockResults.${i}` }));
  (input.context ?? []).forEach((turn, i) => {
    if (turn.role === 'assistant') (turn.toolCalls ?? []).forEach((ref, j) => refs.push({ ref, path: `context.${i}.toolCalls.${j}`, history: true }));
  });
  const byName = new Map(servers.map((s) => [s.name, s]));
  // The known tool names of each named server, read once (null: not known).
  const known = new Map<string, KnownTools | null>();
  for (const { ref, history } of refs) {
    const server = byName.get(ref.server);
    if (!server || known.has(server.id) || (history && server.transport !== 'static')) continue;
    if (server.transport === 'static') {
      known.set(server.id, { names: new Set((await listStaticTools(server.id)).map((t) => t.name)), source: '' });
    } else {
      const latest = await latestListedToolNames(server.name, server.url);
      known.set(server.id, latest ? { names: latest.names, source: ` in its latest listing (a run of ${latest.listedAt}: ${listed(latest.names)})` } : null);
    }
  }
  // A stored listing may predate a tool added since (the editor offers the live list): a live
  // server whose stored listing lacks a named tool is listed again now, and that listing rules.
  for (const { ref, history } of refs) {
    const server = byName.get(ref.server);
    const tools = server ? known.get(server.id) : undefined;
    if (!server || history || server.transport === 'static' || !tools || tools.fresh || tools.names.has(ref.tool)) continue;
    const now = await listNow(server);
    known.set(server.id, now ?? { ...tools, fresh: true });
  }
  const problems: Problem[] = [];
  for (const { ref, path, history } of refs) {
    const server = byName.get(ref.server);
    if (!server) {
      problems.push({ path: `${path}.server`, message: `'${ref.server}' is not one of the test case's servers (${servers.map((s) => s.name).join(', ')})` });
      continue;
    }
    if (history && server.transport !== 'static') continue;
    const tools = known.get(server.id);
    if (tools && !tools.names.has(ref.tool)) problems.push({ path: `${path}.tool`, message: `'${ref.tool}' is not a tool of ${ref.server}${tools.source}` });
  }
  if (problems.length) throw new ValidationError(`Unknown server or tool: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
}
