/**
 * A single-case run on Postgres runs in the process that started it, outside the queue
 * (createSingleRun). It holds the run's lock on that process's lease, so when the process is
 * SIGKILLed mid-run the queue's reaper of a live process ends the run failed "interrupted"
 * within a bounded time instead of leaving it running forever. `postgres` project; skipped on SQLite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@/db/dialect';
import { getRun } from '@/db/queries/runs';
import { getRunQueue, stopRunQueue } from '@/lib/queue/active';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { startDemoServers } from './helpers/demo-server';
import { startLlmServerProcess } from './helpers/llm-server-process';

describe.skipIf(!isPostgres())('a single-case run whose process dies', () => {
  let demo: Awaited<ReturnType<typeof startDemoServers>>;
  let llm: Awaited<ReturnType<typeof startLlmServerProcess>>;
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-single-'));

  beforeAll(async () => {
    process.env.QUEUE_REAP_SECONDS = '0.5';
    demo = await startDemoServers();
    llm = await startLlmServerProcess({ rules: [], default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }], delayMs: 60_000 } });
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await stopRunQueue(1_000);
    await llm?.close();
    await demo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('ends failed "interrupted" within the reaper\'s bound, while a live process\'s single run is left alone', async () => {
    const server = await createServer({ name: 'rag', transport: 'streamable-http', url: `${demo.baseUrl}/demo/rag/mcp` });
    const tc = await createTestCase({ name: 'single', query: 'find passages about vector search', serverIds: [server.id], expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: { query: { $contains: 'vector' } } });
    child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve('tests/helpers/single-run-child.ts'), JSON.stringify({ testCaseId: tc.id, baseUrl: llm.openaiBaseUrl })], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, QUEUE_REAP_SECONDS: '60', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    for (const end = Date.now() + 30_000; !/started (\S+)/.test(out); await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > end) throw new Error(`the child never started its run; stderr: ${err.slice(-800)}`);
    }
    const runId = (/started (\S+)/.exec(out) as RegExpExecArray)[1] as string;
    // This process's reaper is on (0.5 s) and the run's process is alive: well past the grace, it stays running.
    await getRunQueue();
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await getRun(runId))?.status).toBe('running');

    child.kill('SIGKILL');
    const killedAt = Date.now();
    let run = await getRun(runId);
    while (run?.status === 'running' && Date.now() - killedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
      run = await getRun(runId);
    }
    console.info(`single run of a SIGKILLed process ended ${Date.now() - killedAt} ms after the kill`);
    expect(run?.status).toBe('failed');
    expect(run?.errorMessage).toMatch(/^interrupted: /);
  }, 60_000);
});
