import { csvText } from '../similarity/report/csv';
import type { BatchReportFormat, BatchReportRun } from './types';

/*
 * One row per run, RFC 4180. confidenceSource says how the confidence was measured
 * (self_assessment, sample_agreement, local_margin, logprobs); steps and callTP/FP/FN are a
 * sequence run's (empty for a selection run). Text cells go through csvText: a cell starting with = + - @
 * (or TAB/CR) gets a leading single quote, so a test case named "=HYPERLINK(...)" stays
 * text in a spreadsheet. Numbers are written as numbers.
 */
export const CSV_COLUMNS = [
  'runId', 'testCaseId', 'testCaseName', 'provider', 'model', 'status', 'classification', 'correct',
  'expected', 'selected', 'confidence', 'confidenceSource', 'confidenceCategory', 'argumentScore', 'passK', 'samples',
  'steps', 'callTP', 'callFP', 'callFN', 'latencyMs', 'error', 'url', 'createdAt',
] as const;

const numberCell = (x: number | null) => (x === null ? '' : String(Math.round(x * 10_000) / 10_000));
const textCell = (x: string | null) => (x === null ? '' : csvText(x));
const boolCell = (x: boolean | null) => (x === null ? '' : String(x));
const line = (cells: string[]) => `${cells.join(',')}\r\n`;

export function csvRow(r: BatchReportRun): string {
  const correct = r.classification === null ? null : r.classification === 'TP' || r.classification === 'TN';
  return line([
    textCell(r.runId), textCell(r.testCaseId), textCell(r.testCaseName), textCell(r.provider), textCell(r.model), textCell(r.status),
    textCell(r.classification), boolCell(correct), textCell(r.expected), textCell(r.selected), numberCell(r.confidence),
    textCell(r.confidenceSource), textCell(r.confidenceCategory), numberCell(r.argumentScore), boolCell(r.passK), String(r.samples),
    numberCell(r.steps), numberCell(r.calls?.tp ?? null), numberCell(r.calls?.fp ?? null), numberCell(r.calls?.fn ?? null), numberCell(r.latencyMs),
    textCell(r.error), textCell(r.url), textCell(r.createdAt),
  ]);
}

export const csvReport: BatchReportFormat = {
  id: 'csv',
  description: `CSV (RFC 4180), one row per run: ${CSV_COLUMNS.join(', ')}; formula-injection safe`,
  contentType: 'text/csv; charset=utf-8',
  fileExtension: 'csv',
  *render(data) {
    yield line([...CSV_COLUMNS]);
    for (const r of data.runs) yield csvRow(r);
  },
};
