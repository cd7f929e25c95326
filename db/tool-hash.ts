import { createHash } from 'node:crypto';

/**
 * Content addresses of tool snapshots (see tool_snapshots and tool_sets in db/schema.ts).
 * A definition is hashed over its server, name, description and schemas, the schemas in a
 * canonical JSON form (object keys sorted at every depth), so the same definition listed with
 * its keys in another order is stored once. A set of tools (what one run showed the model) is
 * hashed over its members' definition hashes, exposed names and server URLs, in order.
 *
 * The same functions are registered on every connection as the SQL functions
 * tool_snapshot_hash(...) and tool_set_hash(json) (db/client.ts), which the migration that
 * moved the old per-run copies and the tool_definitions view's triggers call: one
 * implementation, so SQL and TypeScript always agree on an address.
 */

/** JSON with object keys in code-point order at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // undefined, functions and symbols have no JSON form; as a value they read as null.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson(JSON.parse(JSON.stringify(value)) as unknown);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export type HashableTool = {
  serverName: string;
  name: string;
  description: string;
  inputSchema: unknown;
  outputSchema: unknown;
};

/** sha256 (hex) of one tool definition; a version tag leads, so a future change of the recipe cannot collide. */
export function toolSnapshotHash(t: HashableTool): string {
  return sha256(canonicalJson(['tool-snapshot/1', t.serverName, t.name, t.description, t.inputSchema, t.outputSchema ?? null]));
}

export type HashableMember = { snapshotHash: string; exposedName: string; serverUrl: string | null };

/** sha256 (hex) of an ordered tool listing: what one run showed the model. */
export function toolSetHash(members: readonly HashableMember[]): string {
  return sha256(canonicalJson(['tool-set/1', members.map((m) => [m.snapshotHash, m.exposedName, m.serverUrl ?? null])]));
}

/** A stored schema column (JSON text) as a value; text that is not JSON stays a distinct string. */
function parseStored(text: unknown): unknown {
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { '$unparsed': text };
  }
}

/** tool_snapshot_hash(server_name, name, description, input_schema, output_schema) over stored columns. */
export function toolSnapshotHashOfColumns(serverName: unknown, name: unknown, description: unknown, inputSchema: unknown, outputSchema: unknown): string {
  return toolSnapshotHash({
    serverName: String(serverName),
    name: String(name),
    description: description === null || description === undefined ? '' : String(description),
    inputSchema: parseStored(inputSchema),
    outputSchema: parseStored(outputSchema),
  });
}

/** tool_set_hash(json): json is an array of [snapshot_hash, exposed_name, server_url] in position order. */
export function toolSetHashOfJson(json: unknown): string {
  const rows = parseStored(json);
  if (!Array.isArray(rows)) throw new TypeError('tool_set_hash expects a JSON array of [snapshot_hash, exposed_name, server_url]');
  return toolSetHash(
    rows.map((r: unknown) => {
      const [snapshotHash, exposedName, serverUrl] = Array.isArray(r) ? (r as unknown[]) : [];
      return { snapshotHash: String(snapshotHash), exposedName: String(exposedName), serverUrl: serverUrl === null || serverUrl === undefined ? null : String(serverUrl) };
    }),
  );
}
