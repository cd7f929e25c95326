import type { MetricSet, Results } from '../results/schema';

const pct = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const ICON = { passed: '✅', failed: '❌', too_few_cases: '⚠️' } as const;

function metricRow(label: string, m: MetricSet): string {
  return `| ${cell(label)} | ${pct(m.f1)} | ${pct(m.precision)} | ${pct(m.recall)} | ${pct(m.accuracy)} | ${m.tp} | ${m.fp} | ${m.tn} | ${m.fn} |`;
}

/** A Markdown summary for GITHUB_STEP_SUMMARY (or a PR comment). */
export function toSummaryMarkdown(results: Results, exitCode: number): string {
  const failedGates = results.gates.filter((g) => g.status === 'failed').length;
  const errors = results.cases.filter((c) => c.status === 'failed');
  const verdict = exitCode === 0 ? '✅ all gates hold' : exitCode === 1 ? `❌ ${failedGates} gate(s) failed` : `💥 ${errors.length} run(s) could not complete`;
  const out = [`## mcp-eval: ${cell(results.suite)}`, '', `**${verdict}** · ${results.cases.length} runs · models: ${results.models.map(cell).join(', ')}`, ''];
  out.push('| Scope | F1 | Precision | Recall | Accuracy | TP | FP | TN | FN |', '|---|---|---|---|---|---|---|---|---|');
  out.push(metricRow('overall', results.metrics.overall));
  for (const [m, set] of Object.entries(results.metrics.perModel)) if (results.models.length > 1) out.push(metricRow(m, set));
  for (const [t, set] of Object.entries(results.metrics.perTool)) out.push(metricRow(t, set));
  if (results.gates.length) {
    out.push('', '### Gates', '');
    for (const g of results.gates) out.push(`- ${ICON[g.status]} \`${g.id}\`: ${cell(g.message)}`);
  }
  const r = results.regression;
  if (r) {
    out.push('', `### Against the baseline (${r.units} paired case x model units)`, '');
    out.push('| Metric | Baseline | Current | Delta | 95% interval | p | Outcome |', '|---|---|---|---|---|---|---|');
    for (const [name, m] of Object.entries(r.metrics)) {
      const interval = m.interval ? `${(m.interval[0] * 100).toFixed(1)} to ${(m.interval[1] * 100).toFixed(1)} pts` : 'n/a';
      out.push(`| ${name} | ${pct(m.baseline)} | ${pct(m.current)} | ${m.delta === null ? 'n/a' : `${(m.delta * 100).toFixed(1)} pts`} | ${interval} | ${m.pValue === null ? 'n/a' : m.pValue.toPrecision(2)} | ${m.outcome.replace(/_/g, ' ')} |`);
    }
    const flips = (title: string, list: typeof r.regressed) => (list.length ? ['', `**${title}** (${list.length})`, '', ...list.map((f) => `- ${cell(f.caseId)} [${cell(f.model)}]: ${f.baseline} → ${f.current}`)] : []);
    out.push(...flips('Regressed cases', r.regressed), ...flips('Fixed cases', r.fixed));
    if (r.flaky.length) out.push('', `**Flaky** (${r.flaky.length}, left out of the flips)`, '', ...r.flaky.map((f) => `- ${cell(f.caseId)} [${cell(f.model)}]: ${cell(f.reason)}`));
  }
  const wrong = results.cases.filter((c) => c.status === 'completed' && (c.classification === 'FP' || c.classification === 'FN'));
  if (wrong.length) {
    out.push('', `<details><summary>Wrong selections (${wrong.length})</summary>`, '', '| Case | Model | Expected | Selected | Reasons |', '|---|---|---|---|---|');
    for (const c of wrong) out.push(`| ${cell(c.name)} | ${cell(c.model)} | ${cell(c.expected ?? 'none')} | ${cell(c.selected ?? 'none')} | ${cell(c.failureReasons.join(', '))} |`);
    out.push('', '</details>');
  }
  if (errors.length) out.push('', '### Runs that could not complete', '', ...errors.map((c) => `- ${cell(c.name)} [${cell(c.model)}]: ${cell(c.error ?? '')}`));
  return `${out.join('\n')}\n`;
}
