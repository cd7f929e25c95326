/**
 * Harness overhead: 200 runs against the scripted LLM server answering in 200 ms, at
 * concurrency 16. The ideal wall time is ceil(200 / 16) x 200 ms; the target is within 1.15x.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDb } from '@/db/client';
import { createBatch, getBatchDto } from '@/lib/eval/batch';
import { waitForJob } from '@/lib/eval/jobs';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { startLlmServerProcess } from '@/tests/helpers/llm-server-process';

const RUNS = 200;
const CONCURRENCY = 16;
const LATENCY_MS = 200;
const TARGET_RATIO = 1.15;

export async function runBenchmark(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-bench-harness-'));
  const previous = { dataDir: process.env.DATA_DIR, logLevel: process.env.LOG_LEVEL };
  closeDb();
  process.env.DATA_DIR = dir;
  process.env.LOG_LEVEL = 'silent';
  const demo = await startDemoServers();
  // In its own process, like a real provider: its CPU time is not harness overhead.
  const llm = await startLlmServerProcess({
    rules: [{ match: { regex: '^Rate your confidence' }, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}' }] }],
    default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search', topK: 3 } }], delayMs: LATENCY_MS, usage: { inputTokens: 500, outputTokens: 30 } },
  });
  try {
    const rag = await createServer({ name: 'rag', transport: 'streamable-http', url: `${demo.baseUrl}/demo/rag/mcp` });
    const ids = Array.from({ length: RUNS }, (_, i) =>
      createTestCase({ name: `case ${i}`, query: `find passages about vector search #${i}`, serverIds: [rag.id], expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: { query: { $contains: 'vector' } } }).id,
    );
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const batch = createBatch(
      { testCaseIds: ids, models: [{ provider: 'openai', model: 'bench', baseUrl: llm.openaiBaseUrl, timeout: 30, temperature: 0, maxRetries: 0 }], samples: 1, concurrency: CONCURRENCY },
      { openai: 'bench-key' },
    );
    await waitForJob(batch.id);
    const wall = performance.now() - started;
    const done = getBatchDto(batch.id);
    const ideal = Math.ceil(RUNS / CONCURRENCY) * LATENCY_MS;
    const ratio = wall / ideal;
    console.log(`runs: ${done.counts.completed}/${RUNS} completed (${done.counts.failed} failed), status ${done.status}`);
    console.log(`wall time: ${Math.round(wall)} ms; ideal ceil(${RUNS}/${CONCURRENCY}) x ${LATENCY_MS} ms = ${ideal} ms; ratio ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'})`);
    console.log(`overhead: ${((wall - ideal) / Math.ceil(RUNS / CONCURRENCY)).toFixed(1)} ms per wave of ${CONCURRENCY} runs`);
    console.log(`RSS: ${Math.round(rssBefore / 1048576)} MB before, ${Math.round(process.memoryUsage().rss / 1048576)} MB after`);
    if (done.counts.completed !== RUNS || ratio > TARGET_RATIO) process.exitCode = 1;
  } finally {
    await Promise.all([demo.close(), llm.close()]);
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [name, value] of [['DATA_DIR', previous.dataDir], ['LOG_LEVEL', previous.logLevel]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
