import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, InfrastructureError, UsageError, type ExitCode } from '../errors';
import { evaluateRegression, compareResults } from '../gates/regression';
import { evaluateThresholds } from '../gates/thresholds';
import type { CliIo } from '../io';
import { assertKeysInEnv, keysFromEnv } from '../keys';
import { toJunit } from '../output/junit';
import { createProgress } from '../output/progress';
import { toSummaryMarkdown } from '../output/summary-md';
import { computeMetrics } from '../results/metrics';
import { RESULTS_SCHEMA_VERSION, type CaseResult, type Results } from '../results/schema';
import { modelLabel, type Executor } from '../run/types';
import { loadSuite, type ResolvedSuite } from '../suite/load';
import { readHistory, readResults, writeOutput } from './results-files';

export const RUN_HELP = `mcp-eval run <suite.yaml|json> [options]

Runs a suite and enforces its gates. Exit 0 gates hold, 1 a gate failed, 2 usage or suite
error, 3 a server or provider unreachable.

  --out <dir>        where results.json, junit.xml and summary.md go (default: mcp-eval-results)
  --data-dir <dir>   embedded run on this data dir (default: a temporary one, removed after)
  --url <url>        run on a running instance through its REST API instead
  --token <token>    its API bearer token (or MCP_EVAL_TOKEN)
  --baseline <file>  a results.json to compare against (overrides gates.baseline)
  --history <file>   an earlier results.json (repeat, or a,b,c): a case whose verdict alternates
                     across them, the baseline and this run is flaky, listed apart from the
                     flips and left out of the regression gate
  --strict           "too few cases to tell" fails the regression gate
  --quiet            no progress output

Keys come from OPENAI_API_KEY, ANTHROPIC_API_KEY and MCP_EVAL_MODEL_API_KEY only, and are
never written anywhere.`;

export async function runCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'mcp-eval-results' },
      'data-dir': { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      baseline: { type: 'string' },
      history: { type: 'string', multiple: true },
      strict: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError('run takes one suite file: mcp-eval run <suite.yaml>');
  if (values.url && values['data-dir']) throw new UsageError('--url and --data-dir exclude each other: a remote run uses the instance\'s data');
  const suite = loadSuite(path.resolve(io.cwd, positionals[0] as string), io.env);
  const baselineFile = values.baseline ? path.resolve(io.cwd, values.baseline) : suite.baselineFile;
  const baseline = baselineFile ? readResults(baselineFile) : null;
  const history = readHistory(values.history, io.cwd);
  if (history.length && !baseline) throw new UsageError('--history needs a baseline (--baseline or gates.baseline): flaky cases are reported in the comparison with it');
  const outDir = path.resolve(io.cwd, values.out);

  const startedAt = new Date().toISOString();
  const progress = createProgress(io.stderr, io.isTty, values.quiet);
  const keys = keysFromEnv(io.env);
  assertKeysInEnv(suite.models, keys);
  let cases;
  let tempDir: string | null = null;
  try {
    let executor: Executor;
    if (values.url) {
      const { remoteExecutor } = await import('../run/remote');
      executor = remoteExecutor(values.url, values.token ?? io.env.MCP_EVAL_TOKEN, io.env);
    } else {
      tempDir = values['data-dir'] ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-data-'));
      configureEmbedded(io.env, values['data-dir'] ? path.resolve(io.cwd, values['data-dir']) : (tempDir as string));
      executor = (await import('../run/embedded')).runEmbedded;
    }
    cases = inSuiteOrder(await executor({ suite, keys, progress, signal: io.signal }), suite);
  } finally {
    if (tempDir) await closeAndRemove(tempDir);
  }

  const metrics = computeMetrics(cases);
  const regression = baseline ? compareResults(baseline, cases, path.relative(io.cwd, baselineFile as string) || (baselineFile as string), history) : null;
  const gates = [...evaluateThresholds(suite.gates, metrics), ...(regression ? evaluateRegression(regression, suite.gates.maxRegression, values.strict) : [])];
  const results: Results = {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    suite: suite.name,
    startedAt,
    finishedAt: new Date().toISOString(),
    models: suite.models.map(modelLabel),
    cases,
    metrics,
    gates,
    regression,
  };
  const failedRuns = cases.filter((c) => c.status === 'failed');
  const exit: ExitCode = failedRuns.length ? EXIT.infrastructure : gates.some((g) => g.status === 'failed') ? EXIT.gateFailed : EXIT.ok;
  writeOutput(outDir, 'results.json', `${JSON.stringify(results, null, 2)}\n`);
  writeOutput(outDir, 'junit.xml', toJunit(results));
  const summary = toSummaryMarkdown(results, exit);
  writeOutput(outDir, 'summary.md', summary);
  for (const g of gates) io.stdout.write(`${g.status === 'passed' ? 'PASS' : g.status === 'failed' ? 'FAIL' : 'WARN'} ${g.id}: ${g.message}\n`);
  io.stdout.write(`${cases.length} run(s); results in ${path.relative(io.cwd, outDir) || '.'}/\n`);
  if (failedRuns.length) {
    throw new InfrastructureError(`${failedRuns.length} run(s) could not complete (outputs written): ${failedRuns[0]?.error ?? ''}`);
  }
  return exit;
}

/** Suite order, then model order: stable files to diff and review. */
function inSuiteOrder(cases: CaseResult[], suite: ResolvedSuite): CaseResult[] {
  const caseIndex = new Map(suite.cases.map((c, i) => [c.id, i]));
  const modelIndex = new Map(suite.models.map((m, i) => [modelLabel(m), i]));
  const at = (map: Map<string, number>, key: string) => map.get(key) ?? Number.MAX_SAFE_INTEGER;
  return [...cases].sort((a, b) => at(caseIndex, a.id) - at(caseIndex, b.id) || at(modelIndex, a.model) - at(modelIndex, b.model));
}

/** The embedded app reads its configuration through lib/env from this environment: the CLI is its source. */
function configureEmbedded(env: Record<string, string | undefined>, dataDir: string): void {
  env.DATA_DIR = dataDir;
  env.SEED_DEMO = 'false';
  env.LOG_LEVEL ??= 'silent';
}

async function closeAndRemove(dir: string): Promise<void> {
  const { closeDb } = await import('@/db/client');
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
}
