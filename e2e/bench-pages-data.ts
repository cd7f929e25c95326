/**
 * Puts the metrics bench's cached database of E2E_BENCH_RUNS runs (bench/metrics-1m.bench.ts
 * generates it once into .bench-cache/metrics-<runs>, or BENCH_CACHE_DIR) into the e2e server's
 * data directory before the server starts: `npx tsx e2e/bench-pages-data.ts <data dir>`.
 * playwright.config.ts runs it in the 1M-run page bench (npm run bench:e2e:1m). A copy, so the
 * server's writes (migrations, demo seed) never reach the cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const FILE = 'mcp-eval.sqlite';
const MARKER = 'bench:metrics-runs';

function main(): void {
  const dataDir = process.argv[2];
  const runs = process.env.E2E_BENCH_RUNS;
  if (!dataDir || !runs) throw new Error('usage: E2E_BENCH_RUNS=<runs> tsx e2e/bench-pages-data.ts <data dir>');
  const cacheDir = process.env.BENCH_CACHE_DIR ?? path.join(process.cwd(), '.bench-cache', `metrics-${runs}`);
  const source = path.join(cacheDir, FILE);
  if (!fs.existsSync(source)) {
    throw new Error(`no cached database at ${source}: generate it once with BENCH_METRICS_RUNS=${runs} npx tsx bench/run.ts metrics-1m`);
  }
  // The cache is written once and checkpointed (no WAL left); a WAL with content means a writer is at work.
  const wal = `${source}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) throw new Error(`${wal} is not empty: another process is writing the cache, try again later`);
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, FILE);
  const started = performance.now();
  fs.copyFileSync(source, target);
  const db = new Database(target, { readonly: true });
  try {
    const marker = db.prepare<[string], string>('select value from app_meta where key = ?').pluck().get(MARKER);
    if (marker !== runs) throw new Error(`${source} holds ${marker ?? 'no'} marked runs, not ${runs}`);
  } finally {
    db.close();
  }
  const mb = Math.round(fs.statSync(target).size / 1e6);
  console.log(`bench data: ${runs} runs (${mb} MB) copied to ${target} in ${Math.round(performance.now() - started)} ms`);
}

main();
