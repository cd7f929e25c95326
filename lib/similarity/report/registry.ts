import { ValidationError } from '../../errors';
import { csvReport } from './csv';
import { htmlReport } from './html';
import { jsonReport } from './json';
import { markdownReport } from './md';
import type { ReportFormat, ReportFormatId } from './types';

export const REPORT_FORMATS: Record<ReportFormatId, ReportFormat> = {
  json: jsonReport,
  csv: csvReport,
  md: markdownReport,
  html: htmlReport,
};

export function getReportFormat(id: string): ReportFormat {
  if (Object.hasOwn(REPORT_FORMATS, id)) return REPORT_FORMATS[id as ReportFormatId];
  const known = Object.keys(REPORT_FORMATS);
  throw new ValidationError(`Unknown report format '${id}'; known formats: ${known.join(', ')}`, { format: id, known }, 'unknown_format');
}
