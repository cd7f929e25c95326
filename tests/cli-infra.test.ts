import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ResultsSchema, type Results } from '@/lib/cli/results/schema';
import { EXAMPLE_SUITE, ROOT, runCli, tempFolder } from './helpers/cli';
import { caseResultOf, resultsOf } from './helpers/cli-results';
import { freePort } from './helpers/everything';

// Each spawn starts tsx; the runs use the offline local provider or a provider on a closed port.
const SLOW = 90_000;
let dir: string;

beforeAll(() => {
  dir = tempFolder('mcp-eval-infra-');
  fs.cpSync(path.join(ROOT, 'examples/ci'), dir, { recursive: true });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Suite = Record<string, unknown> & { testCases: Record<string, unknown>[] };

function writeSuite(name: string, change: (suite: Suite) => void): string {
  const suite = parse(fs.readFileSync(EXAMPLE_SUITE, 'utf8')) as Suite;
  delete suite.$schema;
  change(suite);
  fs.writeFileSync(path.join(dir, name), stringify(suite));
  return name;
}

const readResults = (out: string): Results => ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, out, 'results.json'), 'utf8')));

describe('mcp-eval run: infrastructure and key messages', () => {
  it('a provider that cannot be reached exits 3 (infrastructure), not 1, and still writes the outputs', { timeout: SLOW }, async () => {
    const port = await freePort();
    const suite = writeSuite('provider-down.yaml', (s) => {
      s.models = [{ provider: 'openai', model: 'gpt-test', baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0, timeout: 5 }];
      s.testCases = s.testCases.slice(0, 2);
      s.gates = {};
    });
    // The generic variable serves a provider with its own (MCP_EVAL_MODEL_API_KEY for openai): past the key check, to the closed port.
    const res = await runCli(['run', suite, '--out', 'out-provider'], dir, { MCP_EVAL_MODEL_API_KEY: 'sk-test-generic-key' });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/2 run\(s\) could not complete/);
    const results = readResults('out-provider');
    expect(results.cases.map((c) => c.status)).toEqual(['failed', 'failed']);
    expect(fs.readFileSync(path.join(dir, 'out-provider/junit.xml'), 'utf8')).toContain('type="infrastructure"');
  });

  it('a missing key names the environment variables to set, not HTTP headers (exit 2, before any run)', { timeout: SLOW }, async () => {
    const suite = writeSuite('no-keys.yaml', (s) => {
      s.models = [
        { provider: 'openai', model: 'gpt-test' },
        { provider: 'anthropic', model: 'claude-test' },
        { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' },
        { provider: 'local', model: 'lexical' },
      ];
    });
    const res = await runCli(['run', suite, '--out', 'out-no-keys'], dir);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('openai: set OPENAI_API_KEY (or MCP_EVAL_MODEL_API_KEY)');
    expect(res.stderr).toContain('anthropic: set ANTHROPIC_API_KEY (or MCP_EVAL_MODEL_API_KEY)');
    // An OpenAI-compatible server's key is optional, and the local provider takes none.
    expect(res.stderr).not.toMatch(/openai-compatible:|local:/);
    expect(res.stderr).not.toMatch(/header|X-OpenAI/i);
    expect(fs.existsSync(path.join(dir, 'out-no-keys'))).toBe(false);
  });

  it('runs a suite whose cases come from files ({file: ...}, JSONL and CSV) as it runs them inline', { timeout: SLOW }, async () => {
    const inline = parse(fs.readFileSync(EXAMPLE_SUITE, 'utf8')) as Suite;
    const cases = inline.testCases as { name: string; query: string; servers: string[]; expectedServer: string | null; expectedTool: string | null; expectedParameters?: Record<string, unknown> }[];
    const [first, rest] = [cases.slice(0, 5), cases.slice(5)];
    fs.writeFileSync(path.join(dir, 'cases.jsonl'), `${first.map((c) => JSON.stringify(c)).join('\n')}\n`);
    const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const csv = ['name,query,servers,expectedServer,expectedTool,expectedParameters', ...rest.map((c) => [cell(c.name), cell(c.query), cell(c.servers.join(';')), c.expectedServer ?? '', c.expectedTool ?? '', cell(c.expectedParameters ? JSON.stringify(c.expectedParameters) : '')].join(','))];
    fs.writeFileSync(path.join(dir, 'cases.csv'), `${csv.join('\n')}\n`);
    const fromFiles = writeSuite('from-files.yaml', (s) => {
      s.testCases = [{ file: 'cases.jsonl' }, { file: 'cases.csv' }];
    });
    const plain = writeSuite('inline.yaml', () => undefined);
    const [files, same] = await Promise.all([runCli(['run', fromFiles, '--out', 'out-files'], dir), runCli(['run', plain, '--out', 'out-inline'], dir)]);
    expect(files.code).toBe(0);
    expect(same.code).toBe(0);
    const verdicts = (r: Results) => r.cases.map((c) => [c.id, c.expected, c.selected, c.classification]);
    expect(readResults('out-files').cases).toHaveLength(8);
    expect(verdicts(readResults('out-files'))).toEqual(verdicts(readResults('out-inline')));
  });
});

describe('flaky across runs (--history)', () => {
  /** Ten units, the first `wrong` of them FN. */
  function write(name: string, startedAt: string, wrong: number): string {
    const cases = Array.from({ length: 10 }, (_, i) => caseResultOf(`c${i}`, i < wrong ? 'FN' : 'TP'));
    const results = resultsOf(startedAt, cases, 'demo tools');
    fs.writeFileSync(path.join(dir, name), JSON.stringify(results));
    return name;
  }

  it('compare: eight flips that were wrong before the baseline too are flaky, listed apart, and do not fail the gate', { timeout: SLOW }, async () => {
    const older = write('h-older.json', '2026-01-01T00:00:00.000Z', 8);
    const oldest = write('h-oldest.json', '2025-12-31T00:00:00.000Z', 0);
    const baseline = write('h-baseline.json', '2026-01-02T00:00:00.000Z', 0);
    const current = write('h-current.json', '2026-01-03T00:00:00.000Z', 8);
    const [alone, withHistory] = await Promise.all([
      runCli(['compare', baseline, current], dir),
      runCli(['compare', baseline, current, '--history', `${oldest},${older}`, '--out', 'out-history'], dir),
    ]);
    expect(alone.code).toBe(1);
    expect(alone.stdout.match(/^regressed: /gm)).toHaveLength(8);
    expect(withHistory.code).toBe(0);
    expect(withHistory.stdout).not.toMatch(/^regressed: /m);
    expect(withHistory.stdout).toMatch(/^flaky: c0 \[local\/lexical\] verdict changed 3 times over 4 runs \(TP -> FN -> TP -> FN\)$/m);
    expect(withHistory.stdout.match(/^flaky: /gm)).toHaveLength(8);
    const comparison = ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'out-history/comparison.json'), 'utf8')));
    expect(comparison.regression?.flaky).toHaveLength(8);
    expect(comparison.regression?.units).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'out-history/summary.md'), 'utf8')).toContain('**Flaky** (8, left out of the flips)');
  });

  it('run: --history takes repeated flags, and needs a baseline (exit 2 naming it)', { timeout: SLOW }, async () => {
    const older = write('r-older.json', '2026-01-01T00:00:00.000Z', 0);
    const noBaseline = await runCli(['run', 'suite.yaml', '--out', 'out-no-baseline', '--history', older], dir);
    expect(noBaseline.code).toBe(2);
    expect(noBaseline.stderr).toMatch(/--history needs a baseline/);
    const missing = await runCli(['run', 'suite.yaml', '--baseline', older, '--history', older, '--history', 'nope.json'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json.*cannot read the results file/);
  });

  it('run: a case the history had right, the baseline wrong and this run right is flaky, not fixed', { timeout: SLOW }, async () => {
    const first = await runCli(['run', 'suite.yaml', '--out', 'out-h1'], dir);
    expect(first.code).toBe(0);
    const current = readResults('out-h1');
    const rightNow = current.cases.find((c) => c.classification === 'TP');
    expect(rightNow?.classification).toBe('TP');
    // The baseline had one right case wrong; the run before it had it right.
    const flipped = current.cases.map((c) => (c.id === rightNow?.id ? { ...c, classification: 'FN' as const, selected: null } : c));
    fs.writeFileSync(path.join(dir, 'rb.json'), JSON.stringify({ ...current, startedAt: '2026-01-02T00:00:00.000Z', cases: flipped }));
    fs.writeFileSync(path.join(dir, 'rh.json'), JSON.stringify({ ...current, startedAt: '2026-01-01T00:00:00.000Z' }));
    const [plain, history] = await Promise.all([
      runCli(['run', 'suite.yaml', '--out', 'out-h2', '--baseline', 'rb.json'], dir),
      runCli(['run', 'suite.yaml', '--out', 'out-h3', '--baseline', 'rb.json', '--history', 'rh.json'], dir),
    ]);
    expect(plain.code).toBe(0);
    expect(history.code).toBe(0);
    expect(readResults('out-h2').regression?.fixed.map((f) => f.caseId)).toEqual([rightNow?.id]);
    const regression = readResults('out-h3').regression;
    expect(regression?.fixed).toEqual([]);
    expect(regression?.flaky).toEqual([{ caseId: rightNow?.id, model: 'local/lexical', reason: 'verdict changed 2 times over 3 runs (TP -> FN -> TP)' }]);
    expect(regression?.units).toBe(current.cases.length - 1);
    expect(fs.readFileSync(path.join(dir, 'out-h3/summary.md'), 'utf8')).toMatch(/\*\*Flaky\*\* \(1, left out of the flips\)/);
  });
});
