import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '@/lib/cli/commands/schemas';
import { toJunit } from '@/lib/cli/output/junit';
import { computeMetrics } from '@/lib/cli/results/metrics';
import type { CaseResult, Results } from '@/lib/cli/results/schema';
import { ROOT } from './helpers/cli';
import { junitXsdProblems } from './helpers/junit-xsd';

function caseResult(over: Partial<CaseResult>): CaseResult {
  return { id: 'c', name: 'c', model: 'local/lexical', status: 'completed', classification: 'TP', expected: 'todo/create_todo', selected: 'todo/create_todo', confidence: null, argumentScore: 1, argumentMatching: 'strict', failureReasons: [], samples: { count: 1, agreement: null }, error: null, ...over };
}

const cases: CaseResult[] = [
  caseResult({ id: 'ok', name: 'right <tool> & "quotes"' }),
  caseResult({ id: 'wrong', name: 'wrong', classification: 'FN', selected: 'todo/list_todos', failureReasons: ['wrong_tool'] }),
  caseResult({ id: 'args', name: 'args', failureReasons: ['wrong_value:priority'] }),
  caseResult({ id: 'down', name: 'down', status: 'failed', classification: null, selected: null, error: 'connect ECONNREFUSED' }),
  caseResult({ id: 'ok', name: 'right <tool> & "quotes"', model: 'openai/gpt-4o-mini' }),
];
const results: Results = {
  schemaVersion: 1,
  suite: 'demo',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  models: ['local/lexical', 'openai/gpt-4o-mini'],
  cases,
  metrics: computeMetrics(cases),
  gates: [
    { id: 'f1', metric: 'f1', kind: 'minimum', threshold: 0.9, actual: 0.8, status: 'failed', message: 'overall f1 80.0% < 90.0%' },
    { id: 'regression:f1', metric: 'f1', kind: 'regression', threshold: 0, actual: -0.1, status: 'too_few_cases', message: 'too few' },
  ],
  regression: null,
};

describe('JUnit XML', () => {
  it('validates against junit-10.xsd (libxml2): one testcase per case x model, typed failures, infrastructure as errors', async () => {
    const xml = toJunit(results);
    expect(await junitXsdProblems(xml)).toEqual([]);
    expect(xml.match(/<testcase /g)).toHaveLength(cases.length + results.gates.length);
    expect(xml).toContain('<failure message="FN: expected todo/create_todo, selected todo/list_todos" type="wrong_tool">');
    expect(xml).toContain('type="wrong_value"');
    expect(xml).toContain('<error message="connect ECONNREFUSED" type="infrastructure">');
    expect(xml).toContain('name="right &lt;tool&gt; &amp; &quot;quotes&quot;"');
    expect(xml).toMatch(/<testsuites name="demo" tests="7" failures="3" errors="1">/);
  });

  it("says in a case's <system-out> when it was flaky, regressed or fixed, and stays valid (libxml2)", async () => {
    const sampled = caseResult({ id: 'shaky', name: 'shaky', classification: 'FN', selected: 'todo/list_todos', failureReasons: ['wrong_tool'], samples: { count: 3, agreement: 2 / 3 } });
    const alone: Results = { ...results, cases: [...cases, sampled], metrics: computeMetrics([...cases, sampled]) };
    const xml = toJunit(alone);
    expect(await junitXsdProblems(xml)).toEqual([]);
    // After the failure, as the XSD's sequence wants; the passing cases stay self-closed.
    expect(xml).toContain('type="wrong_tool">FN: expected todo/create_todo, selected todo/list_todos\n- wrong_tool</failure>\n      <system-out>flaky: its 3 samples disagreed (agreement 67%)</system-out>\n    </testcase>');
    expect(xml.match(/<system-out>/g)).toHaveLength(1);

    const compared: Results = {
      ...alone,
      regression: {
        baseline: 'main.json',
        units: 5,
        metrics: {},
        regressed: [{ caseId: 'wrong', model: 'local/lexical', baseline: 'TP', current: 'FN' }],
        fixed: [{ caseId: 'ok', model: 'openai/gpt-4o-mini', baseline: 'FN', current: 'TP' }],
        flaky: [{ caseId: 'shaky', model: 'local/lexical', reason: 'samples disagree (agreement - -> 0.67)' }],
        unpaired: { baseline: 0, current: 0 },
      },
    };
    const xml2 = toJunit(compared);
    expect(await junitXsdProblems(xml2)).toEqual([]);
    // The comparison's flaky list holds the samples' disagreement: said once, not twice.
    expect(xml2.match(/<system-out>/g)).toHaveLength(3);
    expect(xml2).toContain('<system-out>flaky: samples disagree (agreement - -&gt; 0.67); left out of the regression comparison</system-out>');
    expect(xml2).toContain('<system-out>regressed against the baseline: TP then, FN now</system-out>');
    // A passing case with a note opens its element for it, and only the model the flip belongs to gets it.
    expect(xml2).toContain('<testcase name="right &lt;tool&gt; &amp; &quot;quotes&quot;" classname="openai/gpt-4o-mini" time="0">\n      <system-out>fixed against the baseline: FN then, TP now</system-out>');
    expect(xml2).toContain('<testcase name="right &lt;tool&gt; &amp; &quot;quotes&quot;" classname="local/lexical" time="0"/>');
  });

  it('the validator itself refuses what the XSD does not allow: placement, attributes, order, nesting, the root', async () => {
    expect(await junitXsdProblems('<testsuites><testcase name="x"/></testsuites>')).toEqual([expect.stringMatching(/Element 'testcase': This element is not expected\. Expected is \( testsuite \)/)]);
    expect(await junitXsdProblems('<testsuites><testsuite tests="1" colour="red"></testsuite></testsuites>')).toEqual([
      expect.stringMatching(/attribute 'colour': The attribute 'colour' is not allowed/),
      expect.stringMatching(/Element 'testsuite': The attribute 'name' is required but missing/),
    ]);
    // The XSD's sequence puts errors before failures: order is checked, as Jenkins' parser does.
    expect(await junitXsdProblems('<testsuites><testsuite name="a" tests="1"><testcase name="x"><failure/><error/></testcase></testsuite></testsuites>')).toEqual([expect.stringMatching(/Element 'error': This element is not expected/)]);
    expect((await junitXsdProblems('<testsuites><testsuite name="a" tests="1"><testcase name="x"></testsuite></testsuites>'))[0]).toMatch(/Opening and ending tag mismatch/);
    expect(await junitXsdProblems('<testsuite name="a" tests="0"/>')).toEqual(['the root element is <testsuite>, not <testsuites>']);
    const broken = toJunit(results).replace('<testsuites ', '<testsuites colour="red" ');
    expect(await junitXsdProblems(broken)).toEqual([expect.stringMatching(/attribute 'colour': The attribute 'colour' is not allowed/)]);
  });
});

describe('published JSON Schemas', () => {
  it('schemas/*.json are the ones generated from the zod schemas (npm run schemas)', () => {
    const generated = jsonSchemas();
    expect(Object.keys(generated)).toEqual(['suite.schema.json', 'results.schema.json']);
    for (const [name, schema] of Object.entries(generated)) {
      expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', name), 'utf8')), name).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  it('the example suite and a results file validate against them; a wrong field does not', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemas = jsonSchemas();
    const results2 = ajv.compile(schemas['results.schema.json'] as object);
    expect(results2(JSON.parse(JSON.stringify(results)))).toBe(true);
    expect(results2({ ...results, schemaVersion: 2 })).toBe(false);
    const suite = ajv.compile(schemas['suite.schema.json'] as object);
    const example = { servers: { todo: { transport: 'static', toolsFile: 'tools/todo.json' } }, models: [{ provider: 'local', model: 'lexical' }], testCases: [{ name: 'n', query: 'q', servers: ['todo'] }], gates: { f1: 0.8 } };
    expect(suite(example)).toBe(true);
    expect(suite({ ...example, gates: { f1: 2 } })).toBe(false);
    expect(suite({ ...example, sample: 3 })).toBe(false);
  });
});

describe('the GitHub Actions example', () => {
  it('runs the example suite, publishes junit.xml and summary.md, and uploads lint SARIF', async () => {
    const { parse } = await import('yaml');
    const workflow = parse(fs.readFileSync(path.join(ROOT, 'examples/ci/mcp-eval.yml'), 'utf8')) as { on: Record<string, unknown>; jobs: { evaluate: { steps: { run?: string; with?: Record<string, string> }[] } } };
    expect(Object.keys(workflow.on)).toContain('pull_request');
    const steps = workflow.jobs.evaluate.steps;
    const runs = steps.map((s) => s.run ?? '');
    expect(runs).toContain('npx mcp-eval run examples/ci/suite.yaml --out mcp-eval-results');
    expect(runs.some((r) => r.includes('summary.md >> "$GITHUB_STEP_SUMMARY"'))).toBe(true);
    expect(steps.map((s) => s.with?.report_paths).filter(Boolean)).toEqual(['mcp-eval-results/junit.xml']);
    expect(steps.map((s) => s.with?.sarif_file).filter(Boolean)).toEqual(['mcp-eval-results/lint.sarif']);
    expect(fs.existsSync(path.join(ROOT, 'examples/ci/suite.yaml'))).toBe(true);
  });
});
