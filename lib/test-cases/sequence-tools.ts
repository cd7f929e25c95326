import 'server-only';
import { listStaticTools } from '@/db/queries/static-tools';
import type { McpServerRow } from '@/db/schema';
import { ValidationError } from '../errors';
import type { TestCaseInput } from './schemas';

type Problem = { path: string; message: string };
type Named = { server: string; tool: string };

/**
 * Every tool a sequence field names (expected, forbidden, allowed to run, mocked, called in
 * the context) must be on one of the case's servers, and, where the harness knows the
 * server's tools, one of them. It knows a static server's tools (it holds them); a live
 * server's listing is only known while a batch runs, so there only the server is checked
 * here and a tool the server lacks shows up in the run as a missing call.
 */
export function assertSequenceTools(input: TestCaseInput, servers: McpServerRow[]): void {
  const byName = new Map(servers.map((s) => [s.name, s]));
  const staticToolNames = new Map<string, Set<string> | null>();
  const knownTools = (server: McpServerRow): Set<string> | null => {
    if (!staticToolNames.has(server.id)) {
      staticToolNames.set(server.id, server.transport === 'static' ? new Set(listStaticTools(server.id).map((t) => t.name)) : null);
    }
    return staticToolNames.get(server.id) ?? null;
  };
  const problems: Problem[] = [];
  const check = (ref: Named, path: string) => {
    const server = byName.get(ref.server);
    if (!server) {
      problems.push({ path: `${path}.server`, message: `'${ref.server}' is not one of the test case's servers (${servers.map((s) => s.name).join(', ')})` });
      return;
    }
    const tools = knownTools(server);
    if (tools && !tools.has(ref.tool)) problems.push({ path: `${path}.tool`, message: `'${ref.tool}' is not a tool of ${ref.server}` });
  };
  (input.expectedCalls ?? []).forEach((c, i) => check(c, `expectedCalls.${i}`));
  (input.forbiddenTools ?? []).forEach((c, i) => check(c, `forbiddenTools.${i}`));
  if (typeof input.execute === 'object') input.execute.allow.forEach((c, i) => check(c, `execute.allow.${i}`));
  (input.mockResults ?? []).forEach((c, i) => check(c, `mockResults.${i}`));
  (input.context ?? []).forEach((turn, i) => {
    if (turn.role === 'assistant') (turn.toolCalls ?? []).forEach((c, j) => check(c, `context.${i}.toolCalls.${j}`));
  });
  if (problems.length) throw new ValidationError(`Unknown server or tool: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
}
