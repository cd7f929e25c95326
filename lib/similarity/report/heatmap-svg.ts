import type { OverlapMatrix } from '../overlap';
import { escapeHtml as h } from './escape';

/** An inline SVG heatmap of the overlap matrix: one rect per cell, its <title> the tooltip. */

const SIZE = 720;
const LABEL_WIDTH = 220;
const LABEL_CHARS = 34;

/** White (0) to dark red (1), linear in RGB: readable printed and on screen. */
export function heatColor(value: number): string {
  const v = Math.max(0, Math.min(1, value));
  const mix = (from: number, to: number) => Math.round(from + (to - from) * v);
  return `rgb(${mix(255, 165)},${mix(250, 15)},${mix(245, 21)})`;
}

function label(id: string): string {
  return id.length > LABEL_CHARS ? `${id.slice(0, LABEL_CHARS - 1)}…` : id;
}

function dimension(name: string, value: number | null | undefined): string {
  return `${name} ${value === null || value === undefined ? 'n/a' : value}`;
}

export function renderHeatmap(m: OverlapMatrix): string {
  const n = m.tools.length;
  if (n === 0) return '';
  const cell = Math.max(4, Math.min(28, Math.floor(SIZE / n)));
  const labels = cell >= 10;
  const left = labels ? LABEL_WIDTH : 0;
  const width = left + n * cell;
  const height = n * cell + 4;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Overlap heatmap of ${n} tools">`,
  ];
  m.tools.forEach((rowId, r) => {
    if (labels) parts.push(`<text x="${left - 6}" y="${r * cell + cell * 0.7}" text-anchor="end" font-size="${Math.min(12, cell - 2)}">${h(label(rowId))}</text>`);
    m.tools.forEach((colId, c) => {
      const value = m.matrix[r]?.[c] ?? 0;
      const dims =
        r === c
          ? ''
          : ` (${[dimension('semantic', m.dimensions.semantic?.[r]?.[c]), dimension('parameters', m.dimensions.parameters[r]?.[c]), dimension('description', m.dimensions.description[r]?.[c])].join(', ')})`;
      parts.push(
        `<rect x="${left + c * cell}" y="${r * cell}" width="${cell}" height="${cell}" fill="${heatColor(value)}"><title>${h(`${rowId} × ${colId}: overlap ${value}${dims}`)}</title></rect>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('');
}
