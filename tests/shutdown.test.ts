import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

let llm: LlmServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await llm?.close();
  llm = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Started = { batchId: string; runIds: string[] };

/** Starts the app's start-up and a batch in a real process; resolves once a run is under way. */
async function startApp(dataDir: string, baseUrl: string) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve('tests/shutdown-process.ts'), baseUrl], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const lines = readline.createInterface({ input: child.stdout });
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = await new Promise<Started>((resolve, reject) => {
    lines.on('line', (line) => {
      output.push(line);
      if (line.startsWith('{"batchId"')) resolve(JSON.parse(line) as Started);
    });
    void exited.then(({ code }) => reject(new Error(`the app process exited with ${code} before the batch ran:\n${output.join('\n')}`)));
  });
  return { child, started, exited, output };
}

describe('SIGTERM stops the app cleanly', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s: exits 0 within 5 s, the running batch and its runs marked interrupted, the database closed', async (signal) => {
    // The model never answers: runs stay in flight until the app stops.
    llm = await startLlmServer({ default: { hang: true } });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-shutdown-'));
    dirs.push(dataDir);
    const app = await startApp(dataDir, llm.openaiBaseUrl);
    await expect.poll(() => llm?.requests.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);

    const sentAt = performance.now();
    app.child.kill(signal);
    const { code } = await app.exited;
    const tookMs = performance.now() - sentAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(5_000);

    // Closed cleanly: the WAL was checkpointed into the database file and removed.
    const file = path.join(dataDir, 'mcp-eval.sqlite');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      const batch = db.prepare('select status, error_message as errorMessage from run_batches where id = ?').get(app.started.batchId);
      expect(batch).toMatchObject({ status: 'interrupted', errorMessage: expect.stringContaining('interrupted') as unknown });
      const runs = db.prepare('select status, error_message as errorMessage from test_runs where batch_id = ?').all(app.started.batchId) as { status: string; errorMessage: string }[];
      expect(runs).toHaveLength(3);
      for (const run of runs) expect(run).toMatchObject({ status: 'failed', errorMessage: expect.stringContaining('interrupted') as unknown });
    } finally {
      db.close();
    }
    expect(app.output.join('\n')).toMatch(/"stopped".*"interruptedBatches":1/);
  }, 30_000);
});
