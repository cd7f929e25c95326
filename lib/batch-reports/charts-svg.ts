import type { ConfusionCounts } from '../metrics/rates';
import type { ModelMetrics } from '../metrics/summary';
import { escapeHtml as h } from '../similarity/report/escape';
import { modelMetricsLabel, percent } from './format';

/*
 * Inline SVG charts for the standalone HTML report. Colours come from classes the report's
 * stylesheet defines for both colour schemes; every bar carries its value as text, so no
 * figure is told by colour alone. Labels are escaped (model names are user input).
 */

const SERIES = [
  { key: 'precision', label: 'Precision', cls: 'bar-p' },
  { key: 'recall', label: 'Recall', cls: 'bar-r' },
  { key: 'f1', label: 'F1', cls: 'bar-f' },
] as const;

const LABEL_W = 220;
const BAR_W = 360;
const BAR_H = 14;
/** Room right of the bars for the longest value label ("Precision 100.0%"). */
const VALUE_W = 130;
const GAP = 4;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Grouped horizontal bars: precision, recall and F1 per model, 0-100%. */
export function modelBarsSvg(models: readonly ModelMetrics[]): string {
  if (models.length === 0) return '<p class="muted">No judged runs yet.</p>';
  const group = SERIES.length * (BAR_H + GAP) + 12;
  const height = 24 + models.length * group;
  const width = LABEL_W + BAR_W + VALUE_W;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-labelledby="model-bars-title">`,
    '<title id="model-bars-title">Precision, recall and F1 per model</title>',
  ];
  SERIES.forEach((s, i) => {
    parts.push(`<rect class="${s.cls}" x="${LABEL_W + i * 90}" y="2" width="10" height="10"/><text class="axis" x="${LABEL_W + i * 90 + 14}" y="11">${s.label}</text>`);
  });
  models.forEach((m, mi) => {
    const top = 24 + mi * group;
    const name = modelMetricsLabel(m);
    parts.push(`<text class="label" x="0" y="${top + BAR_H + 6}"><title>${h(name)}</title>${h(truncate(name, 30))}</text>`);
    SERIES.forEach((s, si) => {
      const value = m[s.key];
      const y = top + si * (BAR_H + GAP);
      const w = value === null ? 0 : Math.round(value * BAR_W);
      parts.push(
        `<rect class="track" x="${LABEL_W}" y="${y}" width="${BAR_W}" height="${BAR_H}"/>`,
        `<rect class="${s.cls}" x="${LABEL_W}" y="${y}" width="${w}" height="${BAR_H}"><title>${h(name)} ${s.label}: ${percent(value)}</title></rect>`,
        `<text class="value" x="${LABEL_W + BAR_W + 6}" y="${y + BAR_H - 3}">${s.label} ${percent(value)}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

const CONFUSION = [
  { key: 'tp', label: 'TP', cls: 'seg-ok' },
  { key: 'tn', label: 'TN', cls: 'seg-ok2' },
  { key: 'fp', label: 'FP', cls: 'seg-bad' },
  { key: 'fn', label: 'FN', cls: 'seg-bad2' },
] as const;

/** One stacked bar of TP / TN / FP / FN with each count and share written out. */
export function confusionBarSvg(counts: ConfusionCounts): string {
  if (counts.total === 0) return '<p class="muted">No judged runs yet.</p>';
  const width = 600;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 ${width} 64" width="${width}" height="64" aria-labelledby="confusion-title">`,
    `<title id="confusion-title">${CONFUSION.map((c) => `${c.label} ${counts[c.key]}`).join(', ')} of ${counts.total} judged runs</title>`,
  ];
  let x = 0;
  for (const c of CONFUSION) {
    const n = counts[c.key];
    const w = (n / counts.total) * width;
    if (w > 0) parts.push(`<rect class="${c.cls}" x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="28"><title>${c.label}: ${n}</title></rect>`);
    x += w;
  }
  CONFUSION.forEach((c, i) => {
    const n = counts[c.key];
    parts.push(`<rect class="${c.cls}" x="${i * 150}" y="40" width="10" height="10"/><text class="axis" x="${i * 150 + 14}" y="49">${c.label} ${n} (${percent(n / counts.total)})</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}
