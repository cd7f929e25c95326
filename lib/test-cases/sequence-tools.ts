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
export async function assertSequenceTools(input: TestCaseInput, servers: McpServerRow[]): Promise<void> {
  const refs: { ref: Named; path: string }[] = [];
  (input.expectedCalls ?? []).forEach((ref, i) => refs.push({ ref, path: `expectedCalls.${i}` }));
  (input.forbiddenTools ?? []).forEach((ref, i) => refs.push({ ref, path: `forbiddenTools.${i}` }));
  if (typeof input.execute === 'object') input.execute.allow.forEach((ref, i) => refs.push({ ref, path: `execute.allow.${i}` }));
  (input.mockResults ?? []).forEach((ref, i) => refs.push({ ref, path: `mockResults.${i}` }));
  (input.context ?? []).forEach((turn, i) => {
    if (turn.role === 'assistant') (turn.toolCalls ?? []).forEach((ref, j) => refs.push({ ref, path: `context.${i}.toolCalls.${j}` }));
  });
  const byName = new Map(servers.map((s) => [s.name, s]));
  // The tool names of each named static server, read once.
  const staticToolNames = new Map<string, Set<string>>();
  for (const { ref } of refs) {
    const server = byName.get(ref.server);
    if (server?.transport === 'static' && !staticToolNames.has(server.id)) {
      staticToolNames.set(server.id, new Set((await listStaticTools(server.id)).map((t) => t.name)));
    }
  }
  const problems: Problem[] = [];
  for (const { ref, path } of refs) {
    const server = byName.get(ref.server);
    if (!server) {
      problems.push({ path: `${path}.server`, message: `'${ref.server}' is not one of the test case's servers (${servers.map((s) => s.name).join(', ')})` });
      continue;
    }
    const tools = staticToolNames.get(server.id);
    if (tools && !tools.has(ref.tool)) problems.push({ path: `${path}.tool`, message: `'${ref.tool}' is not a tool of ${ref.server}` });
  }
  if (problems.length) throw new ValidationError(`Unknown server or tool: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
}
