import type { LintReport } from './lint';
import type { Severity } from './types';

export type PrevalenceRow = { ruleId: string; severity: Severity; category: string; count: number; share: number };

/** Per rule, how many tools (server rules: servers) have the finding and which share of them that is. */
export function prevalence(report: LintReport): { rows: PrevalenceRow[]; anyFinding: number; anyRubric: number; anyWarningOrError: number } {
  const rubric = new Set(report.rules.filter((r) => r.category === 'rubric').map((r) => r.id));
  const rows = report.rules.map((r) => {
    const count = report.summary.byRule[r.id] ?? 0;
    const of = r.scope === 'server' ? report.summary.serverCount : report.summary.toolCount;
    return { ruleId: r.id, severity: r.severity, category: r.category, count, share: of ? count / of : 0 };
  });
  const n = report.tools.length || 1;
  return {
    rows,
    anyFinding: report.tools.filter((t) => t.findings.length > 0).length / n,
    anyRubric: report.tools.filter((t) => t.findings.some((f) => rubric.has(f.ruleId))).length / n,
    anyWarningOrError: report.tools.filter((t) => t.findings.some((f) => f.severity !== 'info')).length / n,
  };
}
