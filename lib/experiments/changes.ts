import 'server-only';
import { getServersByNames } from '@/db/queries/servers';
import type { McpServerRow } from '@/db/schema';
import { UnprocessableError, ValidationError } from '../errors';
import type { Tool } from '../mcp/client';
import { getCircuitBreakers } from '../eval/run/circuit-breaker';
import { ToolCache } from '../eval/run/tool-cache';
import { validateAgainstSchema } from '../validation/json-schema';
import type { ExperimentInput, ToolChange } from './schemas';

/** A server named by some change, with its tools as listed now (live or static, as a run would list them). */
export type ServerListing = { server: McpServerRow; tools: Tool[] };

/** Lists every server the changes name, once each, the way the runner does (through its tool cache and breakers). */
export async function readListings(variants: ExperimentInput['variants']): Promise<Map<string, ServerListing>> {
  const names = [...new Set(variants.flatMap((v) => v.changes.map((c) => c.server)))];
  const rows = await getServersByNames(names);
  const unknown = names.filter((n) => !rows.some((r) => r.name === n));
  if (unknown.length) {
    throw new UnprocessableError('unknown_server', `Unknown server(s): ${unknown.join(', ')}`, { servers: unknown });
  }
  const cache = new ToolCache(getCircuitBreakers());
  const listings = await Promise.all(rows.map(async (server) => ({ server, tools: await cache.tools(server) })));
  return new Map(listings.map((l) => [l.server.name, l]));
}

type Issue = { path: string; message: string };

/**
 * Every change must name a tool its server lists now; a rename must leave the server's names
 * unique; a new input schema must be a JSON Schema object that compiles. Unknown tools are
 * 422 `unknown_tool`, malformed changes 400 with the field's path.
 */
export function checkChanges(variants: ExperimentInput['variants'], listings: Map<string, ServerListing>): void {
  const unknown: { variant: string; server: string; tool: string }[] = [];
  const issues: Issue[] = [];
  variants.forEach((variant, v) => {
    variant.changes.forEach((change, c) => {
      const tools = listings.get(change.server)?.tools ?? [];
      if (!tools.some((t) => t.name === change.tool)) unknown.push({ variant: variant.name, server: change.server, tool: change.tool });
      const at = `variants.${v}.changes.${c}`;
      if (change.inputSchema !== undefined) {
        const problem = schemaProblem(change.inputSchema);
        if (problem) issues.push({ path: `${at}.inputSchema`, message: `tool "${change.tool}": ${problem}` });
      }
    });
    issues.push(...renameClashes(variant.changes, listings, v));
  });
  if (unknown.length) {
    const first = unknown[0]!;
    throw new UnprocessableError('unknown_tool', `Server "${first.server}" lists no tool "${first.tool}" (variant "${first.variant}")`, { tools: unknown });
  }
  if (issues.length) throw new ValidationError(`Request body is invalid: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
}

function schemaProblem(schema: Record<string, unknown>): string | null {
  if (schema.type !== 'object') return 'inputSchema must be a JSON Schema with type "object"';
  const check = validateAgainstSchema(schema, {});
  return check.valid === null ? `inputSchema does not compile: ${check.schemaError}` : null;
}

/** After a variant's renames, each server's tool names must still be distinct. */
function renameClashes(changes: readonly ToolChange[], listings: Map<string, ServerListing>, v: number): Issue[] {
  const issues: Issue[] = [];
  const servers = new Set(changes.filter((c) => c.name !== undefined).map((c) => c.server));
  for (const server of servers) {
    const renames = new Map(changes.filter((c) => c.server === server && c.name !== undefined).map((c) => [c.tool, c.name as string]));
    const finalNames = (listings.get(server)?.tools ?? []).map((t) => renames.get(t.name) ?? t.name);
    changes.forEach((change, c) => {
      if (change.server !== server || change.name === undefined || change.name === change.tool) return;
      if (finalNames.filter((n) => n === change.name).length > 1) {
        issues.push({ path: `variants.${v}.changes.${c}.name`, message: `renaming "${change.tool}" to "${change.name}" clashes with another tool of server "${server}"` });
      }
    });
  }
  return issues;
}
