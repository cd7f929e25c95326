import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '@/lib/cli/commands/schemas';
import { toJunit } from '@/lib/cli/output/junit';
import { computeMetrics } from '@/lib/cli/results/metrics';
import type { CaseResult, Results } from '@/lib/cli/results/schema';
import { ROOT } from './helpers/cli';

type Decl = { attributes: Map<string, boolean>; children: Set<string> };

/** The element declarations of a flat XSD (global elements with refs, as junit-10.xsd is written). */
function readXsd(text: string): Map<string, Decl> {
  const decls = new Map<string, Decl>();
  for (const m of text.matchAll(/<xs:element name="([^"]+)"(?:\s+type="[^"]+"\s*\/>|>([\s\S]*?)<\/xs:element>)/g)) {
    const body = m[2] ?? '';
    const attributes = new Map([...body.matchAll(/<xs:attribute name="([^"]+)"[^>]*use="(required|optional)"/g)].map((a) => [a[1] as string, a[2] === 'required']));
    decls.set(m[1] as string, { attributes, children: new Set([...body.matchAll(/<xs:element ref="([^"]+)"/g)].map((r) => r[1] as string)) });
  }
  return decls;
}

/** Checks well-formed nesting, declared elements, attributes and children, and required attributes. */
function validate(xml: string, xsd: Map<string, Decl>): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  let root: string | null = null;
  for (const m of body.matchAll(/<(\/?)([A-Za-z-]+)((?:\s+[A-Za-z-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      if (stack.pop() !== name) problems.push(`</${name}> does not close the open element`);
      continue;
    }
    const decl = xsd.get(name);
    if (!decl) problems.push(`<${name}> is not declared`);
    const parent = stack.at(-1);
    if (parent === undefined) root ??= name;
    else if (!xsd.get(parent)?.children.has(name)) problems.push(`<${name}> may not appear in <${parent}>`);
    const attrs = new Set([...attrText.matchAll(/([A-Za-z-]+)="/g)].map((a) => a[1] as string));
    for (const a of attrs) if (decl && !decl.attributes.has(a)) problems.push(`<${name}> has undeclared attribute ${a}`);
    for (const [a, required] of decl?.attributes ?? []) if (required && !attrs.has(a)) problems.push(`<${name}> lacks required attribute ${a}`);
    if (!selfClosing) stack.push(name);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  if (root !== 'testsuites') problems.push(`root is ${root}`);
  return problems;
}

const xsd = readXsd(fs.readFileSync(path.join(ROOT, 'tests/fixtures/junit-10.xsd'), 'utf8'));

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
  it('validates against junit-10.xsd: one testcase per case x model, typed failures, infrastructure as errors', () => {
    expect(xsd.size).toBe(10);
    const xml = toJunit(results);
    expect(validate(xml, xsd)).toEqual([]);
    expect(xml.match(/<testcase /g)).toHaveLength(cases.length + results.gates.length);
    expect(xml).toContain('<failure message="FN: expected todo/create_todo, selected todo/list_todos" type="wrong_tool">');
    expect(xml).toContain('type="wrong_value"');
    expect(xml).toContain('<error message="connect ECONNREFUSED" type="infrastructure">');
    expect(xml).toContain('name="right &lt;tool&gt; &amp; &quot;quotes&quot;"');
    expect(xml).toMatch(/<testsuites name="demo" tests="7" failures="3" errors="1">/);
  });

  it('the validator itself refuses what the XSD does not allow', () => {
    expect(validate('<testsuites><testcase name="x"/></testsuites>', xsd)).toEqual(['<testcase> may not appear in <testsuites>']);
    expect(validate('<testsuites><testsuite tests="1" colour="red"></testsuite></testsuites>', xsd)).toEqual(['<testsuite> has undeclared attribute colour', '<testsuite> lacks required attribute name']);
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
