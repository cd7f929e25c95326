import { ValidationError } from '@/lib/errors';
import { type AuthInput, CREDENTIAL_HEADER, type ServerInput, ServerInputSchema, type Transport } from './schemas';

/*
 * Reads and writes the "mcp.json" family: Claude Desktop / Cursor / Claude Code
 * ({mcpServers}), VS Code workspace mcp.json ({servers, inputs}) and VS Code user
 * settings ({mcp: {servers}}). Secrets never leave the app: an export writes
 * placeholders, and an import refuses to store placeholders as if they were secrets.
 */

export type McpConfigEntry = { name: string; input: ServerInput; warnings: string[] } | { name: string; error: string };

/** What an export needs from a stored server: names of secrets, never their values. */
export type ExportableServer = {
  name: string;
  transport: Transport;
  url: string | null;
  command: string | null;
  args: string[] | null;
  envKeys: string[];
  headers: Record<string, string> | null;
  authType: 'none' | 'bearer' | 'header' | 'basic';
  authHeaderName: string | null;
};

export type McpConfigFormat = 'mcp' | 'vscode';

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const invalidDocument = (message: string) => new ValidationError(message, undefined, 'invalid_document');

// ${input:id} (VS Code), ${env:NAME} (VS Code), ${NAME} and ${NAME:-default} (Claude Code).
const PLACEHOLDER = /\$\{[^{}\s]+\}/;
const isPlaceholder = (v: unknown): v is string => typeof v === 'string' && PLACEHOLDER.test(v);
const placeholderWarning = (what: string) => `${what} is a placeholder; set the secret after import`;

// ---------------------------------------------------------------- import

function findServerMap(doc: unknown): JsonObject {
  if (!isObject(doc)) throw invalidDocument('The document must be a JSON object');
  const [path, map] =
    Object.hasOwn(doc, 'mcpServers') ? ['mcpServers', doc.mcpServers]
    : Object.hasOwn(doc, 'servers') ? ['servers', doc.servers]
    : isObject(doc.mcp) && Object.hasOwn(doc.mcp, 'servers') ? ['mcp.servers', doc.mcp.servers]
    : [null, undefined];
  if (path === null) {
    throw invalidDocument('Expected "mcpServers" (Claude Desktop, Cursor, Claude Code), "servers" (VS Code mcp.json) or "mcp.servers" (VS Code settings)');
  }
  if (!isObject(map)) throw invalidDocument(`"${path}" must be an object mapping server names to their configuration`);
  return map;
}

// Keys are compared without case, "-" or "_" so streamableHttp, streamable_http and streamable-http agree.
const TRANSPORT_BY_TYPE: Record<string, Transport> = { stdio: 'stdio', sse: 'sse', http: 'streamable-http', streamablehttp: 'streamable-http' };

function resolveTransport(raw: JsonObject, url: unknown): Transport | { error: string } {
  const declared = raw.type ?? raw.transport;
  if (declared !== undefined) {
    const key = typeof declared === 'string' ? declared.toLowerCase().replace(/[-_]/g, '') : '';
    const transport = Object.hasOwn(TRANSPORT_BY_TYPE, key) ? TRANSPORT_BY_TYPE[key] : undefined;
    return transport ?? { error: `unknown type ${JSON.stringify(declared)} (expected stdio, sse, http or streamable-http)` };
  }
  if (raw.command !== undefined) return 'stdio';
  if (typeof url === 'string') return /\/sse\/?$/.test(urlPath(url)) ? 'sse' : 'streamable-http';
  return { error: 'the entry needs a "url" or a "command"' };
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url; // the schema reports the bad URL; a best guess of the transport is enough here
  }
}

/** Basic credentials that do not decode to "user:pass" are still usable verbatim as a header. */
function decodeBasic(encoded: string): { username: string; password: string } | null {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  if (colon < 1 || /[\u0000-\u001f\u007f]/.test(text)) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

function authFromAuthorization(headerName: string, value: string): AuthInput {
  const bearer = /^Bearer\s+(\S.*)$/i.exec(value);
  if (bearer?.[1]) return { type: 'bearer', token: bearer[1].trim() };
  const basic = /^Basic\s+(\S+)\s*$/i.exec(value);
  const credentials = basic?.[1] ? decodeBasic(basic[1]) : null;
  if (credentials) return { type: 'basic', ...credentials };
  return { type: 'header', headerName, value };
}


/** Moves one credential out of the headers into `auth`; the remaining headers are stored as plain configuration. */
function splitHeaders(raw: JsonObject, warnings: string[]): { headers: JsonObject; auth?: AuthInput } {
  const kept = Object.entries(raw).filter(([name, value]) => {
    if (!isPlaceholder(value)) return true;
    warnings.push(placeholderWarning(`header ${name}`));
    return false;
  });
  const usable = ([, value]: [string, unknown]) => typeof value === 'string' && value.trim() !== '';
  let index = kept.findIndex((h) => h[0].toLowerCase() === 'authorization' && usable(h));
  if (index === -1) index = kept.findIndex((h) => CREDENTIAL_HEADER.test(h[0]) && usable(h));
  const headers = Object.fromEntries(kept.filter((_, i) => i !== index));
  const secret = kept[index];
  if (!secret) return { headers };
  const [name, value] = secret as [string, string];
  return { headers, auth: name.toLowerCase() === 'authorization' ? authFromAuthorization(name, value) : { type: 'header', headerName: name, value } };
}

function filterEnv(raw: JsonObject, warnings: string[]): JsonObject {
  return Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => {
      if (!isPlaceholder(value)) return true;
      warnings.push(placeholderWarning(`env ${key}`));
      return false;
    }),
  );
}

/** Non-secret fields are kept as written, but an unexpanded variable in them will not work as-is. */
function warnAboutPlaceholders(input: JsonObject, warnings: string[]) {
  if (isPlaceholder(input.url)) warnings.push(`url contains a placeholder (${input.url}); edit it after import`);
  if (isPlaceholder(input.command)) warnings.push(`command contains a placeholder (${input.command}); edit it after import`);
  if (Array.isArray(input.args)) {
    input.args.forEach((arg, i) => {
      if (isPlaceholder(arg)) warnings.push(`args[${i}] contains a placeholder (${arg}); edit it after import`);
    });
  }
}

const ENTRY_FIELDS = new Set(['type', 'transport', 'command', 'args', 'env', 'url', 'headers']);

function parseEntry(name: string, raw: unknown): McpConfigEntry {
  if (!isObject(raw)) return { name, error: 'the entry must be an object' };
  const transport = resolveTransport(raw, raw.url);
  if (typeof transport !== 'string') return { name, error: transport.error };

  const warnings: string[] = [];
  const input: JsonObject = { name, transport };
  for (const field of ['url', 'command', 'args'] as const) if (raw[field] !== undefined) input[field] = raw[field];
  warnAboutPlaceholders(input, warnings);
  if (raw.env !== undefined) {
    const env = isObject(raw.env) ? filterEnv(raw.env, warnings) : raw.env;
    if (!isObject(env) || Object.keys(env).length) input.env = env;
  }
  if (raw.headers !== undefined) {
    const { headers, auth } = isObject(raw.headers) ? splitHeaders(raw.headers, warnings) : { headers: raw.headers, auth: undefined };
    if (!isObject(headers) || Object.keys(headers).length) input.headers = headers;
    if (auth) input.auth = auth;
  }
  for (const field of Object.keys(raw)) if (!ENTRY_FIELDS.has(field)) warnings.push(`field "${field}" is not supported and was ignored`);

  const parsed = ServerInputSchema.safeParse(input);
  if (!parsed.success) {
    return { name, error: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ') };
  }
  return { name, input: parsed.data, warnings };
}

/** Throws ValidationError('invalid_document') for a document of no known shape; a bad server becomes an entry error. */
export function parseMcpConfig(doc: unknown): { entries: McpConfigEntry[] } {
  return { entries: Object.entries(findServerMap(doc)).map(([name, raw]) => parseEntry(name, raw)) };
}

// ---------------------------------------------------------------- export

/** Hands out unique placeholder names and, for VS Code, the `inputs` that prompt for them. */
class Placeholders {
  readonly inputs: { type: 'promptString'; id: string; description: string; password: true }[] = [];
  private readonly used = new Set<string>();

  constructor(private readonly format: McpConfigFormat) {}

  /** 'mcp' refers to the shell variable `variable`; VS Code prompts for input `inputId` instead. */
  secret(variable: string, inputId: string, description: string): string {
    if (this.format === 'mcp') {
      this.used.add(variable); // so a credential variable allocated later cannot reuse an env key's name
      return `\${${variable}}`;
    }
    const id = this.unique(slug(inputId));
    this.inputs.push({ type: 'promptString', id, description, password: true });
    return `\${input:${id}}`;
  }

  /** An environment variable name for an HTTP credential, unique within the document. */
  credential(serverName: string, suffix: string, description: string): string {
    let variable = `${envName(serverName)}_${envName(suffix)}`;
    if (/^\d/.test(variable)) variable = `MCP_${variable}`;
    return this.secret(this.format === 'mcp' ? this.unique(variable, '_') : variable, variable, description);
  }

  private unique(base: string, separator = '-'): string {
    let candidate = base;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${base}${separator}${n}`;
    this.used.add(candidate);
    return candidate;
  }
}

const envName = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'SERVER';
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'server';

function authHeader(s: ExportableServer, placeholders: Placeholders): [string, string] | null {
  const server = `MCP server "${s.name}"`;
  switch (s.authType) {
    case 'none':
      return null;
    case 'bearer':
      return ['Authorization', `Bearer ${placeholders.credential(s.name, 'TOKEN', `Bearer token for ${server}`)}`];
    case 'basic':
      return ['Authorization', `Basic ${placeholders.credential(s.name, 'BASIC_AUTH', `Base64 of "username:password" for ${server}`)}`];
    case 'header': {
      const header = s.authHeaderName ?? 'Authorization';
      return [header, placeholders.credential(s.name, header, `Value of the ${header} header for ${server}`)];
    }
  }
}

function exportServer(s: ExportableServer, format: McpConfigFormat, placeholders: Placeholders): JsonObject {
  if (s.transport === 'stdio') {
    const entry: JsonObject = format === 'vscode' ? { type: 'stdio' } : {};
    entry.command = s.command ?? '';
    if (s.args) entry.args = [...s.args];
    if (s.envKeys.length) {
      entry.env = Object.fromEntries(s.envKeys.map((key) => [key, placeholders.secret(key, `${s.name}-${key}`, `Environment variable ${key} for MCP server "${s.name}"`)]));
    }
    return entry;
  }
  const entry: JsonObject = { type: s.transport === 'sse' ? 'sse' : 'http', url: s.url ?? '' };
  const headers: Record<string, string> = { ...s.headers };
  const auth = authHeader(s, placeholders);
  if (auth) {
    // The credential replaces any plain header of the same name, whatever its case.
    for (const name of Object.keys(headers)) if (name.toLowerCase() === auth[0].toLowerCase()) delete headers[name];
    headers[auth[0]] = auth[1];
  }
  if (Object.keys(headers).length) entry.headers = headers;
  return entry;
}

/** Secrets become `${VAR}` ('mcp') or `${input:id}` plus an `inputs` prompt ('vscode'). */
export function exportMcpConfig(servers: ExportableServer[], format: McpConfigFormat): Record<string, unknown> {
  const placeholders = new Placeholders(format);
  const entries = Object.fromEntries(servers.map((s) => [s.name, exportServer(s, format, placeholders)]));
  return format === 'mcp' ? { mcpServers: entries } : { servers: entries, inputs: placeholders.inputs };
}
