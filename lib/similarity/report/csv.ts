import { mapIterable, prepend, streamParts } from './stream';
import type { PairRow, ReportFormat } from './types';

/*
 * RFC 4180 with the spreadsheet formula-injection guard of lib/test-cases/formats/csv.ts: a
 * text cell starting with = + - @ TAB or CR (or quotes then one) gets a leading single
 * quote, which spreadsheets read as "this is text". Numbers are written as numbers.
 */
const FORMULA_TRIGGER = /^'*[=+\-@\t\r]/;

export function csvText(cell: string): string {
  const guarded = FORMULA_TRIGGER.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const csvNumber = (x: number) => String(Math.round(x * 10_000) / 10_000);
const line = (cells: string[]) => `${cells.join(',')}\r\n`;

function pairLine(row: PairRow, withFull: boolean): string {
  const cells = [csvText(row.toolA), csvText(row.toolB), csvNumber(row.similarity)];
  if (withFull) cells.push(row.fullSimilarity === undefined ? '' : csvNumber(row.fullSimilarity));
  cells.push(row.flagged ? 'true' : 'false');
  return line(cells);
}

export const csvReport: ReportFormat = {
  id: 'csv',
  description: 'CSV (RFC 4180), streamed: every pair (table=pairs: toolA, toolB, similarity, fullSimilarity, flagged) or the similarity matrix (table=matrix)',
  contentType: 'text/csv; charset=utf-8',
  fileExtension: 'csv',
  render(data, { table }) {
    if (table === 'matrix') {
      const header = line(['tool', ...data.result.tools.map((t) => csvText(t.id))]);
      return streamParts(prepend(header, mapIterable(data.matrixRows(), (row) => line([csvText(row.tool), ...Array.from(row.values, csvNumber)]))));
    }
    const withFull = data.hasFullSimilarity;
    const header = line(['toolA', 'toolB', 'similarity', ...(withFull ? ['fullSimilarity'] : []), 'flagged']);
    return streamParts(prepend(header, mapIterable(data.pairRows(), (row) => pairLine(row, withFull))));
  },
};
