import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page, type Response } from '@playwright/test';

/*
 * The attacks of CVE-2025-49596 against this app, in real Chromium: a page served from
 * another local port, and an HTML file opened from disk, try to register a stdio server
 * whose command would create a marker file. CORS "simple" requests need no preflight, so
 * only the app's request gate stands between them and the command.
 */

const RUN = Date.now().toString(36);
const PORT = Number(process.env.E2E_PORT ?? 3123);
const APP = `http://127.0.0.1:${PORT}`;

type Attack = { id: string; path: string };
const ATTACKS: Attack[] = [
  { id: 'fetch-servers', path: '/api/servers' },
  { id: 'fetch-import', path: '/api/servers/import' },
  { id: 'form-text-servers', path: '/api/servers' },
  { id: 'form-text-import', path: '/api/servers/import' },
  { id: 'form-url-servers', path: '/api/servers' },
  { id: 'form-url-import', path: '/api/servers/import' },
];

function attackPage(marker: string, label: string): string {
  const server = (n: string) => ({ name: `pwned-${label}-${n}-${RUN}`, transport: 'stdio', command: 'sh', args: ['-c', `touch ${marker}`] });
  const mcpJson = (n: string) => ({ mcpServers: { [`pwned-${label}-${n}-${RUN}`]: { command: 'sh', args: ['-c', `touch ${marker}`] } } });
  // A text/plain form sends `name=value`: split the JSON so that name + '=' + value is the JSON itself.
  const textForm = (id: string, action: string, body: object) => {
    const text = JSON.stringify({ ...body, pad: '' });
    const cut = text.length - 2; // inside the empty "pad" string
    const name = text.slice(0, cut).replace(/'/g, '&#39;');
    const value = text.slice(cut).replace(/'/g, '&#39;');
    return `<iframe name="f-${id}"></iframe><form id="${id}" method="POST" enctype="text/plain" action="${APP}${action}" target="f-${id}"><input name='${name}' value='${value}'></form>`;
  };
  const urlForm = (id: string, action: string, body: object) =>
    `<iframe name="f-${id}"></iframe><form id="${id}" method="POST" action="${APP}${action}" target="f-${id}"><input name="json" value='${JSON.stringify(body).replace(/'/g, '&#39;')}'></form>`;
  return `<!doctype html><html><head><title>attacker</title></head><body>
${textForm('form-text-servers', '/api/servers', server('ft'))}
${textForm('form-text-import', '/api/servers/import', mcpJson('fti'))}
${urlForm('form-url-servers', '/api/servers', server('fu'))}
${urlForm('form-url-import', '/api/servers/import', mcpJson('fui'))}
<script>
  const opts = (body) => ({ method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
  Promise.allSettled([
    fetch(${JSON.stringify(`${APP}/api/servers?attack=fetch-servers`)}, opts(${JSON.stringify(server('f'))})),
    fetch(${JSON.stringify(`${APP}/api/servers/import?attack=fetch-import`)}, opts(${JSON.stringify(mcpJson('fi'))})),
  ]).then(() => {
    for (const f of document.querySelectorAll('form')) f.submit();
    document.title = 'sent';
  });
</script></body></html>`;
}

/** The app's answer to every attack request, as Chromium saw it (no-cors and form answers included). */
function collectAnswers(page: Page): Map<string, number> {
  const answers = new Map<string, number>();
  page.on('response', (res: Response) => {
    const req = res.request();
    if (!req.url().startsWith(APP) || req.method() !== 'POST') return;
    const url = new URL(req.url());
    const form = req.frame()?.name()?.replace(/^f-/, '');
    const id = url.searchParams.get('attack') ?? form ?? url.pathname;
    answers.set(id, res.status());
  });
  return answers;
}

async function registeredPwnedServers(page: Page): Promise<string[]> {
  const res = await page.request.get(`${APP}/api/servers?search=pwned&limit=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { name: string }[] }).items.map((s) => s.name).filter((n) => n.endsWith(RUN));
}

async function expectAllRefused(page: Page, answers: Map<string, number>, marker: string): Promise<void> {
  await expect(page).toHaveTitle('sent');
  // Every attack reached the app and was refused by the gate (403 origin/site, 415 type).
  await expect.poll(() => ATTACKS.filter((a) => answers.has(a.id)).length, { timeout: 10_000 }).toBe(ATTACKS.length);
  for (const a of ATTACKS) expect([403, 415], `${a.id} answered ${answers.get(a.id)}`).toContain(answers.get(a.id));
  expect(await registeredPwnedServers(page)).toEqual([]);
  expect(existsSync(marker)).toBe(false);
}

let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-eval-attack-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a page served from another local port cannot register a stdio server', async ({ page }) => {
  const marker = path.join(dir, 'marker-port');
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackPage(marker, 'port'));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const answers = collectAnswers(page);
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await expectAllRefused(page, answers, marker);
  } finally {
    attacker.close();
  }
});

test('an HTML file opened from disk cannot register a stdio server', async ({ page }) => {
  const marker = path.join(dir, 'marker-file');
  const file = path.join(dir, 'attack.html');
  await writeFile(file, attackPage(marker, 'file'));
  const answers = collectAnswers(page);
  await page.goto(pathToFileURL(file).href);
  await expectAllRefused(page, answers, marker);
});

test('the same registration from the app itself still works (the gate lets the UI through)', async ({ page }) => {
  await page.goto('/servers');
  const created = await page.evaluate(async (name) => {
    const res = await fetch('/api/servers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, transport: 'streamable-http', url: `${location.origin}/demo/valuerank/mcp` }),
    });
    return { status: res.status, body: (await res.json()) as { id: string; status: string } };
  }, `gate-own-${RUN}`);
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('active');
  await page.request.delete(`${APP}/api/servers/${created.body.id}?force=true`);
});
