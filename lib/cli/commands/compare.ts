import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, UsageError, type ExitCode } from '../errors';
import { compareResults, evaluateRegression } from '../gates/regression';
import type { CliIo } from '../io';
import { toSummaryMarkdown } from '../output/summary-md';
import { toJunit } from '../output/junit';
import type { MetricThresholds } from '../suite/schema';
import { readHistory, readResults, writeOutput } from './results-files';

const METRICS = ['f1', 'precision', 'recall', 'accuracy'] as const;

function parseAllowed(text: string | undefined): MetricThresholds | undefined {
  if (text === undefined) return undefined;
  const allowed: MetricThresholds = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [name, value] = part.split('=');
    const metric = METRICS.find((m) => m === name?.trim());
    const number = Number(value);
    if (!metric || value === undefined || !Number.isFinite(number) || number < 0 || number > 1) {
      throw new UsageError(`--max-regression: '${part}' is not metric=value with a metric of ${METRICS.join(', ')} and a value in 0..1`);
    }
    allowed[metric] = number;
  }
  return allowed;
}

/** The regression gate alone: current against baseline, exit 1 on a significant drop; --history files mark units flaky across runs. */
export async function compareCommand(args: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'max-regression': { type: 'string' }, strict: { type: 'boolean', default: false }, out: { type: 'string' }, json: { type: 'boolean', default: false }, history: { type: 'string', multiple: true } },
  });
  if (positionals.length !== 2) throw new UsageError('compare takes two files: mcp-eval compare <baseline.json> <current.json>');
  const [baselineFile, currentFile] = positionals.map((p) => path.resolve(io.cwd, p)) as [string, string];
  const allowed = parseAllowed(values['max-regression']);
  const baseline = readResults(baselineFile);
  const current = readResults(currentFile);
  const regression = compareResults(baseline, current.cases, path.relative(io.cwd, baselineFile), readHistory(values.history, io.cwd));
  const gates = evaluateRegression(regression, allowed, values.strict);
  const exit = gates.some((g) => g.status === 'failed') ? EXIT.gateFailed : EXIT.ok;
  const results = { ...current, gates, regression };
  if (values.out) {
    const dir = path.resolve(io.cwd, values.out);
    writeOutput(dir, 'comparison.json', `${JSON.stringify(results, null, 2)}\n`);
    writeOutput(dir, 'junit.xml', toJunit(results));
    writeOutput(dir, 'summary.md', toSummaryMarkdown(results, exit));
  }
  if (values.json) io.stdout.write(`${JSON.stringify(regression, null, 2)}\n`);
  else {
    for (const g of gates) io.stdout.write(`${g.status === 'passed' ? 'PASS' : g.status === 'failed' ? 'FAIL' : 'WARN'} ${g.id}: ${g.message}\n`);
    for (const f of regression.regressed) io.stdout.write(`regressed: ${f.caseId} [${f.model}] ${f.baseline} -> ${f.current}\n`);
    for (const f of regression.fixed) io.stdout.write(`fixed: ${f.caseId} [${f.model}] ${f.baseline} -> ${f.current}\n`);
    for (const f of regression.flaky) io.stdout.write(`flaky: ${f.caseId} [${f.model}] ${f.reason}\n`);
  }
  return exit;
}
