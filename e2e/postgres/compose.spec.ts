import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freePort, startEverything } from '../../tests/helpers/everything';
import { startLlmServer, type LlmServer } from '../../tests/helpers/llm-server';
import { postgresBinDir } from '../../tests/helpers/postgres';
import { composeService, type ComposeService } from '../../tests/queue-compose-env';
import { leaseName, processIdIn, sampleRunLocks, type Batch } from './helpers';

/*
 * compose.yaml for real, without Docker (issue 20): the app and the workers started with exactly the commands and
 * environments compose.yaml (and the Dockerfile's ENV/CMD) declare, resolved by tests/queue-compose-env.ts from
 * freshly made secrets, on a database made as the postgres service would make it (its user, password and database)
 * on the run's cluster. What Docker would provide is mapped, and only that: the `postgres` host name to the
 * cluster's address, the published port to a free one (APP_URL, a variable compose reads, names it), each /data
 * volume to a folder of its own. Then: authentication is on (401 without credentials, 200 with ADMIN_TOKEN), and a
 * keyless batch completes, worked in part by the workers.
 */

type Started = { service: ComposeService; child: ChildProcess; log: string; dataDir: string };

const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-compose-'));
const started: Started[] = [];
let llm: LlmServer | null = null;
let mcp: { url: string; close(): Promise<void> } | null = null;
let pool: pg.Pool | null = null;

test.afterAll(async () => {
  // SIGTERM to each process group (npm and what it started), as `docker compose down` does; SIGKILL after the grace.
  await Promise.all(started.map(({ child }) => stop(child)));
  await llm?.close();
  await mcp?.close();
  await pool?.end();
  rmSync(root, { recursive: true, force: true });
});

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const kill = setTimeout(() => process.kill(-pid, 'SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/** The container's process: the service's command and environment, over a bare base environment (no test settings leak in). */
function start(service: ComposeService, replica: number, env: Record<string, string>): Started {
  const log = path.join(root, `${service.name}-${replica}.log`);
  const out = openSync(log, 'a');
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir() };
  // Where this checkout's production build is (the image has its own in .next).
  if (process.env.NEXT_DIST_DIR) base.NEXT_DIST_DIR = process.env.NEXT_DIST_DIR;
  const [command, ...args] = service.command;
  const child = spawn(command as string, args, { env: { ...base, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', out, out], detached: true });
  const entry = { service, child, log, dataDir: env.DATA_DIR as string };
  started.push(entry);
  return entry;
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

/** The compose project's Postgres as the official image makes it on first start: POSTGRES_USER (a superuser) owning POSTGRES_DB. */
async function makeComposeDatabase(postgres: ComposeService): Promise<void> {
  const { POSTGRES_USER: user, POSTGRES_DB: database, POSTGRES_PASSWORD: password } = postgres.env;
  for (const name of [user, database]) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
  expect(password).toMatch(/^[0-9a-f]+$/);
  const cluster = new URL(process.env.E2E_DATABASE_URL as string);
  cluster.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: cluster.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${user}`);
    await admin.query(`CREATE ROLE ${user} LOGIN SUPERUSER PASSWORD '${password}'`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${user}`);
  } finally {
    await admin.end();
  }
}

/** The postgres service's health check, run by a shell as Docker runs CMD-SHELL, against the cluster (PGHOST/PGPORT for the container's socket). */
async function healthCheck(postgres: ComposeService): Promise<string> {
  const [kind, command] = postgres.healthcheck;
  expect(kind).toBe('CMD-SHELL');
  const cluster = new URL(process.env.E2E_DATABASE_URL as string);
  const bin = postgresBinDir();
  const env: Record<string, string> = { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, PGHOST: cluster.hostname, PGPORT: cluster.port };
  const { stdout } = await promisify(execFile)('sh', ['-c', command as string], { env: env as NodeJS.ProcessEnv, timeout: 10_000 });
  return stdout.trim();
}

/** DATABASE_URL as compose declares it, with the `postgres` service's address (compose's network) mapped to the cluster's. */
function onCluster(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  expect(`${url.hostname}:${url.port}`).toBe('postgres:5432');
  const cluster = new URL(process.env.E2E_DATABASE_URL as string);
  url.hostname = cluster.hostname;
  url.port = cluster.port;
  return url.toString();
}

/**
 * DEMO_SERVER_URL as compose declares it: the `app` service's name and container port (compose's network, which the
 * workers' containers reach it by), mapped to where the app listens here. Under the old default (APP_URL, localhost)
 * this fails: in a worker's container localhost is the worker.
 */
function onAppService(demoServerUrl: string, port: number): string {
  const url = new URL(demoServerUrl);
  expect(`${url.hostname}:${url.port}`).toBe('app:3000');
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString().replace(/\/+$/, '');
}

/** An MCP client's POST to the app with another Host header (fetch would not send it): the gate's answer. */
function postWithHost(port: number, route: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const req = http.request({ host: '127.0.0.1', port, path: route, method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The service's /data volume as a folder of its own (one per replica, as named volumes are per project). */
function volumeFor(service: ComposeService, replica: number): string {
  expect(service.env.DATA_DIR).toBe('/data');
  expect(service.volumes.some((v) => v.endsWith(':/data'))).toBe(true);
  return mkdtempSync(path.join(root, `${service.name}-${replica}-data-`));
}

test('compose.yaml: the app and its workers as declared, authentication on, a keyless batch worked by the workers', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const vars = {
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    APP_SECRET: randomBytes(24).toString('hex'),
    APP_URL: `http://localhost:${port}`,
  };
  const [postgres, app, worker] = (['postgres', 'app', 'worker'] as const).map((name) => composeService(name, vars)) as [ComposeService, ComposeService, ComposeService];
  await makeComposeDatabase(postgres);
  // depends_on postgres: service_healthy, so its check passes first (exit 0).
  expect(await healthCheck(postgres)).toMatch(/accepting connections/);

  expect(app.env.PORT).toBe('3000'); // published as 3000:3000; here the free port stands for it
  const demoBase = onAppService(app.env.DEMO_SERVER_URL as string, port);
  const appProcess = start(app, 1, { ...app.env, DATABASE_URL: onCluster(app.env.DATABASE_URL as string), DEMO_SERVER_URL: demoBase, PORT: String(port), DATA_DIR: volumeFor(app, 1) });
  // depends_on app: service_started, so the workers start beside it.
  const workers = Array.from({ length: worker.replicas }, (_, i) =>
    start(worker, i + 1, { ...worker.env, DATABASE_URL: onCluster(worker.env.DATABASE_URL as string), DATA_DIR: volumeFor(worker, i + 1) }),
  );
  expect(workers).toHaveLength(2);

  const base = `http://127.0.0.1:${port}`;
  const admin = { authorization: `Bearer ${vars.ADMIN_TOKEN}` };
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500], message: `the app answers /api/health\n${tail(appProcess.log)}` })
    .toBe(200);

  // Authentication is on: the app listens beyond loopback and holds ADMIN_TOKEN.
  const anonymous = await fetch(`${base}/api/batches`);
  expect(anonymous.status).toBe(401);
  expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  expect((await fetch(`${base}/api/batches`, { headers: { authorization: `Bearer ${'0'.repeat(48)}` } })).status).toBe(401);
  expect((await fetch(`${base}/api/batches`, { headers: admin })).status).toBe(200);
  // ALLOW_STDIO_SERVERS=false: an authenticated user still cannot make the app run a command.
  const stdio = await fetch(`${base}/api/servers`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'cmd', transport: 'stdio', command: 'true' }) });
  expect(stdio.status).toBe(403);
  expect(((await stdio.json()) as { error: { code: string } }).error.code).toBe('stdio_not_allowed');

  // The seeded demo servers are registered where every container reaches the app (mapped here), and the app answers
  // to compose's name for it (ALLOWED_HOSTS), as a worker's MCP client sends it.
  const servers = (await (await fetch(`${base}/api/servers?limit=100`, { headers: admin })).json()) as { items: { name: string; url?: string }[] };
  const demoUrls = servers.items.map((s) => s.url ?? '').filter((url) => url.includes('/demo/'));
  expect(demoUrls.length, JSON.stringify(servers.items)).toBeGreaterThan(0);
  for (const url of demoUrls) expect(url.startsWith(`${demoBase}/demo/`), url).toBe(true);
  expect(await postWithHost(port, '/demo/todo/mcp', new URL(app.env.DEMO_SERVER_URL as string).host)).not.toBe(421);
  expect(await postWithHost(port, '/demo/todo/mcp', 'elsewhere.example:3000')).toBe(421);

  const [appId, ...workerIds] = await Promise.all([processIdIn(appProcess.log, 'work queue ready'), ...workers.map((w) => processIdIn(w.log, 'worker started'))]);
  const leases = { app: leaseName(appId as string), workers: workerIds.map(leaseName) };
  expect(new Set([leases.app, ...leases.workers]).size).toBe(3);

  const post = async <T>(route: string, body: unknown, status = 201): Promise<T> => {
    const res = await fetch(`${base}${route}`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, `POST ${route}: ${await res.clone().text()}`).toBe(status);
    return (await res.json()) as T;
  };
  // An MCP server behind a bearer token, which the app stores encrypted with APP_SECRET: a worker can only connect
  // with the same secret (compose gives both the one variable). A keyless OpenAI-compatible endpoint, 1 s a reply.
  mcp = await startEverything('streamableHttp');
  llm = await startLlmServer({
    rules: [{ match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}' }] }],
    default: { toolCalls: [{ name: 'echo', arguments: { message: 'compose' } }], delayMs: 1_000 },
  });
  const server = await post<{ id: string }>('/api/servers', { name: 'compose-everything', transport: 'streamable-http', url: mcp.url, auth: { type: 'bearer', token: randomBytes(16).toString('hex') } });
  const cases: string[] = [];
  for (let i = 0; i < 15; i++) {
    cases.push((await post<{ id: string }>('/api/test-cases', { name: `compose case ${i}`, query: `Echo the word compose, take ${i}`, serverIds: [server.id], expectedServer: 'compose-everything', expectedTool: 'echo' })).id);
  }
  const models = ['a', 'b', 'c', 'd'].map((m) => ({ provider: 'openai-compatible', model: `scripted-${m}`, baseUrl: llm?.openaiBaseUrl, maxRetries: 0, timeout: 30 }));
  const batch = await post<Batch>('/api/batches', { name: 'compose keyless', testCaseIds: cases, models, concurrency: 32 }, 202);
  expect(batch.counts.total).toBe(60);

  pool = new pg.Pool({ connectionString: onCluster(app.env.DATABASE_URL as string), max: 2 });
  const ended = (async () => {
    await expect
      .poll(async () => ((await (await fetch(`${base}/api/batches/${batch.id}`, { headers: admin })).json()) as Batch).status, { timeout: 120_000, intervals: [500] })
      .not.toMatch(/^(pending|running)$/);
    return (await (await fetch(`${base}/api/batches/${batch.id}`, { headers: admin })).json()) as Batch;
  })();
  const held = await sampleRunLocks(batch.id, ended, pool);
  const final = await ended;
  expect(final.status).toBe('completed');
  expect(final.counts).toMatchObject({ total: 60, completed: 60, failed: 0 });

  // Who executed which run: every run by exactly one process, the workers among them.
  const byProcess = [...held].map(([name, runs]) => ({ name, runs: runs.size }));
  console.info(`compose: runs executed ${byProcess.map((p) => `${p.name === leases.app ? 'app' : `worker ${leases.workers.indexOf(p.name) + 1}`} ${p.runs}`).join(', ')}`);
  expect(byProcess.every((p) => p.name === leases.app || leases.workers.includes(p.name)), JSON.stringify(byProcess)).toBe(true);
  const executions = [...held.values()].flatMap((runs) => [...runs]);
  expect(executions).toHaveLength(60);
  expect(new Set(executions).size).toBe(60);
  const byWorkers = leases.workers.reduce((n, lease) => n + (held.get(lease)?.size ?? 0), 0);
  expect(byWorkers, 'the workers executed runs of the batch').toBeGreaterThan(0);
  for (const w of workers) expect(w.child.exitCode, tail(w.log)).toBeNull();
});
