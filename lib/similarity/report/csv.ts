import { createYielder } from '@/lib/event-loop';
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
const ROWS_PER_CHUNK = 2000;

function pairLine(row: PairRow, withFull: boolean): string {
  const cells = [csvText(row.toolA), csvText(row.toolB), csvNumber(row.similarity)];
  if (withFull) cells.push(row.fullSimilarity === undefined ? '' : csvNumber(row.fullSimilarity));
  cells.push(row.flagged ? 'true' : 'false');
  return line(cells);
}

/** Pulls one chunk of lines at a time, so millions of rows never sit in memory together. */
function streamLines(header: string, lines: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  // A reader that keeps up pulls again in a microtask: without a turn of the event loop
  // between chunks, streaming millions of rows held every other request.
  const pause = createYielder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await pause();
      let chunk = headerSent ? '' : header;
      headerSent = true;
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const next = lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

function* mapIterable<T, R>(items: Iterable<T>, fn: (item: T) => R): Generator<R> {
  for (const item of items) yield fn(item);
}

export const csvReport: ReportFormat = {
  id: 'csv',
  description: 'CSV (RFC 4180), streamed: every pair (table=pairs: toolA, toolB, similarity, fullSimilarity, flagged) or the similarity matrix (table=matrix)',
  contentType: 'text/csv; charset=utf-8',
  fileExtension: 'csv',
  render(data, { table }) {
    if (table === 'matrix') {
      const header = line(['tool', ...data.result.tools.map((t) => csvText(t.id))]);
      return streamLines(header, mapIterable(data.matrixRows(), (row) => line([csvText(row.tool), ...Array.from(row.values, csvNumber)])));
    }
    const withFull = data.hasFullSimilarity;
    const header = line(['toolA', 'toolB', 'similarity', ...(withFull ? ['fullSimilarity'] : []), 'flagged']);
    return streamLines(header, mapIterable(data.pairRows(), (row) => pairLine(row, withFull)));
  },
};
