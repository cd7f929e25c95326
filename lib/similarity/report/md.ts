import type { Issue } from '../recommend/types';
import { escapeMarkdown as md } from './escape';
import type { ReportData, ReportFormat } from './types';

/** Long tables stop being read; the JSON and CSV exports carry everything. */
const MAX_PAIRS = 200;

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

function summary(data: ReportData): string[] {
  const r = data.result;
  return table(
    ['Item', 'Value'],
    [
      ['Method', md(r.method)],
      ['Embedding model', md(r.embeddingModel ?? 'none')],
      ['Why this model', md(r.embeddingReason)],
      ['Threshold', String(r.threshold)],
      ['Tools', String(r.stats.toolCount)],
      ['Pairs', String(r.stats.pairCount)],
      ['Flagged pairs', String(r.stats.flaggedCount)],
      ['Clusters', String(r.stats.clusterCount)],
    ],
  );
}

function issueBlock(issue: Issue, before: string): string[] {
  return [
    `- **${md(issue.type)}** (${issue.priority}) on ${md(issue.tool)}${issue.relatedTools.length ? `, confused with ${issue.relatedTools.map((t) => md(t)).join(', ')}` : ''}`,
    // An issue may carry a rationale only (nothing specific to advise): no empty line for it.
    ...(issue.recommendation ? [`  - Recommendation: ${md(issue.recommendation)}`] : []),
    `  - Why: ${md(issue.rationale)}`,
    ...(issue.revisedDescription !== before ? [`  - Before: ${md(before)}`, `  - After: ${md(issue.revisedDescription)}`] : []),
  ];
}

export const markdownReport: ReportFormat = {
  id: 'md',
  description: 'Markdown: summary, flagged pairs, clusters and recommendations with before/after descriptions',
  contentType: 'text/markdown; charset=utf-8',
  fileExtension: 'md',
  render(data) {
    const r = data.result;
    const out: string[] = ['# Tool similarity report', '', `Generated ${md(data.generatedAt)}.`, '', ...summary(data), ''];
    if (r.errors.length) out.push('## Sources that could not be listed', '', ...r.errors.map((e) => `- ${md(e.source)}: ${md(e.message)}`), '');
    if (r.warnings.length) out.push('## Notes', '', ...r.warnings.map((w) => `- ${md(w)}`), '');
    const flagged = r.pairs.filter((p) => p.flagged);
    out.push(`## Flagged pairs (${r.stats.flaggedCount})`, '');
    if (flagged.length === 0) out.push(`No pair reaches the threshold ${r.threshold}.`, '');
    else {
      const withFull = flagged.some((p) => p.fullSimilarity !== undefined);
      const rows = flagged.slice(0, MAX_PAIRS).map((p) => [md(p.toolA), md(p.toolB), String(p.similarity), ...(withFull ? [String(p.fullSimilarity ?? '')] : [])]);
      out.push(...table(['Tool A', 'Tool B', 'Similarity', ...(withFull ? ['With parameters'] : [])], rows), '');
      if (flagged.length > MAX_PAIRS) out.push(`(${flagged.length - MAX_PAIRS} more in the JSON or CSV report.)`, '');
    }
    out.push(`## Clusters (${r.clusters.length})`, '');
    if (r.clusters.length === 0) out.push('No cluster of confusable tools.', '');
    for (const c of r.clusters) out.push(`- Cluster ${c.id} (${c.size} tools, similarity ${c.minSimilarity}-${c.maxSimilarity}): ${c.tools.map((t) => md(t)).join(', ')}`);
    if (r.clusters.length) out.push('');
    const recs = r.recommendations;
    if (recs) {
      out.push(`## Recommendations (${recs.issues.length}, revised by ${md(recs.revisedBy)})`, '');
      const before = new Map(recs.revisions.map((v) => [v.tool, v.before]));
      for (const issue of recs.issues) out.push(...issueBlock(issue, before.get(issue.tool) ?? ''));
      if (recs.notes.length) out.push('', ...recs.notes.map((n) => `> ${md(n)}`));
      out.push('');
    }
    return out.join('\n');
  },
};
