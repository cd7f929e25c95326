import type { Issue } from '../recommend/types';
import { escapeHtml as h } from './escape';
import { renderHeatmap } from './heatmap-svg';
import { streamParts } from './stream';
import type { ReportData, ReportFormat } from './types';

const MAX_PAIRS = 500;

/*
 * A standalone file: no scripts, no external assets, and a CSP that forbids both, so even a
 * description that slipped past escaping could not run or phone home. All tool text goes
 * through escapeHtml.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d2433;max-width:1200px}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #dde;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #dde;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f4f5f8}.num{text-align:right;font-variant-numeric:tabular-nums}
.flag{color:#a50f15;font-weight:600}.muted{color:#667}.issue{border:1px solid #dde;border-radius:6px;padding:8px 12px;margin:10px 0}
.high{border-left:4px solid #a50f15}.medium{border-left:4px solid #e6820e}.low{border-left:4px solid #9aa}
.before{background:#fff4f4}.after{background:#f2fbf2}.desc{padding:6px 8px;border-radius:4px;white-space:pre-wrap;margin:4px 0}
.heatmap{overflow:auto;border:1px solid #eee;padding:8px}code{font-size:12px}
`;

function row(cells: string[], tag = 'td'): string {
  return `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
}

function summary(data: ReportData): string {
  const r = data.result;
  const items: [string, string][] = [
    ['Method', r.method],
    ['Embedding model', r.embeddingModel ?? 'none'],
    ['Why this model', r.embeddingReason],
    ['Threshold', String(r.threshold)],
    ['Tools', String(r.stats.toolCount)],
    ['Pairs', String(r.stats.pairCount)],
    ['Flagged pairs', String(r.stats.flaggedCount)],
    ['Clusters', String(r.stats.clusterCount)],
  ];
  return `<table>${items.map(([k, v]) => row([h(k), h(v)])).join('')}</table>`;
}

function* pairsSection(data: ReportData): Generator<string> {
  const flagged = data.result.pairs.filter((p) => p.flagged);
  if (flagged.length === 0) {
    yield `<p>No pair reaches the threshold ${data.result.threshold}.</p>`;
    return;
  }
  const withFull = flagged.some((p) => p.fullSimilarity !== undefined);
  yield `<table>${row(['Tool A', 'Tool B', 'Similarity', ...(withFull ? ['With parameters'] : [])], 'th')}`;
  for (const p of flagged.slice(0, MAX_PAIRS)) {
    yield `<tr><td>${h(p.toolA)}</td><td>${h(p.toolB)}</td><td class="num flag">${p.similarity}</td>${withFull ? `<td class="num">${p.fullSimilarity ?? ''}</td>` : ''}</tr>`;
  }
  yield '</table>';
  if (flagged.length > MAX_PAIRS) yield `<p class="muted">${flagged.length - MAX_PAIRS} more in the JSON or CSV report.</p>`;
}

function clustersSection(data: ReportData): string {
  const { clusters } = data.result;
  if (clusters.length === 0) return '<p>No cluster of confusable tools.</p>';
  return `<ol>${clusters.map((c) => `<li>${c.size} tools (similarity ${c.minSimilarity}–${c.maxSimilarity}): ${c.tools.map(h).join(', ')}</li>`).join('')}</ol>`;
}

function issueBlock(issue: Issue, before: string): string {
  const changed = issue.revisedDescription !== before;
  return [
    `<div class="issue ${issue.priority}">`,
    `<div><strong>${h(issue.type)}</strong> · ${h(issue.priority)} · ${h(issue.tool)}${issue.relatedTools.length ? ` <span class="muted">(confused with ${issue.relatedTools.map(h).join(', ')})</span>` : ''}</div>`,
    `${issue.recommendation ? `<p>${h(issue.recommendation)}</p>` : ''}<p class="muted">${h(issue.rationale)}</p>`,
    changed ? `<div>Before</div><div class="desc before">${h(before)}</div><div>After</div><div class="desc after">${h(issue.revisedDescription)}</div>` : '',
    issue.applyCommands.length ? `<details><summary>Apply commands (JSON Patch)</summary><pre><code>${h(JSON.stringify(issue.applyCommands, null, 2))}</code></pre></details>` : '',
    '</div>',
  ].join('');
}

function* recommendationsSection(data: ReportData): Generator<string> {
  const recs = data.result.recommendations;
  if (!recs) {
    yield '<p class="muted">Not requested (includeRecommendations: false).</p>';
    return;
  }
  if (recs.issues.length === 0) {
    yield '<p>No issues found.</p>';
    return;
  }
  const before = new Map(recs.revisions.map((v) => [v.tool, v.before]));
  yield `<p class="muted">Revised by ${h(recs.revisedBy)}.</p>${recs.notes.map((n) => `<p class="muted">${h(n)}</p>`).join('')}`;
  for (const issue of recs.issues) yield issueBlock(issue, before.get(issue.tool) ?? '');
}

/** The page as parts, each small, so the stream can let other requests in between them. */
function* pageParts(data: ReportData): Generator<string> {
  const r = data.result;
  const hm = data.heatmap;
  const subset = hm.shownTools < hm.totalTools ? ` (the ${hm.shownTools} most confusable of ${hm.totalTools} tools)` : '';
  const weights = `semantic ${hm.weights.semantic.toFixed(2)}, parameters ${hm.weights.parameters.toFixed(2)}, description ${hm.weights.description.toFixed(2)}`;
  yield [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${h(CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Tool similarity report</title><style>${STYLE}</style></head><body>`,
    `<h1>Tool similarity report</h1><p class="muted">Generated ${h(data.generatedAt)}</p>`,
    summary(data),
    '',
  ].join('\n');
  yield `${r.errors.length ? `<h2>Sources that could not be listed</h2><ul>${r.errors.map((e) => `<li>${h(e.source)}: ${h(e.message)}</li>`).join('')}</ul>` : ''}\n`;
  yield `${r.warnings.length ? `<h2>Notes</h2><ul>${r.warnings.map((w) => `<li>${h(w)}</li>`).join('')}</ul>` : ''}\n`;
  yield `<h2>Similarity heatmap${h(subset)}</h2><p class="muted">Coloured by similarity, the score that flags (outlined: at or above ${h(String(r.threshold))}); hover a cell for the weighted overlap (${h(weights)}) and its dimensions.</p>\n`;
  yield `<div class="heatmap">${renderHeatmap(hm, r.threshold)}</div>\n`;
  yield `<h2>Flagged pairs (${r.stats.flaggedCount})</h2>\n`;
  yield* pairsSection(data);
  yield `\n<h2>Clusters (${r.clusters.length})</h2>\n`;
  yield clustersSection(data);
  yield '\n<h2>Recommendations</h2>\n';
  yield* recommendationsSection(data);
  yield '\n</body></html>\n';
}

export const htmlReport: ReportFormat = {
  id: 'html',
  description: 'A standalone HTML page: summary, inline SVG heatmap of the overlap matrix, flagged pairs, clusters, recommendations with before/after',
  contentType: 'text/html; charset=utf-8',
  fileExtension: 'html',
  render(data) {
    return streamParts(pageParts(data));
  },
};
