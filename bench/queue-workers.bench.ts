/**
 * Issue 20's queue figure: 2,000 runs at 200 ms simulated model latency worked by 4 worker
 * processes (`scripts/worker.ts`, QUEUE_CONCURRENCY 16 each, 64 in all) on one Postgres, against
 * the one-call ideal ceil(2000 / 64) x 200 ms = 6.4 s (target 1.15x), until the batch ends, that is
 * until every run's self-assessment (samples = 1) is in: a worker stores the verdict first and asks
 * for the assessment after, off the run's slot (lib/queue/run-jobs.ts, as on SQLite). Printed: the
 * ratio and PASS/FAIL, CPU per run of each process group during the batch (each worker, Postgres,
 * the scripted LLM server, the driver), and how many runs were in flight while some still queued.
 * Postgres: DATABASE_URL when it is set,
 * else a throwaway cluster (tests/helpers/postgres.ts); skipped without server binaries.
 * `BENCH_QUEUE_RUNS` and `BENCH_QUEUE_SAMPLES` change the workload; `BENCH_QUEUE_PROFILE=<dir>` writes each
 * worker's V8 CPU profile there (node --cpu-prof) when it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { startDemoServers } from '../tests/helpers/demo-server';
import { startLlmServerProcess } from '../tests/helpers/llm-server-process';
import { createDatabase, postgresBinDir, startPostgres, type PostgresCluster } from '../tests/helpers/postgres';

const WORKERS = 4;
const PER_WORKER = 16;
const LATENCY_MS = 200;
const TARGET_RATIO = 1.15;

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

/** utime, stime, cutime, cstime (reaped children) of a process in ms, and its parent (Linux /proc; zeros elsewhere). */
function statOf(pid: number): { cpu: number; ppid: number } {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { cpu: (ticks * 1000) / 100, ppid: Number(fields[1]) };
  } catch {
    return { cpu: 0, ppid: -1 };
  }
}

/** CPU (ms) of a process and every live descendant: a Postgres cluster's postmaster and its backends, a child and its tsx helpers. */
function treeCpuMs(root: number | undefined): number {
  if (!root) return 0;
  const stats = new Map<number, { cpu: number; ppid: number }>();
  for (const name of fs.readdirSync('/proc')) if (/^\d+$/.test(name)) stats.set(Number(name), statOf(Number(name)));
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = stats.get(p)?.ppid ?? -1, hops++) if (p === root) return true;
    return false;
  };
  let sum = 0;
  for (const [pid, s] of stats) if (inTree(pid)) sum += s.cpu;
  return sum;
}

/** The pid of the scripted LLM server: the child of this process running llm-server-process.ts. */
function llmServerPid(): number | undefined {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || statOf(Number(name)).ppid !== process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('llm-server-process')) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** The postmaster of a DATABASE_URL's server when it runs on this machine (the parent of this connection's backend), else undefined. */
async function localPostmaster(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0]?.pid;
    if (!backend || !fs.readFileSync(`/proc/${backend}/cmdline`, 'utf8').startsWith('postgres')) return undefined;
    const parent = statOf(backend).ppid;
    return parent > 1 ? parent : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : Number.NaN;
};

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
    const profile = process.env.BENCH_QUEUE_PROFILE && script === 'scripts/worker.ts' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_QUEUE_PROFILE)}`] : [];
    const child = spawn(process.execPath, [...profile, '--conditions=react-server', '--import', 'tsx', path.resolve(script), ...args], { stdio: ['pipe', 'pipe', 'inherit'], env });
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
    const postmaster = cluster ? Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) : await localPostmaster(url);
    const llmPid = llmServerPid();
    const groups = () => ({ workers: workers.map((w) => treeCpuMs(w.pid)), postgres: treeCpuMs(postmaster), llm: treeCpuMs(llmPid), driver: treeCpuMs(driver.pid) });
    const before = groups();
    const cpuBefore = process.cpuUsage();
    driver.stdin?.write('go\n');
    const result = JSON.parse(await lineMatching(driverLines, (l) => l.startsWith('{"wallMs"'), 'the batch ended')) as {
      wallMs: number;
      verdictsMs: number;
      status: string;
      counts: Record<string, number>;
      errors: { error: string; n: number }[];
      sources: { source: string; n: number }[];
      inFlight: number[];
    };
    const after = groups();
    const ideal = Math.ceil(runs / (WORKERS * PER_WORKER)) * LATENCY_MS;
    const ratio = result.wallMs / ideal;
    console.log(`${runs} runs, samples ${samples}, ${WORKERS} workers x ${PER_WORKER}: ${result.status} in ${(result.wallMs / 1000).toFixed(2)} s (every verdict in at ${(result.verdictsMs / 1000).toFixed(2)} s), counts ${JSON.stringify(result.counts)}`);
    console.log(`  confidence: ${result.sources.map((s) => `${s.source} ${s.n}`).join(', ')}`);
    for (const e of result.errors) console.log(`  ${e.n} x ${e.error}`);
    const workerCpu = after.workers.map((c, i) => c - (before.workers[i] ?? 0));
    const perRun = (ms: number) => (ms / runs).toFixed(2);
    console.log(`  CPU during the batch, ms per run: workers ${workerCpu.map((c) => perRun(c * WORKERS)).join(', ')} (each process's CPU over its share of ${runs / WORKERS} runs; together ${perRun(workerCpu.reduce((a, b) => a + b, 0))})`);
    console.log(`    Postgres ${postmaster ? perRun(after.postgres - before.postgres) : 'n/a (DATABASE_URL of another machine)'}, LLM server ${perRun(after.llm - before.llm)}, driver ${perRun(after.driver - before.driver)}, demo MCP servers ${perRun((process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`  in flight while runs were queued: median ${median(result.inFlight)} of ${WORKERS * PER_WORKER} (${result.inFlight.length} samples at 50 ms, min ${Math.min(...result.inFlight)}, max ${Math.max(...result.inFlight)})`);
    console.log(`  ratio to the one-call ideal ceil(${runs}/${WORKERS * PER_WORKER}) x ${LATENCY_MS} ms = ${(ideal / 1000).toFixed(1)} s: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO && result.status === 'completed' ? 'PASS' : 'FAIL'})`);
    if (ratio > TARGET_RATIO || result.status !== 'completed') process.exitCode = 1;
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
