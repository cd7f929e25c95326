import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { handleMcpRequest } from '@/lib/mcp-endpoint/handler';
import { QUERY_PROCESS_SOURCE } from '@/lib/mcp-endpoint/sql/query-process-source';
import { connectClient, newKey, toolJson } from './helpers/mcp-endpoint-fixtures';
import { waitFor } from './helpers/wait';
import { startWebServer, type WebServer } from './helpers/web-server';

/** The production call timeout is 30 s; this endpoint stops calls much sooner. */
// Long enough that five query processes start one after another on a loaded machine before it runs out.
const CALL_TIMEOUT_MS = 5000;
const AUTH_SECRET = 'v1:CIPHERTEXT-AUTH-a1b2c3d4e5';
const ENV_SECRET = 'v1:CIPHERTEXT-ENV-f6a7b8c9d0';
const ENDLESS_SQL = 'with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n';

let endpoint: WebServer;
let first: Client;
let second: Client;
let keyHashes: string[] = [];

async function query(sql: string, c: Client = first) {
  return toolJson(await c.callTool({ name: 'query_sql', arguments: { sql } }));
}

/** Running, not a zombie left for a parent that does not reap it. */
function isAlive(pid: number): boolean {
  try {
    if (fs.existsSync('/proc/self/stat')) return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** This process's query processes (Linux /proc; elsewhere the check is skipped). */
function queryProcesses(): number[] | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('findSecretRead')) pids.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return pids;
}

beforeAll(async () => {
  endpoint = await startWebServer((req) => handleMcpRequest(req, 'req-sql-isolation', { timeoutMs: CALL_TIMEOUT_MS }));
  first = await connectClient(endpoint.url, await newKey('first'));
  second = await connectClient(endpoint.url, await newKey('second'));
  await newKey('third');
  const insert = getSqlite().prepare(
    `insert into mcp_servers (id, name, transport, url, command, args, env_secret, auth_type, auth_secret) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run('srv-http', 'remote docs', 'streamable-http', 'http://127.0.0.1:9/mcp', null, null, null, 'bearer', AUTH_SECRET);
  insert.run('srv-stdio', 'local files', 'stdio', null, 'node', '["server.js"]', ENV_SECRET, 'none', null);
  keyHashes = getSqlite().prepare('select key_hash from api_keys').pluck().all() as string[];
  expect(keyHashes).toHaveLength(3);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await endpoint?.close();
});

describe('query_sql: memory', () => {
  it.each([
    ['a 300 MB printf value', "select printf('%.*c', 300000000, 'a') as big"],
    ['a 300 MB value only measured', "select length(printf('%.*c', 300000000, 'a'))"],
    ['a 300 MB random blob', 'select randomblob(300000000)'],
    ['a string doubled by a recursive CTE', "with recursive r(s, n) as (select 'ab', 0 union all select s || s, n + 1 from r where n < 28) select length(s) from r order by n desc limit 1"],
  ])('%s is refused within 2 s and the app grows by less than 100 MB', async (_label, sql) => {
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const startedAt = performance.now();
    const r = await query(sql);
    const elapsed = performance.now() - startedAt;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe('query_too_large');
    expect(r.error?.message).toMatch(/more than \d+ MB of memory/);
    expect(elapsed).toBeLessThan(2000);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a large value under the cap still comes back, cut to the cell limit', async () => {
    const r = await query("select printf('%.*c', 20000000, 'x') as big, 7 as small");
    expect(r.isError).toBe(false);
    expect(r.columns).toEqual(['big', 'small']);
    const [big, small] = (r.rows as [string, number][])[0] ?? ['', 0];
    expect(small).toBe(7);
    expect(big.length).toBeGreaterThan(100);
    expect(big.length).toBeLessThan(1000);
  });
});

describe('query_sql: isolation', () => {
  it("endless queries from one key are killed at the time limit while another key's queries all succeed", async () => {
    // As many as there are slots: the key's own two run, two wait, and the other key still gets a slot.
    const endless = [1, 2, 3, 4].map(() => query(ENDLESS_SQL, first));
    let endlessSettled = false;
    void Promise.allSettled(endless).then(() => (endlessSettled = true));
    if (queryProcesses()) await waitFor(() => (queryProcesses()?.length ?? 0) >= 2, 5000, 10);
    const answers: unknown[] = [];
    for (let i = 1; i <= 5; i++) {
      const r = await query(`select ${i} * 10 as n, count(*) as keys from api_keys`, second);
      expect(r.error).toBeUndefined();
      // Answered while the endless queries still ran: the other key never waited for them.
      expect(endlessSettled).toBe(false);
      answers.push(r.rows);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5].map((i) => [[i * 10, 3]]));
    for (const r of await Promise.all(endless)) {
      expect(r.isError).toBe(true);
      expect(r.error?.code).toBe('timeout');
      expect(r.metadata.executionMs).toBeGreaterThanOrEqual(CALL_TIMEOUT_MS - 50);
      expect(r.metadata.executionMs).toBeLessThan(CALL_TIMEOUT_MS + 1500);
    }
    // Their processes are gone, and the key that sent them can query again.
    if (queryProcesses()) await waitFor(() => queryProcesses()?.length === 0, 2000, 20);
    const after = await query('select 42', first);
    expect(after.rows).toEqual([[42]]);
  });

  it('the query process gets none of the app environment', async () => {
    // No SQL function reads the environment; what the process sees is checked from outside it.
    const pending = query(ENDLESS_SQL, first);
    const pids = queryProcesses();
    if (pids) {
      const [pid] = await waitFor(() => {
        const found = queryProcesses();
        return found && found.length > 0 ? found : null;
      }, 5000, 10);
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      expect(environ).toEqual(['NODE_ENV=production']);
    }
    expect((await pending).error?.code).toBe('timeout');
  });
});

describe('query_sql: orphans', () => {
  it('a query process whose app dies stops at once instead of running to its own deadline', async () => {
    const input = { file: databaseFile(), sql: ENDLESS_SQL, secretColumns: [], maxRows: 1, maxCellChars: 10, maxResultChars: 100, maxRssBytes: 192 * 1024 * 1024, maxMs: 60_000 };
    // A stand-in for the app: it starts one query process the way query-process.ts does, then is killed.
    const app = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', process.env.SOURCE], { stdio: ['pipe', 'ignore', 'ignore'], env: {} });
         c.stdin.end(process.env.INPUT);
         process.stdout.write(String(c.pid));
         setInterval(() => {}, 1000);`,
      ],
      { cwd: process.cwd(), env: { NODE_ENV: 'test', SOURCE: QUERY_PROCESS_SOURCE, INPUT: JSON.stringify(input) }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const pid = await new Promise<number>((resolve) => app.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))));
    await new Promise((r) => setTimeout(r, 400));
    expect(isAlive(pid)).toBe(true);
    const killedAt = performance.now();
    app.kill('SIGKILL');
    await waitFor(() => !isAlive(pid), 3000, 10);
    expect(performance.now() - killedAt).toBeLessThan(1000);
  });
});

describe('query_sql: secret columns', () => {
  it.each([
    ['concatenation', "select key_hash || '' from api_keys", 'api_keys.key_hash'],
    ['hex()', 'select hex(auth_secret) from mcp_servers', 'mcp_servers.auth_secret'],
    ['substr()', 'select substr(env_secret, 1, 8) from mcp_servers', 'mcp_servers.env_secret'],
    ['an alias over a function', 'select upper(key_hash) as k from api_keys', 'api_keys.key_hash'],
    ['length()', 'select length(auth_secret) from mcp_servers', 'mcp_servers.auth_secret'],
    ['a LIKE in WHERE', "select id from api_keys where key_hash like 'a%'", 'api_keys.key_hash'],
    ['a range seek on its unique index', "select id from api_keys where key_hash > '8'", 'api_keys.key_hash'],
    ['ORDER BY (the index order)', 'select id from api_keys order by key_hash', 'api_keys.key_hash'],
    ['max() (the index end)', 'select max(key_hash) from api_keys', 'api_keys.key_hash'],
    ['group_concat()', 'select group_concat(auth_secret) from mcp_servers', 'mcp_servers.auth_secret'],
    ['json_group_array()', 'select json_group_array(env_secret) from mcp_servers', 'mcp_servers.env_secret'],
    ['a scalar subquery', 'select (select key_hash from api_keys limit 1) as k', 'api_keys.key_hash'],
    ['a CTE', 'with s as (select auth_secret as x from mcp_servers) select x from s', 'mcp_servers.auth_secret'],
    ['a self-join condition', 'select a.name from api_keys a join api_keys b on a.key_hash = b.key_hash', 'api_keys.key_hash'],
    ['instr() in WHERE', "select id from mcp_servers where instr(auth_secret, 'v1') > 0", 'mcp_servers.auth_secret'],
    ['GROUP BY', 'select count(*) from mcp_servers group by env_secret', 'mcp_servers.env_secret'],
    ['a schema-qualified table', 'select id from main.api_keys where unicode(key_hash) = 97', 'api_keys.key_hash'],
    ['IN over a subquery', "select 'x' in (select key_hash from api_keys)", 'api_keys.key_hash'],
    ['a UNION arm', 'select id from api_keys union all select key_hash from api_keys', 'api_keys.key_hash'],
    ['a window ORDER BY', 'select row_number() over (order by auth_secret) from mcp_servers', 'mcp_servers.auth_secret'],
    ['a CASE test', "select case when env_secret glob 'v1:*' then 1 else 0 end from mcp_servers", 'mcp_servers.env_secret'],
    ['a correlated EXISTS', 'select id from api_keys k where exists (select 1 from api_keys k2 where k2.key_hash = k.key_hash)', 'api_keys.key_hash'],
    ['select *', 'select * from api_keys', 'api_keys.key_hash'],
  ])('%s over a secret column is refused', async (_label, sql, column) => {
    const r = await query(sql);
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe('secret_column');
    expect(r.error?.message).toContain(`${column} is a secret column`);
    for (const secret of [AUTH_SECRET, ENV_SECRET, ...keyHashes]) expect(r.text).not.toContain(secret);
  });

  it('names the columns that may be read instead', async () => {
    const r = await query('select * from mcp_servers');
    expect(r.error?.code).toBe('secret_column');
    expect(r.error?.details).toMatchObject({ table: 'mcp_servers', column: 'env_secret' });
    const readable = (r.error?.details as { readable: string[] }).readable;
    expect(readable).toEqual(expect.arrayContaining(['id', 'name', 'transport', 'auth_type']));
    expect(readable).not.toContain('auth_secret');
    expect(readable).not.toContain('env_secret');
  });

  it.each([
    ['the other api_keys columns', 'select name, length(prefix) > 0, revoked_at from api_keys order by name', [['first', 1, null], ['second', 1, null], ['third', 1, null]]],
    ['count(*) (served from the key index)', 'select count(*) from api_keys', [[3]]],
    ['a blind walk of the key index', 'select exists(select 1 from api_keys), count(1) from api_keys', [[1, 3]]],
    ['the other mcp_servers columns', 'select name, transport, auth_type, command from mcp_servers order by name', [['local files', 'stdio', 'none', 'node'], ['remote docs', 'streamable-http', 'bearer', null]]],
    ['a filter on a non-secret column', "select id from mcp_servers where auth_type <> 'none'", [['srv-http']]],
    ['a join on non-secret columns', 'select count(*) from mcp_servers s join api_keys k on k.name <> s.name', [[6]]],
    ['the schema DDL', "select count(*) > 0 from sqlite_schema where sql like '%key_hash%'", [[1]]],
    ['the column list', "select name from pragma_table_info('api_keys') where name like 'key%'", [['key_hash']]],
  ])('%s can still be read', async (_label, sql, rows) => {
    const r = await query(sql);
    expect(r.error).toBeUndefined();
    expect(r.rows).toEqual(rows);
  });

  it('the schema description marks the secret columns', async () => {
    const { tools } = await first.listTools();
    const description = tools.find((t) => t.name === 'query_sql')?.description ?? '';
    expect(description).toContain('key_hash text secret');
    expect(description).toContain('auth_secret text secret');
    expect(description).toContain('name text,');
  });
});
