import { describe, expect, it } from 'vitest';
import type { ValidationError } from '@/lib/errors';
import { type ExportableServer, exportMcpConfig, type McpConfigEntry, parseMcpConfig } from './mcp-config';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

function entry(servers: Record<string, unknown>, name = Object.keys(servers)[0]!): McpConfigEntry {
  const found = parseMcpConfig({ mcpServers: servers }).entries.find((e) => e.name === name);
  if (!found) throw new Error(`no entry ${name}`);
  return found;
}

function ok(e: McpConfigEntry) {
  if ('error' in e) throw new Error(`entry ${e.name} failed: ${e.error}`);
  return e;
}

describe('parseMcpConfig: document shapes', () => {
  const server = { command: 'npx', args: ['-y', 'srv'] };

  it.each([
    ['Claude Desktop / Cursor / Claude Code', { mcpServers: { fs: server } }],
    ['VS Code mcp.json', { servers: { fs: { type: 'stdio', ...server } }, inputs: [] }],
    ['VS Code user settings', { 'editor.fontSize': 14, mcp: { servers: { fs: server } } }],
  ])('reads %s', (_label, doc) => {
    expect(parseMcpConfig(doc).entries).toEqual([{ name: 'fs', input: { name: 'fs', transport: 'stdio', command: 'npx', args: ['-y', 'srv'] }, warnings: [] }]);
  });

  it('reads an empty server map as no entries', () => {
    expect(parseMcpConfig({ mcpServers: {} })).toEqual({ entries: [] });
  });

  it.each([
    ['not an object', [{ mcpServers: {} }]],
    ['null', null],
    ['a string', 'mcpServers'],
    ['of no known shape', { tools: {} }],
    ['settings without mcp.servers', { mcp: { enabled: true } }],
    ['mcpServers as an array', { mcpServers: [server] }],
    ['servers as a string', { servers: 'fs' }],
  ])('rejects a document that is %s', (_label, doc) => {
    expect(() => parseMcpConfig(doc)).toThrow(expect.objectContaining({ code: 'invalid_document' }) as ValidationError);
  });
});

describe('parseMcpConfig: transports', () => {
  it.each([
    [{ command: 'node', args: ['s.js'], env: { LOG: 'debug' } }, 'stdio'],
    [{ type: 'stdio', command: 'node' }, 'stdio'],
    [{ type: 'sse', url: 'https://x.test/events' }, 'sse'],
    [{ transport: 'sse', url: 'https://x.test/mcp' }, 'sse'],
    [{ type: 'http', url: 'https://x.test/sse' }, 'streamable-http'],
    [{ type: 'streamable-http', url: 'https://x.test/mcp' }, 'streamable-http'],
    [{ type: 'streamableHttp', url: 'https://x.test/mcp' }, 'streamable-http'],
    [{ transport: 'streamable_http', url: 'https://x.test/mcp' }, 'streamable-http'],
    [{ url: 'https://x.test/sse' }, 'sse'],
    [{ url: 'https://x.test/v1/sse/?region=eu' }, 'sse'],
    [{ url: 'https://x.test/mcp' }, 'streamable-http'],
    [{ url: 'https://x.test/ssex' }, 'streamable-http'],
  ])('%j -> %s', (raw, transport) => {
    expect(ok(entry({ s: raw })).input.transport).toBe(transport);
  });

  it.each([
    [{ type: 'websocket', url: 'wss://x.test' }, 'unknown type "websocket" (expected stdio, sse, http or streamable-http)'],
    [{ type: 'constructor', url: 'https://x.test' }, 'unknown type "constructor" (expected stdio, sse, http or streamable-http)'],
    [{ type: 7, url: 'https://x.test' }, 'unknown type 7 (expected stdio, sse, http or streamable-http)'],
    [{ env: { A: 'b' } }, 'the entry needs a "url" or a "command"'],
    ['npx srv', 'the entry must be an object'],
    [null, 'the entry must be an object'],
    [{ url: 'https://me:pw@x.test/mcp' }, 'url: url cannot contain credentials (user:password@host): pass it as auth {type: "basic" | "bearer" | "header"}, which is stored encrypted and never shown'],
    [{ url: 'https://x.test/mcp?apiKey=${KEY}&x_access_token=t' }, 'url: url cannot carry a credential in its query string (apiKey, x_access_token): pass it as auth {type: "basic" | "bearer" | "header"}, which is stored encrypted and never shown'],
  ])('%j is an entry error', (raw, error) => {
    expect(entry({ s: raw })).toEqual({ name: 's', error });
  });

  it('turns schema issues into "path: message" errors without failing the other entries', () => {
    const { entries } = parseMcpConfig({
      mcpServers: {
        good: { url: 'https://x.test/mcp' },
        'bad/name': { url: 'https://x.test/mcp' },
        ftp: { url: 'ftp://x.test/mcp' },
        both: { type: 'stdio', command: 'node', url: 'https://x.test' },
        badArgs: { command: 'node', args: 'one two' },
      },
    });
    expect(entries.map((e) => ('error' in e ? [e.name, e.error] : [e.name, 'ok']))).toEqual([
      ['good', 'ok'],
      ['bad/name', 'name: name may contain letters, digits, spaces, "_", "." and "-"'],
      ['ftp', 'url: url must use http or https'],
      ['both', 'url: stdio servers take command/args, not url'],
      ['badArgs', expect.stringMatching(/^args: /)],
    ]);
  });

  it('warns about fields it does not import', () => {
    expect(ok(entry({ s: { command: 'node', cwd: '/srv', disabled: true } })).warnings).toEqual(['field "cwd" is not supported and was ignored', 'field "disabled" is not supported and was ignored']);
  });
});

describe('parseMcpConfig: credentials', () => {
  const http = (headers: Record<string, string>) => ok(entry({ s: { url: 'https://x.test/mcp', headers } }));

  it('turns Authorization: Bearer into bearer auth', () => {
    expect(http({ Authorization: 'Bearer abc.def', 'X-Tenant': 'acme' }).input).toEqual({
      name: 's',
      transport: 'streamable-http',
      url: 'https://x.test/mcp',
      headers: { 'X-Tenant': 'acme' },
      auth: { type: 'bearer', token: 'abc.def' },
    });
  });

  it('decodes Authorization: Basic into basic auth, passwords with ":" included', () => {
    expect(http({ authorization: basic('ann:pa:ss wörd') }).input.auth).toEqual({ type: 'basic', username: 'ann', password: 'pa:ss wörd' });
    expect(http({ Authorization: basic('ann:') }).input.auth).toEqual({ type: 'basic', username: 'ann', password: '' });
  });

  it.each(['Basic not-base64!', basic('no-colon'), basic(':nouser'), 'Basic YWJj'])('keeps undecodable %j as header auth', (value) => {
    const e = http({ Authorization: value });
    expect(e.input.auth).toEqual({ type: 'header', headerName: 'Authorization', value });
    expect(e.input.headers).toBeUndefined();
  });

  it('keeps another Authorization scheme as header auth', () => {
    expect(http({ AUTHORIZATION: 'Token xyz' }).input.auth).toEqual({ type: 'header', headerName: 'AUTHORIZATION', value: 'Token xyz' });
  });

  it('takes the secret-looking header when there is no Authorization; plain headers stay headers', () => {
    const e = http({ Accept: 'application/json', 'X-API-Key': 'k1' });
    expect(e.input.auth).toEqual({ type: 'header', headerName: 'X-API-Key', value: 'k1' });
    expect(e.input.headers).toEqual({ Accept: 'application/json' });
  });

  it('refuses an entry with a second credential header rather than storing it in plain text', () => {
    const { entries } = parseMcpConfig({ mcpServers: { two: { url: 'http://h/mcp', headers: { 'X-API-Key': 'k1', 'X-Auth-Token': 't1' } } } });
    expect(entries[0]).toMatchObject({ name: 'two', error: expect.stringContaining('X-Auth-Token looks like a credential') });
  });

  it.each(['apikey', 'Api_Key', 'x-token', 'Client-Secret', 'Proxy-Authorization'])('%s looks like a secret header', (name) => {
    expect(http({ [name]: 'v' }).input.auth).toEqual({ type: 'header', headerName: name, value: 'v' });
  });

  it('stores nothing for placeholders and says which ones to set', () => {
    const e = http({ Authorization: 'Bearer ${input:rag-token}', 'X-API-Key': '${env:RAG_KEY}', 'X-Trace': '${TRACE}', 'X-Other-Token': 'real' });
    expect(e.input.auth).toEqual({ type: 'header', headerName: 'X-Other-Token', value: 'real' });
    expect(e.input.headers).toBeUndefined();
    expect(e.warnings).toEqual([
      'header Authorization is a placeholder; set the secret after import',
      'header X-API-Key is a placeholder; set the secret after import',
      'header X-Trace is a placeholder; set the secret after import',
    ]);
  });

  it('drops placeholder env values of stdio servers but keeps literal ones', () => {
    const e = ok(entry({ gh: { command: 'npx', args: ['${workspaceFolder}'], env: { GITHUB_TOKEN: '${input:gh}', HOME_DIR: '${HOME:-/root}/x', LOG: 'debug' } } }));
    expect(e.input.env).toEqual({ LOG: 'debug' });
    expect(e.warnings).toEqual([
      'args[0] contains a placeholder (${workspaceFolder}); edit it after import',
      'env GITHUB_TOKEN is a placeholder; set the secret after import',
      'env HOME_DIR is a placeholder; set the secret after import',
    ]);
    expect(ok(entry({ gh: { command: 'npx', env: { T: '${T}' } } })).input).not.toHaveProperty('env');
  });
});

const SERVERS: ExportableServer[] = [
  { name: 'rag', transport: 'streamable-http', url: 'https://rag.test/mcp', command: null, args: null, envKeys: [], headers: { 'X-Tenant': 'acme' }, authType: 'bearer', authHeaderName: null },
  { name: 'legacy', transport: 'sse', url: 'https://legacy.test/sse', command: null, args: null, envKeys: [], headers: null, authType: 'header', authHeaderName: 'X-API-Key' },
  { name: 'intranet', transport: 'streamable-http', url: 'https://intra.test/mcp', command: null, args: null, envKeys: [], headers: { authorization: 'stale' }, authType: 'basic', authHeaderName: null },
  { name: 'open', transport: 'streamable-http', url: 'https://open.test/mcp', command: null, args: null, envKeys: [], headers: null, authType: 'none', authHeaderName: null },
  { name: 'github', transport: 'stdio', url: null, command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], envKeys: ['GITHUB_TOKEN'], headers: null, authType: 'none', authHeaderName: null },
  { name: 'local', transport: 'stdio', url: null, command: 'node', args: null, envKeys: [], headers: null, authType: 'none', authHeaderName: null },
];

describe('exportMcpConfig', () => {
  it("writes mcpServers with ${VAR} placeholders for 'mcp'", () => {
    expect(exportMcpConfig(SERVERS, 'mcp')).toEqual({
      mcpServers: {
        rag: { type: 'http', url: 'https://rag.test/mcp', headers: { 'X-Tenant': 'acme', Authorization: 'Bearer ${RAG_TOKEN}' } },
        legacy: { type: 'sse', url: 'https://legacy.test/sse', headers: { 'X-API-Key': '${LEGACY_X_API_KEY}' } },
        intranet: { type: 'http', url: 'https://intra.test/mcp', headers: { Authorization: 'Basic ${INTRANET_BASIC_AUTH}' } },
        open: { type: 'http', url: 'https://open.test/mcp' },
        github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } },
        local: { command: 'node' },
      },
    });
  });

  it("writes servers and password inputs for 'vscode'", () => {
    const doc = exportMcpConfig(SERVERS, 'vscode');
    expect(doc.servers).toMatchObject({
      rag: { type: 'http', headers: { Authorization: 'Bearer ${input:rag-token}' } },
      legacy: { type: 'sse', headers: { 'X-API-Key': '${input:legacy-x-api-key}' } },
      github: { type: 'stdio', command: 'npx', env: { GITHUB_TOKEN: '${input:github-github-token}' } },
      local: { type: 'stdio', command: 'node' },
    });
    expect(doc.inputs).toEqual([
      { type: 'promptString', id: 'rag-token', description: 'Bearer token for MCP server "rag"', password: true },
      { type: 'promptString', id: 'legacy-x-api-key', description: 'Value of the X-API-Key header for MCP server "legacy"', password: true },
      { type: 'promptString', id: 'intranet-basic-auth', description: 'Base64 of "username:password" for MCP server "intranet"', password: true },
      { type: 'promptString', id: 'github-github-token', description: 'Environment variable GITHUB_TOKEN for MCP server "github"', password: true },
    ]);
  });

  it('keeps placeholder names unique and valid as variable names', () => {
    const twin = (name: string): ExportableServer => ({ ...SERVERS[0]!, name, headers: null });
    const mcp = exportMcpConfig([twin('my rag'), twin('my-rag'), twin('1st')], 'mcp') as { mcpServers: Record<string, { headers: Record<string, string> }> };
    expect(Object.values(mcp.mcpServers).map((s) => s.headers.Authorization)).toEqual(['Bearer ${MY_RAG_TOKEN}', 'Bearer ${MY_RAG_TOKEN_2}', 'Bearer ${MCP_1ST_TOKEN}']);
    const vscode = exportMcpConfig([twin('my rag'), twin('my-rag')], 'vscode') as { inputs: { id: string }[] };
    expect(vscode.inputs.map((i) => i.id)).toEqual(['my-rag-token', 'my-rag-token-2']);
  });

  it('writes no secret even when a plain header has the same name as the credential', () => {
    expect(JSON.stringify(exportMcpConfig(SERVERS, 'mcp'))).not.toContain('stale');
  });

  it.each(['mcp', 'vscode'] as const)('round-trips through parseMcpConfig (%s)', (format) => {
    const entries = parseMcpConfig(JSON.parse(JSON.stringify(exportMcpConfig(SERVERS, format)))).entries.map(ok);
    expect(entries.map((e) => e.input)).toEqual([
      { name: 'rag', transport: 'streamable-http', url: 'https://rag.test/mcp', headers: { 'X-Tenant': 'acme' } },
      { name: 'legacy', transport: 'sse', url: 'https://legacy.test/sse' },
      { name: 'intranet', transport: 'streamable-http', url: 'https://intra.test/mcp' },
      { name: 'open', transport: 'streamable-http', url: 'https://open.test/mcp' },
      { name: 'github', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
      { name: 'local', transport: 'stdio', command: 'node' },
    ]);
    expect(entries.map((e) => e.warnings)).toEqual([
      ['header Authorization is a placeholder; set the secret after import'],
      ['header X-API-Key is a placeholder; set the secret after import'],
      ['header Authorization is a placeholder; set the secret after import'],
      [],
      ['env GITHUB_TOKEN is a placeholder; set the secret after import'],
      [],
    ]);
  });
});
