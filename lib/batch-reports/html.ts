import { escapeHtml as h } from '../similarity/report/escape';
import { confusionBarSvg, modelBarsSvg } from './charts-svg';
import { callMetricsLine, callsText, confidenceSourceNotes, confidenceText, modelLabel, modelMetricsLabel, percent, topConfusions } from './format';
import type { BatchReportData, BatchReportFormat, BatchReportRun } from './types';

/** Beyond this many runs the page lists the failing ones only (the CSV and JSON keep every run). */
export const HTML_MAX_RUNS = 2000;

/*
 * A standalone file: no scripts, no external assets, a CSP that forbids both, so text that
 * slipped past escaping could neither run nor phone home. Every value from a test case, a
 * model or a server goes through escapeHtml. The colours are the app's (globals.css), light
 * and dark after the reader's system setting.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
:root{--bg:#f7f7f8;--fg:#1d1d22;--muted:#5f6270;--card:#fff;--line:#e2e3e8;--ok:#127a3a;--ok-bg:#e3f5e9;--bad:#a61b1b;--bad-bg:#fbe6e6;--accent:#3148c8;--accent-soft:#8f9de6;--idle:#b08d00;--surface:#f7f8fb;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#121318;--fg:#e8e9ee;--muted:#a9acba;--card:#1b1d24;--line:#373a47;--ok:#6bd694;--ok-bg:#15301f;--bad:#ff9492;--bad-bg:#3b1819;--accent:#93a6ff;--accent-soft:#5d6fc4;--idle:#d4b13a;--surface:#20232b}}
*{box-sizing:border-box}
body{font:14px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;padding:24px;color:var(--fg);background:var(--bg);max-width:1200px}
a{color:var(--accent)}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid var(--line);padding-bottom:4px}
.muted{color:var(--muted)}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin:16px 0}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px}.card .value{font-size:24px;font-weight:700}.card .label{color:var(--muted);font-size:13px}
.wrap{overflow-x:auto}
table{border-collapse:collapse;margin:8px 0;background:var(--card);border:1px solid var(--line);width:100%}
td,th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}th{color:var(--muted);font-size:13px}
.num{text-align:right;font-variant-numeric:tabular-nums}
.v-ok{color:var(--ok);font-weight:600}.v-bad{color:var(--bad);font-weight:600}
.chart{max-width:100%;height:auto;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px}
.chart text{fill:var(--fg);font-size:12px}.chart .axis{fill:var(--muted)}.chart .track{fill:var(--surface)}
.bar-p{fill:var(--accent)}.bar-r{fill:var(--accent-soft)}.bar-f{fill:var(--ok)}
.seg-ok{fill:var(--ok)}.seg-ok2{fill:var(--accent-soft)}.seg-bad{fill:var(--idle)}.seg-bad2{fill:var(--bad)}
details{margin-top:2px}summary{cursor:pointer;color:var(--muted)}.reason{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}
.err{color:var(--bad);overflow-wrap:anywhere}
`;

function row(cells: string[], tag = 'td'): string {
  return `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
}

function num(cell: string): string {
  return `<td class="num">${cell}</td>`;
}

function verdict(run: BatchReportRun): string {
  if (run.classification === null) return h(run.status);
  const ok = run.classification === 'TP' || run.classification === 'TN';
  return `<span class="${ok ? 'v-ok' : 'v-bad'}">${run.classification} (${ok ? 'correct' : 'wrong'})</span>`;
}

function cards(data: BatchReportData): string {
  const s = data.summary;
  const items: [string, string][] = [
    ['F1', percent(s.f1)],
    ['Precision', percent(s.precision)],
    ['Recall', percent(s.recall)],
    ['Accuracy', percent(s.accuracy)],
    ['Argument correctness', percent(s.parameters.correctness)],
    ['Runs judged', `${s.counts.total} of ${data.runs.length}`],
  ];
  return `<div class="cards">${items.map(([k, v]) => `<div class="card"><div class="value">${h(v)}</div><div class="label">${h(k)}</div></div>`).join('')}</div>`;
}

function modelTable(data: BatchReportData): string {
  const models = data.summary.byModel;
  if (models.length === 0) return '';
  const head = row(['Model', 'Runs', 'TP', 'FP', 'TN', 'FN', 'Precision', 'Recall', 'F1', 'Accuracy', 'Mean latency'], 'th');
  const body = models
    .map(
      (m) =>
        `<tr><td>${h(modelMetricsLabel(m))}</td>${[m.counts.total, m.counts.tp, m.counts.fp, m.counts.tn, m.counts.fn].map((n) => num(String(n))).join('')}${[m.precision, m.recall, m.f1, m.accuracy].map((x) => num(percent(x))).join('')}${num(m.meanLatencyMs === null ? '—' : `${Math.round(m.meanLatencyMs)} ms`)}</tr>`,
    )
    .join('');
  return `<div class="wrap"><table>${head}${body}</table></div>`;
}

function confusionList(data: BatchReportData): string {
  const top = topConfusions(data.summary.confusionMatrix.cells);
  if (top.length === 0) return '<p>No mis-selection: every judged run chose the expected tool (or correctly none).</p>';
  return `<div class="wrap"><table>${row(['Expected', 'Selected instead', 'Runs'], 'th')}${top.map((c) => `<tr><td>${h(c.expected)}</td><td>${h(c.selected)}</td>${num(String(c.count))}</tr>`).join('')}</table></div>`;
}

function runRow(run: BatchReportRun, sequence: boolean): string {
  const details = [
    run.error ? `<div class="err">${h(run.error)}</div>` : '',
    run.reasoning ? `<details><summary>Reasoning</summary><div class="reason">${h(run.reasoning)}</div></details>` : '',
  ].join('');
  return [
    '<tr>',
    `<td><a href="${h(run.url)}">${h(run.testCaseName)}</a>${details}</td>`,
    `<td>${h(modelLabel(run.provider, run.model))}</td>`,
    `<td>${verdict(run)}</td>`,
    `<td>${h(run.expected)}</td>`,
    `<td>${run.selected === null ? '—' : h(run.selected)}</td>`,
    num(h(confidenceText(run))),
    num(percent(run.argumentScore)),
    sequence ? num(h(callsText(run))) : '',
    num(run.latencyMs === null ? '—' : `${run.latencyMs} ms`),
    '</tr>',
  ].join('');
}

function* runsSection(data: BatchReportData): Generator<string> {
  const all = data.runs;
  const shown = all.length > HTML_MAX_RUNS ? all.filter((r) => r.classification !== 'TP' && r.classification !== 'TN').slice(0, HTML_MAX_RUNS) : all;
  yield `<h2>Runs (${all.length})</h2>`;
  if (shown.length < all.length) yield `<p class="muted">${all.length} runs: the ${shown.length} that are not correct are listed; the CSV and JSON reports have every run.</p>`;
  if (shown.length === 0) {
    yield '<p>No runs.</p>';
    return;
  }
  // The Calls column (per-call figures and steps) only when the batch has sequence runs.
  const sequence = shown.some((r) => r.calls !== null);
  yield `<div class="wrap"><table>${row(['Test case', 'Model', 'Verdict', 'Expected', 'Selected', 'Confidence', 'Arguments', ...(sequence ? ['Calls'] : []), 'Latency'], 'th')}`;
  for (const run of shown) yield runRow(run, sequence);
  yield '</table></div>';
  const notes = confidenceSourceNotes(shown);
  if (notes.length > 0) yield `<p class="muted" data-testid="confidence-sources">Where each confidence comes from: ${notes.map(h).join('; ')}.</p>`;
}

export function* renderHtml(data: BatchReportData): Generator<string> {
  const b = data.batch;
  const models = [...new Set(data.runs.map((r) => modelLabel(r.provider, r.model)))];
  yield [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${h(CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${h(b.name)} · batch report</title><style>${STYLE}</style></head><body>`,
    `<h1>${h(b.name)}</h1>`,
    `<p class="muted">Batch <a href="${h(b.url)}">${h(b.id)}</a> · ${h(b.status)} · created ${h(b.createdAt)}${b.completedAt ? ` · completed ${h(b.completedAt)}` : ''} · ${b.samples} sample(s) per run · report generated ${h(data.generatedAt)}</p>`,
    `<p>Models: ${models.length ? models.map(h).join(', ') : '—'}</p>`,
    cards(data),
    '<h2>Per model</h2>',
    modelBarsSvg(data.summary.byModel),
    modelTable(data),
    data.summary.calls ? `<h2>Sequence runs</h2><p data-testid="sequence-calls">${h(callMetricsLine(data.summary.calls))}</p>` : '',
    '<h2>Confusion summary</h2>',
    confusionBarSvg(data.summary.counts),
    '<h3>Most frequent mis-selections</h3>',
    confusionList(data),
    '',
  ].join('\n');
  yield* runsSection(data);
  yield '\n</body></html>\n';
}

export const htmlReport: BatchReportFormat = {
  id: 'html',
  description: 'A standalone HTML page in the app’s look (light and dark): headline figures, per-model precision/recall/F1 bars and table, the confusion summary as an SVG chart, and every run with its verdict and reasoning',
  contentType: 'text/html; charset=utf-8',
  fileExtension: 'html',
  render: (data) => renderHtml(data),
};
