import type { CaseResult, Results } from '../results/schema';
import { escapeXml as x } from './xml';

/**
 * JUnit XML (the Jenkins junit-10.xsd shape CI systems read): one <testsuite> per model, one
 * <testcase> per test case x model. A model mistake is a <failure> whose type is the first
 * typed reason (wrong_tool, no_tool_called, argument reasons...); a run that could not
 * complete (server or provider unreachable) is an <error>. Gates form their own suite. What a
 * reader of one test case should know beyond pass/fail (flaky across runs or samples, a
 * regression against the baseline) is its <system-out>, which the XSD allows after the
 * failures and CI test views show beside the case.
 */
export function toJunit(results: Results): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const notes = notesByCase(results);
  const suites = results.models.map((model) => ({ model, cases: results.cases.filter((c) => c.model === model) }));
  const total = results.cases.length + results.gates.length;
  const failures = results.cases.filter(isFailure).length + results.gates.filter((g) => g.status === 'failed').length;
  const errors = results.cases.filter((c) => c.status === 'failed').length;
  lines.push(`<testsuites name="${x(results.suite)}" tests="${total}" failures="${failures}" errors="${errors}">`);
  suites.forEach(({ model, cases }, id) => {
    lines.push(
      `  <testsuite name="${x(`${results.suite} [${model}]`)}" id="${id}" package="mcp-eval" hostname="localhost" timestamp="${x(results.startedAt.slice(0, 19))}" tests="${cases.length}" failures="${cases.filter(isFailure).length}" errors="${cases.filter((c) => c.status === 'failed').length}" skipped="0" time="0">`,
    );
    for (const c of cases) lines.push(...testcase(c, model, notes.get(unitKey(c.id, model)) ?? []));
    lines.push('  </testsuite>');
  });
  const gates = results.gates;
  lines.push(
    `  <testsuite name="${x(`${results.suite} [gates]`)}" id="${suites.length}" package="mcp-eval" hostname="localhost" timestamp="${x(results.startedAt.slice(0, 19))}" tests="${gates.length}" failures="${gates.filter((g) => g.status === 'failed').length}" errors="0" skipped="${gates.filter((g) => g.status === 'too_few_cases').length}" time="0">`,
  );
  for (const g of gates) {
    const open = `    <testcase name="${x(g.id)}" classname="gates" time="0"`;
    if (g.status === 'passed') lines.push(`${open}/>`);
    else if (g.status === 'too_few_cases') lines.push(`${open}>`, `      <skipped message="${x(g.message)}"/>`, '    </testcase>');
    else lines.push(`${open}>`, `      <failure message="${x(g.message)}" type="gate_failed">${x(g.message)}</failure>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

function isFailure(c: CaseResult): boolean {
  return c.status === 'completed' && (c.classification === 'FP' || c.classification === 'FN' || c.failureReasons.length > 0);
}

const unitKey = (caseId: string, model: string) => `${caseId}\u0000${model}`;

/** Per case x model: flaky (across runs, from --history or a baseline), regressed or fixed against the baseline, samples that disagreed. */
function notesByCase(results: Results): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  const add = (caseId: string, model: string, note: string) => {
    const key = unitKey(caseId, model);
    notes.set(key, [...(notes.get(key) ?? []), note]);
  };
  const r = results.regression;
  // With a baseline, the comparison's flaky list already holds the samples that disagreed (and the history's flips).
  if (!r) {
    for (const c of results.cases) {
      if (c.samples.count > 1 && c.samples.agreement !== null && c.samples.agreement < 1) add(c.id, c.model, `flaky: its ${c.samples.count} samples disagreed (agreement ${Math.round(c.samples.agreement * 100)}%)`);
    }
  } else {
    for (const f of r.flaky) add(f.caseId, f.model, `flaky: ${f.reason}; left out of the regression comparison`);
    for (const f of r.regressed) add(f.caseId, f.model, `regressed against the baseline: ${f.baseline} then, ${f.current} now`);
    for (const f of r.fixed) add(f.caseId, f.model, `fixed against the baseline: ${f.baseline} then, ${f.current} now`);
  }
  return notes;
}

function testcase(c: CaseResult, model: string, notes: string[]): string[] {
  const open = `    <testcase name="${x(c.name)}" classname="${x(model)}" time="0"`;
  const out = notes.length > 0 ? [`      <system-out>${x(notes.join('\n'))}</system-out>`] : [];
  if (c.status === 'failed') {
    return [`${open}>`, `      <error message="${x(c.error ?? 'run failed')}" type="infrastructure">${x(c.error ?? '')}</error>`, ...out, '    </testcase>'];
  }
  if (!isFailure(c)) return out.length > 0 ? [`${open}>`, ...out, '    </testcase>'] : [`${open}/>`];
  const type = c.failureReasons[0]?.split(':')[0] ?? (c.classification === 'FP' ? 'unexpected_tool_call' : 'wrong_tool');
  const message = `${c.classification}: expected ${c.expected ?? 'no tool'}, selected ${c.selected ?? 'no tool'}`;
  const body = [message, ...c.failureReasons.map((r) => `- ${r}`)].join('\n');
  return [`${open}>`, `      <failure message="${x(message)}" type="${x(type)}">${x(body)}</failure>`, ...out, '    </testcase>'];
}
