import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { get } from '@/db/sql';
import { API_SECTIONS } from '@/lib/api-catalog';

/**
 * The catalog-wide bad-input check (tests/api-bad-input.test.ts): every route file under app/api, the bad path
 * parameters, query strings and bodies it is sent, one in-process caller with a time bound, and what a refused
 * request must leave as it was (row counts of the main tables).
 */

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
export const BODY_METHODS: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type ApiRoute = {
  /** e.g. 'servers/[id]/tools/[name]/call' ('' for app/api/route.ts). */
  dir: string;
  /** The catalog's spelling: '/api/servers/{id}/tools/{name}/call'. */
  path: string;
  /** Folder names in brackets, in order; a catch-all ([...path]) is named with its dots. */
  params: string[];
  handlers: Partial<Record<Method, Handler>>;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const API_DIR = path.join(ROOT, 'app/api');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === 'route.ts' ? [full] : [];
  });
}

/** Every app/api/**\/route.ts, imported, with the HTTP methods it exports. */
export async function discoverRoutes(): Promise<ApiRoute[]> {
  const files = routeFiles(API_DIR).sort();
  return Promise.all(
    files.map(async (file) => {
      const dir = path.relative(API_DIR, path.dirname(file)).split(path.sep).join('/');
      const mod = (await import(file)) as Record<string, unknown>;
      const handlers: Partial<Record<Method, Handler>> = {};
      for (const m of METHODS) if (typeof mod[m] === 'function') handlers[m] = mod[m] as Handler;
      const segments = dir === '' ? [] : dir.split('/');
      const params = segments.filter((s) => s.startsWith('[')).map((s) => s.slice(1, -1));
      const apiPath = `/api${segments.map((s) => `/${s.startsWith('[') ? `{${s.slice(1, -1)}}` : s}`).join('')}`;
      return { dir, path: apiPath, params, handlers };
    }),
  );
}

/** The query parameter names the catalog gives a path+method: the `(?a, b=x|y, c)` list and any `name=x|y`. */
export function catalogQueryParams(apiPath: string, method: Method): string[] {
  const names = new Set<string>();
  for (const section of API_SECTIONS) {
    for (const e of section.endpoints) {
      if (e.path !== apiPath || e.method !== method) continue;
      const open = e.summary.indexOf('(?');
      if (open >= 0) {
        let depth = 0;
        let end = open;
        for (; end < e.summary.length; end++) {
          if (e.summary[end] === '(') depth++;
          if (e.summary[end] === ')' && --depth === 0) break;
        }
        const inner = e.summary.slice(open + 2, end).replace(/\([^)]*\)/g, '');
        for (const part of inner.split(',')) {
          const name = /^\s*([A-Za-z][A-Za-z0-9]*)/.exec(part)?.[1];
          if (name) names.add(name);
        }
      }
      for (const m of e.summary.matchAll(/[?\s(,]([a-z][A-Za-z]*)=[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)+/g)) names.add(m[1] as string);
    }
  }
  return [...names];
}

// ---- the inputs (fixed: the same every run) ----

export const MISSING_UUID = '3f0b8c1e-6a2d-4c9e-9b7a-1d5e2f4a6c80';

export const BAD_PARAMS: { label: string; value: string }[] = [
  { label: 'unknown uuid', value: MISSING_UUID },
  { label: 'not-a-uuid', value: 'not-a-uuid' },
  { label: '5,000 characters', value: 'x'.repeat(5000) },
  { label: 'path traversal', value: '../../etc/passwd' },
  { label: '%00', value: '%00' },
  { label: 'NUL character', value: '\u0000' },
  { label: 'emoji', value: '🦜🔥' },
  { label: 'SQL-ish', value: "' or 1=1 --" },
];

/** Query strings sent raw (repeated keys need it); `{p}` is replaced by each catalog parameter. */
export function badQueries(named: string[]): { label: string; query: string }[] {
  const enc = encodeURIComponent;
  const base = [
    ...['limit', 'offset'].flatMap((p) => [
      { label: `${p}=-1`, query: `${p}=-1` },
      { label: `${p}=1e309`, query: `${p}=1e309` },
      { label: `${p}=abc`, query: `${p}=abc` },
      { label: `${p}=10^12`, query: `${p}=1000000000000` },
      { label: `${p} empty`, query: `${p}=` },
      { label: `${p} repeated`, query: `${p}=1&${p}=2` },
    ]),
    { label: 'unknown params', query: 'bogus=1&__proto__=x&constructor=y&prototype=z' },
    { label: '10,000-character search', query: `search=${'s'.repeat(10_000)}` },
  ];
  const perParam = named.flatMap((p) => [
    { label: `${p}=wrong value`, query: `${p}=${enc('not-a-known-value')}` },
    { label: `${p} empty`, query: `${p}=` },
    { label: `${p} repeated`, query: `${p}=a&${p}=b` },
    { label: `${p}=SQL-ish`, query: `${p}=${enc("' or 1=1 --")}` },
    { label: `${p}=NUL`, query: `${p}=%00` },
    { label: `${p}=1e309`, query: `${p}=1e309` },
    { label: `${p}=-1`, query: `${p}=-1` },
    { label: `${p}=10,000 characters`, query: `${p}=${'v'.repeat(10_000)}` },
    { label: `${p}=a date that is not one`, query: `${p}=2025-13-45T25:61:00Z` },
  ]);
  return [...base, ...perParam];
}

/** Field names the routes' bodies use, set to wrong types in the typed-body inputs. */
const FIELDS = [
  'name', 'query', 'model', 'provider', 'url', 'transport', 'password', 'batchId', 'serverId', 'serverIds', 'ids',
  'testCaseIds', 'models', 'entries', 'answers', 'variants', 'servers', 'serverList', 'toolList', 'urlList', 'tags',
  'filter', 'arguments', 'changes', 'tools', 'embeddingModel', 'kind', 'samples', 'concurrency', 'llm', 'focusTools',
  'mcpServers', 'timeoutMs', 'expectedCalls', 'similarityThreshold', 'format',
];

let deep: unknown = 'bottom';
for (let i = 0; i < 1000; i++) deep = { a: deep };

export type BadBody = { label: string; body?: string; contentType?: string };

const jsonBody = (label: string, value: unknown): BadBody => ({ label, body: JSON.stringify(value), contentType: 'application/json' });

export const BAD_BODIES: BadBody[] = [
  { label: 'no body' },
  { label: 'empty string', body: '', contentType: 'application/json' },
  { label: '"{"', body: '{', contentType: 'application/json' },
  { label: 'null', body: 'null', contentType: 'application/json' },
  { label: '[]', body: '[]', contentType: 'application/json' },
  { label: '"text"', body: '"text"', contentType: 'application/json' },
  { label: '42', body: '42', contentType: 'application/json' },
  jsonBody('{}', {}),
  jsonBody('2 MB string field', { name: 'x'.repeat(2 * 1024 * 1024) }),
  jsonBody('1,000-deep object', { name: deep, query: deep, filter: deep }),
  jsonBody('numbers where strings go', Object.fromEntries(FIELDS.map((f) => [f, 42]))),
  jsonBody('arrays where objects go', Object.fromEntries(FIELDS.map((f) => [f, [[1], { a: [] }]]))),
  jsonBody('objects where arrays go', Object.fromEntries(FIELDS.map((f) => [f, { length: 2, 0: 'a' }]))),
  jsonBody('[{}] top-level array of objects', [{}]),
  { label: 'wrong content-type (text/plain)', body: '{"name":"x"}', contentType: 'text/plain' },
  { label: 'wrong content-type (form)', body: 'name=x&query=y', contentType: 'application/x-www-form-urlencoded' },
  { label: 'ndjson garbage', body: '{\n[1,2\nnot json\n', contentType: 'application/x-ndjson' },
  { label: 'csv garbage', body: 'a,"b\n"c,d,,,\n', contentType: 'text/csv' },
  {
    label: '__proto__ / constructor keys',
    body: '{"__proto__":{"polluted":true,"name":"p"},"constructor":{"prototype":{"polluted":true}},"name":{"__proto__":{"polluted":true}}}',
    contentType: 'application/json',
  },
];

// ---- calling ----

export type Outcome = { status: number; text: string; contentType: string } | { timedOut: true };

export type Request_ = {
  method: Method;
  path: string;
  params: Record<string, string | string[]>;
  query?: string;
  body?: BadBody;
  headers?: Record<string, string>;
};

/**
 * Calls the handler in-process with a real Request, as Next would. A streamed answer (server-sent events) is read
 * for its status only; a handler that does not answer within `timeoutMs` is a hang.
 */
export async function callRoute(handler: Handler, r: Request_, timeoutMs: number): Promise<Outcome> {
  const url = new URL(r.path, 'http://localhost');
  if (r.query) url.search = r.query;
  const headers = new Headers(r.headers);
  if (r.body?.contentType) headers.set('content-type', r.body.contentType);
  const controller = new AbortController();
  const req = new Request(url, { method: r.method, headers, body: r.body?.body, signal: controller.signal });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const res = await Promise.race([handler(req, { params: Promise.resolve(r.params) }), timeout]);
    if (res === 'timeout') return { timedOut: true };
    const contentType = res.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) {
      controller.abort();
      await res.body?.cancel().catch(() => undefined);
      return { status: res.status, text: '', contentType };
    }
    const text = await Promise.race([res.text(), timeout]);
    if (text === 'timeout') return { timedOut: true };
    return { status: res.status, text, contentType };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

const STACK_OR_PATH = /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\/work\/|[\w-]+\.(?:ts|tsx|js|mjs|cjs):\d+/;

/** Why the answer breaks the bad-input contract, or null when it keeps it. */
export function contractBreach(outcome: Outcome, upstreamStatuses: readonly number[]): string | null {
  if ('timedOut' in outcome) return 'no answer in time (hang)';
  const { status, text } = outcome;
  if (status >= 500 && !upstreamStatuses.includes(status)) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || !error.code || typeof error.message !== 'string' || !error.message) {
    return `status ${status} without {error: {code, message}}: ${text.slice(0, 200)}`;
  }
  if (STACK_OR_PATH.test(error.message)) return `status ${status}: message shows a stack or file path: ${error.message.slice(0, 300)}`;
  return null;
}

// ---- what a refused request must not change ----

const COUNTED = [
  'mcp_servers', 'test_cases', 'test_case_servers', 'test_case_tags', 'model_settings', 'run_batches', 'test_runs',
  'experiments', 'experiment_variants', 'tool_snapshots', 'tool_sets', 'tool_set_members', 'evaluation_results',
  'call_results', 'static_tools', 'tool_executions', 'api_keys', 'app_meta',
];

const COUNT_QUERY = sql.raw(`select ${COUNTED.map((t) => `(select count(*) from ${t}) as "${t}"`).join(', ')}`);

/** Row counts of the main tables, in one statement; as one comparable string. */
export async function rowCounts(): Promise<string> {
  const row = await get<Record<string, number | string>>(COUNT_QUERY);
  return COUNTED.map((t) => `${t}=${Number(row?.[t])}`).join(' ');
}
