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

/** Column labels run up at 45 degrees above the grid; this is the room they need. */
const COLUMN_LABEL_HEIGHT = 170;
/** Cells at least this wide print their value. */
const VALUE_CELL = 24;

const cellValue = (v: number) => v.toFixed(2).replace(/^0/, '');

/**
 * Coloured by the reported similarity (the score that flags), so a cell's colour and its
 * flagged outline agree; the weighted overlap and its dimensions are in each cell's title.
 * Rows and columns are labelled, and cells large enough print their similarity.
 */
export function renderHeatmap(m: OverlapMatrix, threshold?: number): string {
  const n = m.tools.length;
  if (n === 0) return '';
  const cell = Math.max(4, Math.min(28, Math.floor(SIZE / n)));
  const labels = cell >= 10;
  const left = labels ? LABEL_WIDTH : 0;
  const top = labels ? COLUMN_LABEL_HEIGHT : 0;
  const width = left + n * cell + (labels ? LABEL_WIDTH / 2 : 0);
  const height = top + n * cell + 4;
  const font = Math.min(12, cell - 2);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Similarity heatmap of ${n} tools">`,
  ];
  if (labels) {
    m.tools.forEach((colId, c) => {
      const x = left + c * cell + cell * 0.65;
      parts.push(`<text x="${x}" y="${top - 6}" transform="rotate(-45 ${x} ${top - 6})" font-size="${font}">${h(label(colId))}</text>`);
    });
  }
  m.tools.forEach((rowId, r) => {
    const y = top + r * cell;
    if (labels) parts.push(`<text x="${left - 6}" y="${y + cell * 0.7}" text-anchor="end" font-size="${font}">${h(label(rowId))}</text>`);
    m.tools.forEach((colId, c) => {
      const x = left + c * cell;
      if (r === c) {
        parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#eee"><title>${h(`${rowId} (itself)`)}</title></rect>`);
        return;
      }
      const similarity = m.dimensions.similarity[r]?.[c] ?? 0;
      const flagged = threshold !== undefined && similarity >= threshold;
      const overlap = m.matrix[r]?.[c] ?? 0;
      const dims = [dimension('semantic', m.dimensions.semantic?.[r]?.[c]), dimension('parameters', m.dimensions.parameters[r]?.[c]), dimension('description', m.dimensions.description[r]?.[c])].join(', ');
      const title = `${rowId} × ${colId}: similarity ${similarity}${flagged ? ' (flagged)' : ''}; overlap ${overlap} (${dims})`;
      const outline = flagged ? ' stroke="#111" stroke-width="2"' : '';
      parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${heatColor(similarity)}"${outline}><title>${h(title)}</title></rect>`);
      if (cell >= VALUE_CELL) {
        const ink = similarity > 0.6 ? '#fff' : '#222';
        parts.push(`<text x="${x + cell / 2}" y="${y + cell * 0.65}" text-anchor="middle" font-size="9" fill="${ink}" pointer-events="none">${cellValue(similarity)}</text>`);
      }
    });
  });
  parts.push('</svg>');
  return parts.join('');
}
