/**
 * The harness side of the batch benchmarks (harness.bench, peer-promptfoo.bench): 200 test
 * cases on the demo `rag` and `todo` servers (11 tools), one OpenAI-compatible model behind the scripted LLM server,
 * samples = 1, concurrency 16, each batch in a fresh database. Only createBatch..waitForJob is
 * timed; `verdictsMs` is when the last run's verdict was announced (its self-assessment may
 * still be in flight then), `wall` when the batch was done (every assessment in).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDb, getSqlite } from '@/db/client';
import { createBatch, getBatchDto } from '@/lib/eval/run/batch';
import { subscribeJob, waitForJob } from '@/lib/eval/run/jobs';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';

export const RUNS = 200;
export const CONCURRENCY = 16;
export const LATENCY_MS = 200;
export const IDEAL_MS = Math.ceil(RUNS / CONCURRENCY) * LATENCY_MS;

export const queryOf = (i: number) => `find passages about vector search #${i}`;
/** The demo servers every case shows the model: rag's 6 tools and todo's 5, 11 in all. */
export const BENCH_SERVERS = ['rag', 'todo'] as const;

/** The scripted model: every selection calls rag_search after LATENCY_MS; the self-assessment answers after the same latency. */
export const BENCH_LLM_SCRIPT = {
  rules: [{ match: { regex: '^Rate your confidence' }, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}', delayMs: LATENCY_MS }] }],
  default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search', topK: 3 } }], delayMs: LATENCY_MS, usage: { inputTokens: 500, outputTokens: 30 } },
};

/** cpuMsPerRun is this process's CPU time (every thread) over the batch, per run; the LLM server's is not in it. */
export type Repetition = {
  wall: number;
  verdictsMs: number;
  ratio: number;
  completed: number;
  failed: number;
  rated: number;
  sources: string;
  status: string;
  cpuMsPerRun: number;
};

/** The middle value; of an even count, the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One batch of the workload in a database of its own. */
export async function runBatchOnce(demoBaseUrl: string, llmBaseUrl: string): Promise<Repetition> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-bench-harness-'));
  closeDb();
  process.env.DATA_DIR = dir;
  try {
    const servers = await Promise.all(BENCH_SERVERS.map((name) => createServer({ name, transport: 'streamable-http', url: `${demoBaseUrl}/demo/${name}/mcp` })));
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      ids.push((await createTestCase({ name: `case ${i}`, query: queryOf(i), serverIds: servers.map((s) => s.id), expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: { query: { $contains: 'vector' } } })).id);
    }
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const batch = await createBatch(
      { testCaseIds: ids, models: [{ provider: 'openai', model: 'bench', baseUrl: llmBaseUrl, timeout: 30, temperature: 0, maxRetries: 0 }], samples: 1, concurrency: CONCURRENCY },
      { openai: 'bench-key' },
    );
    let verdicts = 0;
    let verdictsMs = Number.NaN;
    subscribeJob(batch.id, (e) => {
      if (e.type === 'run' && ++verdicts === RUNS) verdictsMs = performance.now() - started;
    });
    await waitForJob(batch.id);
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const done = await getBatchDto(batch.id);
    const rows = getSqlite()
      .prepare(`select coalesce(confidence_source, 'unrated') as source, count(*) as n from test_runs where batch_id = ? group by 1 order by 1`)
      .all(batch.id) as { source: string; n: number }[];
    return {
      wall,
      verdictsMs,
      ratio: wall / IDEAL_MS,
      completed: done.counts.completed,
      failed: done.counts.failed,
      rated: rows.filter((r) => r.source !== 'unrated').reduce((sum, r) => sum + r.n, 0),
      sources: rows.map((r) => `${r.source} ${r.n}`).join(', '),
      status: done.status,
      cpuMsPerRun: (cpu.user + cpu.system) / 1000 / RUNS,
    };
  } finally {
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
