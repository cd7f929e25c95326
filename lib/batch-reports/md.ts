import { escapeMarkdown as m } from '../similarity/report/escape';
import { callMetricsLine, callsText, confidenceSourceNotes, confidenceText, modelLabel, modelMetricsLabel, percent, topConfusions } from './format';
import type { BatchReportData, BatchReportFormat, BatchReportRun } from './types';

/** Beyond this many runs the Markdown lists the failing ones only (the CSV and JSON keep every run). */
export const MD_MAX_RUNS = 1000;

const tableRow = (cells: string[]) => `| ${cells.join(' | ')} |\n`;
const separator = (n: number, numeric: ReadonlySet<number> = new Set()) => tableRow(Array.from({ length: n }, (_, i) => (numeric.has(i) ? '---:' : '---')));

function verdict(run: BatchReportRun): string {
  if (run.classification === null) return m(run.status);
  return `${run.classification} (${run.classification === 'TP' || run.classification === 'TN' ? 'correct' : 'wrong'})`;
}

/** Markdown for a PR comment or a wiki page: headline figures, per model, confusions, the runs. */
export function* renderMarkdown(data: BatchReportData): Generator<string> {
  const b = data.batch;
  const s = data.summary;
  yield `# Batch report: ${m(b.name)}\n\n`;
  yield `Batch [${m(b.id)}](<${b.url}>) · ${m(b.status)} · created ${m(b.createdAt)} · ${b.samples} sample(s) per run · generated ${m(data.generatedAt)}\n\n`;
  yield tableRow(['F1', 'Precision', 'Recall', 'Accuracy', 'Argument correctness', 'Judged runs']);
  yield separator(6, new Set([0, 1, 2, 3, 4, 5]));
  yield tableRow([percent(s.f1), percent(s.precision), percent(s.recall), percent(s.accuracy), percent(s.parameters.correctness), `${s.counts.total} of ${data.runs.length}`]);
  yield `\nTP ${s.counts.tp} · FP ${s.counts.fp} · TN ${s.counts.tn} · FN ${s.counts.fn}\n\n## Per model\n\n`;
  if (s.byModel.length === 0) yield 'No judged runs yet.\n';
  else {
    yield tableRow(['Model', 'Runs', 'TP', 'FP', 'TN', 'FN', 'Precision', 'Recall', 'F1', 'Accuracy']);
    yield separator(10, new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    for (const x of s.byModel) {
      yield tableRow([m(modelMetricsLabel(x)), ...[x.counts.total, x.counts.tp, x.counts.fp, x.counts.tn, x.counts.fn].map(String), ...[x.precision, x.recall, x.f1, x.accuracy].map(percent)]);
    }
  }
  if (s.calls) yield `\n## Sequence runs\n\n${callMetricsLine(s.calls)}\n`;
  const confusions = topConfusions(s.confusionMatrix.cells);
  yield '\n## Most frequent mis-selections\n\n';
  if (confusions.length === 0) yield 'None.\n';
  else {
    yield tableRow(['Expected', 'Selected instead', 'Runs']);
    yield separator(3, new Set([2]));
    for (const c of confusions) yield tableRow([m(c.expected), m(c.selected), String(c.count)]);
  }
  const wrong = data.runs.filter((r) => r.classification !== 'TP' && r.classification !== 'TN');
  const shown = data.runs.length > MD_MAX_RUNS ? wrong.slice(0, MD_MAX_RUNS) : data.runs;
  yield `\n## Runs (${data.runs.length})\n\n`;
  if (shown.length < data.runs.length) yield `The ${shown.length} runs that are not correct; the CSV and JSON reports have all ${data.runs.length}.\n\n`;
  if (shown.length === 0) {
    yield 'No runs.\n';
    return;
  }
  // Confidence, calls and the source notes are built from numbers and fixed words only: nothing to escape.
  // The Calls column (per-call figures and steps) only when the batch has sequence runs.
  const sequence = shown.some((r) => r.calls !== null);
  yield tableRow(['Test case', 'Model', 'Verdict', 'Expected', 'Selected', 'Confidence', 'Arguments', ...(sequence ? ['Calls'] : [])]);
  yield separator(sequence ? 8 : 7, new Set([5, 6]));
  for (const r of shown) {
    yield tableRow([
      `[${m(r.testCaseName)}](<${r.url}>)`,
      m(modelLabel(r.provider, r.model)),
      verdict(r),
      m(r.expected),
      r.selected === null ? '—' : m(r.selected),
      confidenceText(r),
      percent(r.argumentScore),
      ...(sequence ? [callsText(r)] : []),
    ]);
  }
  const notes = confidenceSourceNotes(shown);
  if (notes.length > 0) yield `\nWhere each confidence comes from: ${notes.join('; ')}.\n`;
}

export const markdownReport: BatchReportFormat = {
  id: 'md',
  description: 'Markdown: headline figures, per-model table, most frequent mis-selections and the runs (linked)',
  contentType: 'text/markdown; charset=utf-8',
  fileExtension: 'md',
  render: (data) => renderMarkdown(data),
};
