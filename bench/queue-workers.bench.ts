/**
 * Issue 20's queue figure: 2,000 runs at 200 ms simulated model latency worked by 4 worker
 * processes (`scripts/worker.ts`, QUEUE_CONCURRENCY 16 each, 64 in all) on one Postgres, against
 * the one-call ideal ceil(2000 / 64) x 200 ms = 6.4 s (target 1.15x). A worker asks for a run's
 * self-assessment (samples = 1) before storing its verdict, so each run makes two model calls
 * here: the two-call ideal (12.8 s) is printed beside it. Postgres: DATABASE_URL when it is set,
 * else a throwaway cluster (tests/helpers/postgres.ts); skipped without server binaries.
 * `BENCH_QUEUE_RUNS` and `BENCH_QUEUE_SAMPLES` change the workload.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startDemoServers } from '../tests/helpers/demo-server';
import { startLlmServerProcess } from '../tests/helpers/llm-server-process';
import { createDatabase, postgresBinDir, startPostgres, type PostgresCluster } from '../tests/helpers/postgres';

const WORKERS = 4;
const PER_WORKER = 16;
const LATENCY_MS = 200;

function lines(child: ChildProcess): AsyncIterableIterator<string> {
  if (!child.stdout) throw new Error('no stdout');
  return readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

async function lineMatching(it: AsyncIterableIterator<string>, test: (line: string) => boolean, what: string): Promise<string> {
  for (;;) {
    const next = await it.next();
    if (next.done) throw new Error(`process ended before ${what}`);
    if (test(next.value)) return next.value;
  }
}

/** User + system CPU of a child so far (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

export async function runBenchmark(): Promise<void> {
  const runs = Number(process.env.BENCH_QUEUE_RUNS ?? 2000);
  const samples = Number(process.env.BENCH_QUEUE_SAMPLES ?? 1);
  let cluster: PostgresCluster | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    if (!postgresBinDir()) return console.log('skipped: no Postgres server binaries (scripts/ensure-postgres.sh) and no DATABASE_URL');
    cluster = await startPostgres();
    url = await createDatabase(cluster.url, 'queue_bench');
  }
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-queue-bench-'));
  const demo = await startDemoServers();
  const llm = await startLlmServerProcess({
    rules: [{ match: { regex: '^Rate your confidence' }, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}', delayMs: LATENCY_MS }] }],
    default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search', topK: 3 } }], delayMs: LATENCY_MS, usage: { inputTokens: 500, outputTokens: 30 } },
  });
  const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false', QUEUE_CONCURRENCY: String(PER_WORKER) };
  const node = (script: string, args: string[] = []) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve(script), ...args], { stdio: ['pipe', 'pipe', 'inherit'], env });
    children.push(child);
    return child;
  };
  try {
    const driver = node('bench/queue-workers-driver.ts', [JSON.stringify({ demoBaseUrl: demo.baseUrl, llmBaseUrl: llm.openaiBaseUrl, runs, samples })]);
    const driverLines = lines(driver);
    const setupStarted = performance.now();
    await lineMatching(driverLines, (l) => l === 'ready', 'the driver was ready');
    console.log(`database, 2 servers and ${runs} test cases ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    const workers = Array.from({ length: WORKERS }, () => node('scripts/worker.ts'));
    await Promise.all(workers.map((w) => lineMatching(lines(w), (l) => l.includes('"worker started"'), 'the worker started')));
    const cpuBefore = process.cpuUsage();
    driver.stdin?.write('go\n');
    const result = JSON.parse(await lineMatching(driverLines, (l) => l.startsWith('{"wallMs"'), 'the batch ended')) as { wallMs: number; verdictsMs: number; status: string; counts: Record<string, number>; errors: { error: string; n: number }[] };
    const ideal = Math.ceil(runs / (WORKERS * PER_WORKER)) * LATENCY_MS;
    const calls = samples === 1 ? 2 : samples;
    console.log(`${runs} runs, samples ${samples}, ${WORKERS} workers x ${PER_WORKER}: ${result.status} in ${(result.wallMs / 1000).toFixed(2)} s (every verdict in at ${(result.verdictsMs / 1000).toFixed(2)} s), counts ${JSON.stringify(result.counts)}`);
    console.log(`  vs the one-call ideal ${(ideal / 1000).toFixed(1)} s: ${(result.wallMs / ideal).toFixed(2)}x (target 1.15x); vs the ${calls}-call ideal ${((ideal * calls) / 1000).toFixed(1)} s: ${(result.wallMs / (ideal * calls)).toFixed(2)}x`);
    for (const e of result.errors) console.log(`  ${e.n} x ${e.error}`);
    const cpu = workers.map((w) => cpuMs(w.pid));
    console.log(`  worker CPU (start-up included): ${cpu.map((c) => `${(c / 1000).toFixed(1)} s`).join(', ')}; ${(cpu.reduce((a, b) => a + b, 0) / runs).toFixed(1)} ms a run`);
    console.log(`  this process (demo MCP servers) used ${((process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000).toFixed(0)} ms CPU; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await llm.close();
    await demo.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
