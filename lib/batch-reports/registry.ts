import { ValidationError } from '../errors';
import { csvReport } from './csv';
import { htmlReport } from './html';
import { jsonReport } from './json';
import { markdownReport } from './md';
import type { BatchReportFormat, BatchReportFormatId } from './types';

export const BATCH_REPORT_FORMATS: Record<BatchReportFormatId, BatchReportFormat> = {
  html: htmlReport,
  md: markdownReport,
  csv: csvReport,
  json: jsonReport,
};

export function getBatchReportFormat(id: string): BatchReportFormat {
  if (Object.hasOwn(BATCH_REPORT_FORMATS, id)) return BATCH_REPORT_FORMATS[id as BatchReportFormatId];
  const known = Object.keys(BATCH_REPORT_FORMATS);
  throw new ValidationError(`Unknown report format '${id}'; known formats: ${known.join(', ')}`, { format: id, known }, 'unknown_format');
}
