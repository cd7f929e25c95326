/**
 * Runs every bench/*.bench.ts module in sequence: `npx tsx bench/run.ts [name-filter]`.
 * A benchmark module exports `runBenchmark(): Promise<void>` and prints its own figures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CONDITION = '--conditions=react-server';
const CHILD_MARKER = 'MCP_EVAL_BENCH_CHILD';

type BenchModule = { runBenchmark?: unknown };

/** Benchmarks point DATA_DIR and friends elsewhere; whatever they leave behind must not leak into the next. */
function restoreEnv(snapshot: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in snapshot)) delete process.env[key];
  Object.assign(process.env, snapshot);
}

function peakRssMb(): number {
  // maxRSS is in kilobytes.
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/**
 * db/ modules import 'server-only', whose default entry throws outside React Server
 * Components; under the react-server condition it resolves to an empty module. Node only
 * takes conditions at start-up, so the runner re-executes itself once with the flag.
 */
function rerunWithServerCondition(): never {
  const child = spawnSync(process.execPath, [...process.execArgv, CONDITION, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [CHILD_MARKER]: '1' },
  });
  process.exit(child.status ?? 1);
}

async function main(): Promise<void> {
  if (process.env[CHILD_MARKER] !== '1' && !process.execArgv.includes(CONDITION)) rerunWithServerCondition();
  const filter = process.argv[2] ?? '';
  const files = fs
    .readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
    .sort();
  if (files.length === 0) throw new Error(`no bench/*.bench.ts module matches "${filter}"`);
  let failed = false;
  for (const file of files) {
    console.log(`\n== ${file}`);
    const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as BenchModule;
    if (typeof mod.runBenchmark !== 'function') {
      console.error(`${file} does not export runBenchmark()`);
      failed = true;
      continue;
    }
    const started = performance.now();
    const env = { ...process.env };
    try {
      await (mod.runBenchmark as () => Promise<void>)();
    } catch (err) {
      failed = true;
      console.error(`${file} failed:`, err);
    } finally {
      restoreEnv(env);
    }
    console.log(`-- ${file}: ${Math.round(performance.now() - started)} ms, peak RSS so far ${peakRssMb()} MB`);
  }
  console.log(`\nPeak RSS: ${peakRssMb()} MB`);
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
