import type { BadBody, Method } from './bad-input';
import { MISSING_UUID } from './bad-input';

/**
 * Near-valid bodies of the API's body routes, and every one-field mutation of them (a wrong type, an empty, huge or
 * NUL string, a number out of range, null, a missing field, a __proto__ key, a 1,000-deep object): the inputs that
 * pass the first checks and reach the validation and code behind them. A base must be harmless when valid (no
 * network work, no batch started): the routes that start work get a base refused for two independent reasons (an
 * unknown test case and a cloud model without its key), so no single mutation makes it valid.
 */

export type Seeds = { server: string; scratchServer: string; testCase: string; scratchCase: string; batch: string };

export type BodyBase = {
  method: Method;
  /** The catalog path, e.g. '/api/servers/{id}'. */
  path: string;
  label: string;
  body: unknown;
  /** Path parameters instead of the seeded ones. */
  params?: Record<string, string>;
  /** Dotted paths whose removal (or {}) would make the request mean something broader: not removed nor emptied. */
  keep?: string[];
  /** The base itself must be refused (a route that starts work when valid): every mutation must be too. */
  refused?: boolean;
  /** The status the base gets when it is not a 2xx (an unknown experiment: 404), so the mutations reach that far. */
  baseStatus?: number;
  contentType?: string;
};

const TOOL = { name: 'lookup_word', description: 'Look a word up in the dictionary', inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } };
const CLOUD_MODEL = { provider: 'openai', model: 'gpt-4o-mini' };

export function bodyBases(s: Seeds): BodyBase[] {
  const similarity = { toolList: [{ server: 's', ...TOOL }, { server: 's', ...TOOL, name: 'find_word' }], method: 'description_overlap', similarityThreshold: 0.5, weights: { semantic: 0.5, parameters: 0.3, description: 0.2 }, topK: 5 };
  const simKeep = ['method'];
  return [
    { method: 'POST', path: '/api/api-keys', label: 'key', body: { name: 'k', kind: 'api' } },
    { method: 'POST', path: '/api/auth/login', label: 'login', body: { password: 'wrong' }, baseStatus: 409 },
    { method: 'PUT', path: '/api/baseline', label: 'pin', body: { batchId: s.batch } },
    {
      method: 'POST', path: '/api/batches', label: 'ids', refused: true,
      body: { name: 'b', testCaseIds: [MISSING_UUID], models: [{ ...CLOUD_MODEL, temperature: 0, timeout: 5 }], samples: 1, concurrency: 1 },
    },
    {
      method: 'POST', path: '/api/batches', label: 'filter', refused: true, keep: ['filter'],
      body: { filter: { search: 'zzz-no-such-case', tag: ['no-such-tag'], kind: 'positive' }, models: [CLOUD_MODEL] },
    },
    {
      method: 'POST', path: '/api/experiments', label: 'variant', refused: true,
      body: { name: 'e', testCaseIds: [MISSING_UUID], models: [CLOUD_MODEL], samples: 1, variants: [{ name: 'v', changes: [{ server: 'bad-input-static', tool: 'echo', description: 'Echo it', inputSchema: { type: 'object' } }] }] },
    },
    { method: 'POST', path: '/api/experiments/default-cases', label: 'focus', body: { servers: ['bad-input-static'], focusTools: [{ server: 'bad-input-static', tool: 'echo' }] } },
    { method: 'POST', path: '/api/experiments/{id}/variants/{name}/apply', label: 'apply', body: { serverId: s.server }, baseStatus: 404 },
    {
      method: 'POST', path: '/api/import/bfcl', label: 'bfcl',
      body: {
        entries: [{ id: 'simple_7', question: [[{ role: 'user', content: 'Look up the word cat' }]], function: [{ name: 'lookup', description: 'Look a word up', parameters: { type: 'dict', properties: { word: { type: 'string' } }, required: ['word'] } }] }],
        answers: [{ id: 'simple_7', ground_truth: [{ lookup: { word: ['cat'] } }] }],
      },
    },
    {
      method: 'POST', path: '/api/import/mcp-tef', label: 'tef',
      body: { name: 'tef', query: 'q', available_mcp_servers: [{ url: 'http://127.0.0.1:9/tef', transport: 'streamable-http' }], expected_mcp_server_url: 'http://127.0.0.1:9/tef', expected_tool_name: 'echo', expected_parameters: { text: 'a' }, expected_tool_calls: [{ mcp_server_url: 'http://127.0.0.1:9/tef', tool_name: 'echo', parameters: { text: 'a' } }] },
    },
    { method: 'POST', path: '/api/quality/lint', label: 'tools', body: { toolList: similarity.toolList } },
    { method: 'POST', path: '/api/servers', label: 'static', body: { name: 'st', transport: 'static', tools: [TOOL] } },
    { method: 'POST', path: '/api/servers', label: 'live', body: { name: 'live', transport: 'streamable-http', url: 'http://127.0.0.1:9/live', headers: { 'X-Trace': 't' }, auth: { type: 'bearer', token: 'x' } } },
    { method: 'POST', path: '/api/servers', label: 'stdio', body: { name: 'cmd', transport: 'stdio', command: '/nonexistent/bin/mcp-server', args: ['--port', '1'], env: { LEVEL: 'debug' } } },
    { method: 'PATCH', path: '/api/servers/{id}', label: 'static', params: { id: s.scratchServer }, body: { tools: [TOOL] } },
    { method: 'POST', path: '/api/servers/{id}/snapshot', label: 'snap', body: { name: 'snap' } },
    { method: 'POST', path: '/api/servers/{id}/tools/{name}/call', label: 'call', body: { arguments: { text: 'hi' }, timeoutMs: 1000 }, baseStatus: 422 },
    { method: 'POST', path: '/api/servers/import', label: 'mcp.json', body: { mcpServers: { imp: { url: 'http://127.0.0.1:9/imp', headers: { 'X-Trace': 't' } } } } },
    { method: 'POST', path: '/api/servers/import', label: 'stdio', body: { mcpServers: { imp3: { command: '/nonexistent/bin/mcp-server', args: ['-v'], env: { LEVEL: 'debug' } } } } },
    { method: 'POST', path: '/api/servers/import', label: 'vscode', body: { servers: { imp2: { type: 'http', url: 'http://127.0.0.1:9/imp2' } } } },
    { method: 'PUT', path: '/api/settings', label: 'model', body: { embeddingModel: 'auto' } },
    { method: 'POST', path: '/api/similarity/analyze', label: 'tools', body: similarity, keep: simKeep },
    // The same request schema as analyze: its mutations are checked there; these two get the tool fields alone.
    { method: 'POST', path: '/api/similarity/overlap-matrix', label: 'tools', body: { toolList: similarity.toolList, method: 'description_overlap' }, keep: simKeep },
    { method: 'POST', path: '/api/similarity/recommendations', label: 'tools', body: { toolList: similarity.toolList, method: 'description_overlap' }, keep: simKeep },
    { method: 'POST', path: '/api/similarity/report', label: 'tools', body: similarity, keep: simKeep },
    { method: 'POST', path: '/api/similarity/test-case-drafts', label: 'ids', body: { serverIds: [s.server], similarityThreshold: 0.5, method: 'description_overlap', maxPairs: 5 }, keep: simKeep },
    {
      method: 'POST', path: '/api/test-cases', label: 'selection',
      body: { name: 'c', query: 'echo hi', serverIds: [s.server], expectedServer: 'bad-input-static', expectedTool: 'echo', expectedParameters: { text: { $oneOf: ['hi', { $regex: '^h' }] } }, tags: ['t1'] },
    },
    {
      method: 'POST', path: '/api/test-cases', label: 'sequence',
      body: {
        name: 'seq', query: 'echo twice', serverIds: [s.server], mode: 'sequence', callOrder: 'exact', maxSteps: 3, execute: 'none',
        expectedCalls: [{ server: 'bad-input-static', tool: 'echo', arguments: { text: 'a' } }, { server: 'bad-input-static', tool: 'echo', arguments: { text: { $fromResult: { call: 0, path: '$.content[0].text' } } } }],
        forbiddenTools: [{ server: 'bad-input-static', tool: 'repeat' }], context: [{ role: 'user', content: 'before' }],
        mockResults: [{ server: 'bad-input-static', tool: 'echo', match: { text: 'a' }, result: { text: 'a', isError: false } }],
      },
    },
    { method: 'PATCH', path: '/api/test-cases/{id}', label: 'patch', params: { id: s.scratchCase }, body: { query: 'q2', tags: ['t2'], expectedParameters: { text: 'x' } } },
    { method: 'POST', path: '/api/test-cases/{id}/runs', label: 'run', params: { id: MISSING_UUID }, refused: true, body: { model: CLOUD_MODEL, samples: 1 } },
    { method: 'POST', path: '/api/test-cases/bulk-delete', label: 'ids', body: { ids: [MISSING_UUID] }, keep: ['ids'] },
    { method: 'POST', path: '/api/test-cases/bulk-delete', label: 'filter', body: { filter: { search: 'zzz-no-such-case', tag: ['no-such-tag'] } }, keep: ['filter'], baseStatus: 400 },
    {
      method: 'POST', path: '/api/test-cases/import', label: 'json', contentType: 'application/json',
      body: [{ name: 'imp', query: 'q', serverIds: [s.server], expectedServer: 'bad-input-static', expectedTool: 'echo', expectedParameters: { text: 'a' }, tags: ['i'] }],
    },
  ];
}

let deep: unknown = 0;
for (let i = 0; i < 1000; i++) deep = { a: deep };

const REMOVED = Symbol('removed');
const WRONG: { label: string; value: unknown }[] = [
  { label: '42', value: 42 },
  { label: '1e308', value: 1e308 },
  { label: '"text"', value: 'text' },
  { label: 'empty string', value: '' },
  { label: 'NUL string', value: 'a\u0000b' },
  { label: '10,000 characters', value: 'x'.repeat(10_000) },
  { label: 'SQL-ish', value: "' or 1=1 --" },
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: '[]', value: [] },
  { label: '{}', value: {} },
  { label: '__proto__ key', value: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') },
  { label: '1,000-deep object', value: deep },
  { label: 'missing', value: REMOVED },
];

type Node = { path: (string | number)[]; value: unknown };

function nodes(value: unknown, path: (string | number)[] = []): Node[] {
  const here = path.length ? [{ path, value }] : [];
  if (Array.isArray(value)) return [...here, ...(value.length ? nodes(value[0], [...path, 0]) : [])];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => nodes(v, [...path, k]))];
  return here;
}

function replaced(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value !== REMOVED) parent[last] = value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** Every one-field mutation of the base, labelled with the field and the wrong value. */
export function mutations(base: BodyBase): BadBody[] {
  const keep = new Set(base.keep ?? []);
  const contentType = base.contentType ?? 'application/json';
  return nodes(base.body).flatMap(({ path }) => {
    const dotted = path.join('.');
    return WRONG.filter((w) => !(keep.has(dotted) && (w.value === REMOVED || w.label === '{}' || w.label === '[]'))).map((w) => ({
      label: `${base.label} ${dotted} = ${w.label}`,
      body: JSON.stringify(replaced(base.body, path, w.value)),
      contentType,
    }));
  });
}

export function baseBody(base: BodyBase): BadBody {
  return { label: `${base.label} (base)`, body: JSON.stringify(base.body), contentType: base.contentType ?? 'application/json' };
}

const DEEP_JSON = `${'{"a":'.repeat(1200)}1${'}'.repeat(1200)}`;
const TOOL_LINE = JSON.stringify({ server: 's', ...TOOL });

/** Bodies that are not JSON documents: the NDJSON similarity stream and the test-case files (CSV, JSONL). */
export const RAW_BODIES: { method: Method; path: string; bodies: BadBody[] }[] = [
  {
    method: 'POST',
    path: '/api/similarity/analyze',
    bodies: [
      ['options only', '{}\n'],
      ['options not an object', `[]\n${TOOL_LINE}\n`],
      ['options with a wrong type', `{"similarityThreshold":"high"}\n${TOOL_LINE}\n${TOOL_LINE.replace('lookup_word', 'find_word')}\n`],
      ['options with an unknown key', `{"bogus":1}\n${TOOL_LINE}\n`],
      ['options naming a source', `{"toolList":[]}\n${TOOL_LINE}\n`],
      ['a tool line that is null', `{"method":"description_overlap"}\nnull\n${TOOL_LINE}\n`],
      ['a tool line that is a number', `{"method":"description_overlap"}\n42\n${TOOL_LINE}\n`],
      ['a tool line 1,200 deep', `{"method":"description_overlap"}\n${DEEP_JSON}\n${TOOL_LINE}\n`],
      ['a tool with a 1,200-deep schema', `{"method":"description_overlap"}\n${TOOL_LINE.replace('{"type":"object"', `{"type":"object","x":${DEEP_JSON}`)}\n${TOOL_LINE.replace('lookup_word', 'find_word')}\n`],
      ['a NUL in a line', `{"method":"description_overlap"}\n${TOOL_LINE.replace('dictionary', 'dict\\u0000ionary')}\n${TOOL_LINE.replace('lookup_word', 'find_word')}\n`],
      ['the same tool twice', `{"method":"description_overlap"}\n${TOOL_LINE}\n${TOOL_LINE}\n`],
      ['blank lines only', '\n\n\n'],
      ['a cut-off last line', `{"method":"description_overlap"}\n${TOOL_LINE}\n{"server":"s","na`],
      ['CRLF lines', `{"method":"description_overlap"}\r\n${TOOL_LINE}\r\n${TOOL_LINE.replace('lookup_word', 'find_word')}\r\n`],
    ].map(([label, body]) => ({ label: `ndjson ${label}`, body, contentType: 'application/x-ndjson' })),
  },
  {
    method: 'POST',
    path: '/api/test-cases/import',
    bodies: [
      ...[
        ['header only', 'name,query,servers\n'],
        ['unknown columns', 'a,b,c\n1,2,3\n'],
        ['unterminated quote', 'name,query\n"open,q\n'],
        ['ragged rows', 'name,query,servers\nn1\nn2,q,bad-input-static,extra,extra\n'],
        ['formula cells', 'name,query,servers\n=cmd|"/c calc"!A1,+1,@SUM(1)\n'],
        ['NUL cells', 'name,query,servers\nn\u0000,q\u0000,bad-input-static\n'],
        ['JSON cells of the wrong type', 'name,query,servers,expectedServer,expectedTool,expectedParameters,tags\nn,q,bad-input-static,bad-input-static,echo,"[1,2]","{""a"":1}"\n'],
        ['a 1,200-deep JSON cell', `name,query,servers,expectedServer,expectedTool,expectedParameters\nn,q,bad-input-static,bad-input-static,echo,"${DEEP_JSON.replace(/"/g, '""')}"\n`],
        ['sequence cells that do not parse', 'name,query,servers,mode,expectedCalls,maxSteps\nn,q,bad-input-static,sequence,[{,abc\n'],
        ['a 10,000-column row', `name,query\n${'x,'.repeat(10_000)}\n`],
        ['BOM and CR line ends', '\uFEFFname,query,servers\r\nn,q,bad-input-static\r\n'],
      ].map(([label, body]) => ({ label: `csv ${label}`, body, contentType: 'text/csv' })),
      ...[
        ['a line that is not JSON', '{"name":"a","query":"q","serverIds":[]}\nnot json\n'],
        ['a line that is an array', '[1,2]\n'],
        ['a line 1,200 deep', `${DEEP_JSON}\n`],
        ['wrong types', '{"name":1,"query":[],"servers":{"a":1},"tags":"t"}\n'],
      ].map(([label, body]) => ({ label: `jsonl ${label}`, body, contentType: 'application/x-ndjson' })),
      { label: 'json an object, not an array', body: '{"name":"a"}', contentType: 'application/json' },
      { label: 'json 1,200 deep', body: DEEP_JSON, contentType: 'application/json' },
    ],
  },
];
