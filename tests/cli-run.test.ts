import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ResultsSchema, type Results } from '@/lib/cli/results/schema';
import { isPostgres } from '@/db/dialect';
import { EXAMPLE_SUITE, filesUnder, ROOT, runCli, tempFolder } from './helpers/cli';
import { junitXsdProblems } from './helpers/junit-xsd';
import { storedAnywhere } from './helpers/stored-anywhere';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

// Each spawn starts tsx; the runs themselves use the offline local provider or a scripted server.
const SLOW = 60_000;
let dir: string;

beforeAll(() => {
  dir = tempFolder();
  fs.cpSync(path.join(ROOT, 'examples/ci'), dir, { recursive: true });
  // The copied suite's $schema points back into the repository.
  const suite = parse(fs.readFileSync(EXAMPLE_SUITE, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(path.join(dir, 'suite.yaml'), stringify({ ...suite, $schema: path.join(ROOT, 'schemas/suite.schema.json') }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeSuite(name: string, change: (suite: Record<string, unknown>) => void): string {
  const suite = parse(fs.readFileSync(path.join(dir, 'suite.yaml'), 'utf8')) as Record<string, unknown>;
  change(suite);
  fs.writeFileSync(path.join(dir, name), stringify(suite));
  return name;
}

const readResults = (out: string): Results => ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, out, 'results.json'), 'utf8')));
const readJunit = (out: string): string => fs.readFileSync(path.join(dir, out, 'junit.xml'), 'utf8');

describe('mcp-eval run', () => {
  it('runs the example suite offline: exit 0, results, JUnit and summary written', { timeout: SLOW }, async () => {
    const res = await runCli(['run', 'suite.yaml', '--out', 'out-pass'], dir);
    expect(res.stderr).toContain('[8/8]');
    expect(res.code).toBe(0);
    const results = readResults('out-pass');
    expect(results.schemaVersion).toBe(1);
    expect(results.cases).toHaveLength(8);
    expect(results.models).toEqual(['local/lexical']);
    expect(results.gates.map((g) => [g.id, g.status])).toEqual([
      ['recall', 'passed'],
      ['f1', 'passed'],
      ['tool:rag/rag_search:recall', 'passed'],
      ['tool:todo/delete_todo:precision', 'passed'],
      ['tool:todo/delete_todo:recall', 'passed'],
    ]);
    expect(readJunit('out-pass')).toContain('<testcase name="todo: mark complete" classname="local/lexical"');
    expect(await junitXsdProblems(readJunit('out-pass'))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'out-pass/summary.md'), 'utf8')).toMatch(/all gates hold/);
  });

  it('exit 1 when a gate is out of reach, naming it', { timeout: SLOW }, async () => {
    const suite = writeSuite('strict.yaml', (s) => ((s.gates as Record<string, unknown>).f1 = 1));
    const res = await runCli(['run', suite, '--out', 'out-fail'], dir);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/FAIL f1: overall f1 \d+\.\d% < 100\.0%/);
    expect(readResults('out-fail').gates.find((g) => g.id === 'f1')?.status).toBe('failed');
    expect(readJunit('out-fail')).toMatch(/<failure [^>]*type="gate_failed"/);
    expect(await junitXsdProblems(readJunit('out-fail'))).toEqual([]);
  });

  it('against a baseline: a significant drop fails, too few flips is its own outcome', { timeout: SLOW }, async () => {
    const current = readResults('out-pass');
    // A baseline where every case was right: the current run's misses become regressed flips.
    const perfect: Results = { ...current, cases: current.cases.map((c) => ({ ...c, classification: c.expected ? 'TP' : 'TN', selected: c.expected })) };
    fs.writeFileSync(path.join(dir, 'perfect.json'), JSON.stringify(perfect));
    const wrong = current.cases.filter((c) => c.classification === 'FN' || c.classification === 'FP');
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong.length).toBeLessThan(5);
    const few = await runCli(['run', 'suite.yaml', '--out', 'out-few', '--baseline', 'perfect.json'], dir);
    expect(few.code).toBe(0);
    const fewResults = readResults('out-few');
    expect(fewResults.regression?.regressed.map((f) => f.caseId).sort()).toEqual(wrong.map((c) => c.id).sort());
    expect(fewResults.gates.find((g) => g.id === 'regression:accuracy')?.status).toBe('too_few_cases');
    const strict = await runCli(['run', 'suite.yaml', '--out', 'out-strict', '--baseline', 'perfect.json', '--strict'], dir);
    expect(strict.code).toBe(1);
  });

  it('compare: ten cases all right then eight wrong is a significant regression (exit 1); one flip is not (exit 0)', { timeout: SLOW }, async () => {
    const base = readResults('out-pass');
    const caseOf = (i: number, classification: 'TP' | 'FN') => ({ ...base.cases[0]!, id: `c${i}`, name: `c${i}`, classification, selected: classification === 'TP' ? 'todo/x' : null, expected: 'todo/x' });
    const file = (name: string, wrongCount: number) => {
      const cases = Array.from({ length: 10 }, (_, i) => caseOf(i, i < wrongCount ? 'FN' : 'TP'));
      fs.writeFileSync(path.join(dir, name), JSON.stringify({ ...base, cases, gates: [], regression: null }));
      return name;
    };
    const [b, bad, ok] = [file('b.json', 0), file('bad.json', 8), file('ok.json', 1)];
    const significant = await runCli(['compare', b, bad, '--max-regression', 'f1=0.05,recall=0.05'], dir);
    expect(significant.code).toBe(1);
    expect(significant.stdout).toMatch(/FAIL regression:recall: recall dropped 80\.0 pts \(significant, p = /);
    expect(significant.stdout.match(/^regressed: /gm)).toHaveLength(8);
    const notSignificant = await runCli(['compare', b, ok], dir);
    expect(notSignificant.code).toBe(0);
    expect(notSignificant.stdout).toMatch(/^regressed: c0 \[local\/lexical\] TP -> FN$/m);
  });

  it('usage and suite errors exit 2 with the file, line and field', { timeout: SLOW }, async () => {
    const bad = writeSuite('bad.yaml', (s) => {
      s.samples = 0;
    });
    const res = await runCli(['run', bad], dir);
    expect(res.code).toBe(2);
    const line = fs.readFileSync(path.join(dir, bad), 'utf8').split('\n').findIndex((l) => l.startsWith('samples:')) + 1;
    expect(res.stderr).toContain(`${path.join(dir, bad)}:${line}: samples: `);

    const unknownServer = writeSuite('unknown-server.yaml', (s) => ((s.testCases as { servers: string[] }[])[1]!.servers = ['calendar']));
    const res2 = await runCli(['run', unknownServer], dir);
    expect(res2.code).toBe(2);
    expect(res2.stderr).toMatch(/unknown-server\.yaml:\d+: testCases\[1\]\.servers: unknown server 'calendar'/);

    const placeholder = writeSuite('env.yaml', (s) => ((s.servers as Record<string, unknown>).remote = { url: 'http://127.0.0.1:9/mcp', headers: { 'X-Team': '${MCP_EVAL_TEST_UNSET}' } }));
    const res3 = await runCli(['run', placeholder], dir);
    expect(res3.code).toBe(2);
    expect(res3.stderr).toMatch(/servers\.remote\.headers\.X-Team: environment variable MCP_EVAL_TEST_UNSET is not set/);

    expect((await runCli(['run'], dir)).code).toBe(2);
    expect((await runCli(['run', 'suite.yaml', '--no-such-flag'], dir)).code).toBe(2);
    expect((await runCli(['frobnicate'], dir)).code).toBe(2);
  });

  it('an unreachable server exits 3 (infrastructure), not 1', { timeout: SLOW }, async () => {
    const suite = writeSuite('down.yaml', (s) => {
      (s.servers as Record<string, unknown>).remote = { type: 'http', url: 'http://127.0.0.1:9/mcp' };
      (s.testCases as { servers: string[] }[])[0]!.servers = ['todo', 'remote'];
    });
    const res = await runCli(['run', suite, '--out', 'out-down'], dir);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/server remote is unreachable/);
    // Stopped before any case ran: nothing to report, so no JUnit file a CI step could mistake for results.
    expect(fs.existsSync(path.join(dir, 'out-down/junit.xml'))).toBe(false);
  });

  it('a provider that cannot be reached: exit 3 after the run, and its junit.xml (cases as errors) validates', { timeout: SLOW }, async () => {
    const suite = writeSuite('provider-down.yaml', (s) => {
      s.models = [{ provider: 'openai', model: 'gpt-test', baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0, timeout: 5 }];
      s.testCases = (s.testCases as unknown[]).slice(0, 2);
      s.gates = {};
    });
    const res = await runCli(['run', suite, '--out', 'out-provider-down'], dir, { OPENAI_API_KEY: 'sk-not-used-port-9' });
    expect(res.code).toBe(3);
    const junit = readJunit('out-provider-down');
    expect(junit.match(/<error [^>]*type="infrastructure"/g)).toHaveLength(2);
    expect(await junitXsdProblems(junit)).toEqual([]);
  });

  it('--help works without a running app', { timeout: SLOW }, async () => {
    const res = await runCli(['--help'], dir);
    expect(res.code).toBe(0);
    for (const c of ['run', 'compare', 'lint', 'similarity', 'import']) expect(res.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
  });
});

describe('the sentinel key', () => {
  const SENTINEL = 'sk-sentinel-cli-7c0ffee5be1';
  let llm: LlmServer;
  beforeAll(async () => {
    llm = await startLlmServer({ rules: [{ match: /dentist/, replies: [{ toolCalls: [{ name: 'create_todo', arguments: { title: 'call the dentist', priority: 'high' } }] }] }], default: { text: 'no tool needed' } });
  });
  afterAll(() => llm.close());

  it('reaches the provider and appears in no file the CLI wrote (results, JUnit, summary, SQLite)', { timeout: SLOW }, async () => {
    const suite = writeSuite('openai.yaml', (s) => {
      s.models = [{ provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 }];
      s.testCases = (s.testCases as unknown[]).slice(0, 3);
      s.gates = {};
    });
    const res = await runCli(['run', suite, '--out', 'out-key', '--data-dir', 'data-key'], dir, { OPENAI_API_KEY: SENTINEL });
    expect(res.code).toBe(0);
    expect(llm.requests.filter((r) => r.headers.authorization === `Bearer ${SENTINEL}`).length).toBeGreaterThanOrEqual(3);
    const results = readResults('out-key');
    expect(results.cases.map((c) => c.classification)).toEqual(['TP', 'FN', 'FN']);
    // SQLite: the database file in the data dir; Postgres (DATABASE_URL): every row of the test's database.
    const postgres = isPostgres();
    const written = [...filesUnder(path.join(dir, 'out-key')), ...(postgres ? [] : filesUnder(path.join(dir, 'data-key')))];
    expect(written.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['results.json', 'junit.xml', 'summary.md', ...(postgres ? [] : ['mcp-eval.sqlite'])]));
    for (const file of written) expect(fs.readFileSync(file).includes(SENTINEL), file).toBe(false);
    if (postgres) expect(await storedAnywhere(SENTINEL)).toBe(false);
    expect(res.stdout + res.stderr).not.toContain(SENTINEL);
  });
});
