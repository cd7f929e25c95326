import 'server-only';
import { latestSnapshotSchema, staticToolSchema } from '@/db/queries/tool-schemas';
import type { McpServerRow } from '@/db/schema';
import { ValidationError } from '../errors';
import { validateAgainstSchema } from '../validation/json-schema';
import type { TestCaseInput } from './schemas';

const isMatcher = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** Where the schema is known at save time: a static set's own definition, else the latest run's snapshot of the tool. */
function knownSchema(server: McpServerRow, toolName: string): Promise<Record<string, unknown> | undefined> {
  return server.transport === 'static' ? staticToolSchema(server.id, toolName) : latestSnapshotSchema(server.name, toolName);
}

/**
 * A literal expected argument of the wrong type ("3" for an integer) can never be matched by a model
 * that follows the schema, so it is refused with a 400 naming the argument, rather than saved with a
 * note. Matchers ($oneOf, $regex, ...) and the bfcl profile (which has its own type rules) are left
 * to the judge; so is a tool whose schema the harness has not seen.
 */
export async function assertArgumentTypes(input: TestCaseInput, servers: McpServerRow[]): Promise<void> {
  if (!input.expectedTool || !input.expectedParameters || input.argumentMatching === 'bfcl') return;
  const server = servers.find((s) => s.name === input.expectedServer);
  const schema = server ? await knownSchema(server, input.expectedTool) : undefined;
  const properties = schema?.properties;
  if (!schema || typeof properties !== 'object' || properties === null) return;
  const problems: { path: string; message: string }[] = [];
  for (const [name, value] of Object.entries(input.expectedParameters)) {
    if (isMatcher(value) || !(name in properties)) continue;
    // The whole schema (for its $defs), one argument, nothing required: only this value's own rules apply.
    const check = validateAgainstSchema({ ...schema, required: [], additionalProperties: true }, { [name]: value });
    if (check.valid !== false) continue;
    const typeIssue = check.issues.find((i) => i.keyword === 'type');
    if (typeIssue) problems.push({ path: `expectedParameters.${name}`, message: `${name}: ${JSON.stringify(value)} is not of the schema's type (${typeIssue.message.replace(/^\S+ /, '')})` });
  }
  if (problems.length) {
    throw new ValidationError(`Expected arguments of the wrong type for ${input.expectedTool}'s input schema: ${problems.map((p) => p.message).join('; ')}`, problems);
  }
}
