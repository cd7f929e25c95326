import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * The production build started as an operator would expose it (HOST=0.0.0.0): without
 * credentials it must not serve at all; with a password, nothing but the login page and the
 * health check answers without the session cookie or a bearer token.
 */

const PORT = Number(process.env.E2E_EXPOSED_PORT ?? 3131);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'correct horse battery staple';

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startApp(dataDir: string, env: Record<string, string>): Started {
  const child = spawn('npx', ['next', 'start', '-H', '0.0.0.0', '-p', String(PORT)], {
    env: { ...process.env, HOST: '0.0.0.0', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function stop(app: Started): Promise<void> {
  if (app.child.exitCode !== null || app.child.pid === undefined) return;
  try {
    process.kill(-app.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([app.exited, new Promise((r) => setTimeout(r, 8000))]);
}

async function waitForHealth(app: Started): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (app.child.exitCode !== null) throw new Error(`the app exited: ${app.output()}`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer: ${app.output()}`);
}

let dataDir = '';
test.beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mcp-eval-exposed-'));
});
test.afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('exposed without credentials, the app refuses to start', async () => {
  const app = startApp(dataDir, {});
  try {
    const code = await Promise.race([app.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000))]);
    expect(code, app.output()).toBe(1);
    expect(app.output()).toContain('ADMIN_PASSWORD');
  } finally {
    await stop(app);
  }
});

test('exposed with a password: login page, session cookie and bearer tokens guard everything', async ({ browser }) => {
  const app = startApp(dataDir, { ADMIN_PASSWORD: PASSWORD });
  try {
    await waitForHealth(app);
    // Without credentials: the API says 401, a page sends the browser to the login page.
    expect((await fetch(`${BASE}/api/servers`)).status).toBe(401);
    expect((await fetch(`${BASE}/api/test-cases`)).status).toBe(401);
    expect((await fetch(`${BASE}/api/batches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${BASE}/servers`);
    await expect(page).toHaveURL(/\/login/);

    // A wrong password is refused; the right one logs in and lands on the page asked for.
    const password = page.getByLabel(/password/i);
    await password.fill('not the password at all');
    await password.press('Enter');
    await expect(page.getByText(/wrong password/i)).toBeVisible();
    await password.fill(PASSWORD);
    await password.press('Enter');
    await expect(page).toHaveURL(/\/servers$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.httpOnly);
    expect(cookie?.sameSite).toBe('Strict');

    // From the session, create an API token in the app; it works as a bearer token outside the browser.
    const token = await page.evaluate(async () => {
      const res = await fetch('/api/api-keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ci', kind: 'api' }) });
      return { status: res.status, body: (await res.json()) as { key?: string } };
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const key = token.body.key ?? '';
    expect((await fetch(`${BASE}/api/servers`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${BASE}/api/servers`, { headers: { authorization: `Bearer ${key}x` } })).status).toBe(401);

    // Repeated wrong passwords are rate-limited.
    let last = 0;
    for (let i = 0; i < 8; i++) {
      last = (await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: `wrong-${i}-password` }) })).status;
    }
    expect(last).toBe(429);
  } finally {
    await stop(app);
  }
});
