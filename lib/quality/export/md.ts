import { escapeMarkdown } from '../../similarity/report/escape';
import type { Finding } from '../types';
import type { LintExport } from './types';

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

function findingRows(findings: Finding[]): string[] {
  return [...findings]
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
    .map((f) => `| ${f.severity} | \`${f.ruleId}\` | ${escapeMarkdown(f.message)} | ${escapeMarkdown(f.fix)} |`);
}

/** A readable report: servers by score, then every tool with findings, worst first. */
export const mdExport: LintExport = {
  id: 'md',
  description: 'A Markdown report: scores per server and findings per tool.',
  contentType: 'text/markdown; charset=utf-8',
  fileExtension: 'md',
  render(report) {
    const s = report.summary;
    const lines = [
      '# Description quality lint',
      '',
      `${s.toolCount} tools on ${s.serverCount} servers; mean tool score ${s.meanToolScore} of 100; ${s.bySeverity.error} errors, ${s.bySeverity.warning} warnings, ${s.bySeverity.info} notes.`,
      '',
      '## Servers',
      '',
      '| server | tools | score | server findings |',
      '|---|---|---|---|',
      ...[...report.servers]
        .sort((a, b) => a.score - b.score)
        .map((sv) => `| ${escapeMarkdown(sv.name || '(no server)')} | ${sv.toolCount} | ${sv.score} | ${sv.findings.map((f) => `\`${f.ruleId}\``).join(', ') || 'none'} |`),
    ];
    for (const sv of report.servers.filter((x) => x.findings.length)) {
      lines.push('', `### ${escapeMarkdown(sv.name || '(no server)')}`, '', '| severity | rule | finding | fix |', '|---|---|---|---|', ...findingRows(sv.findings));
    }
    lines.push('', '## Tools', '');
    const tools = [...report.tools].filter((t) => t.findings.length).sort((a, b) => a.score - b.score);
    if (!tools.length) lines.push('No findings.');
    for (const t of tools) {
      lines.push(`### ${escapeMarkdown(t.id)} (score ${t.score})`, '', '| severity | rule | finding | fix |', '|---|---|---|---|', ...findingRows(t.findings), '');
    }
    return `${lines.join('\n').trimEnd()}\n`;
  },
};
