import { ValidationError } from '@/lib/errors';
import { csvFormat } from './csv';
import { jsonFormat } from './json';
import { jsonlFormat } from './jsonl';
import type { TestCaseFormat, TestCaseFormatId } from './types';

export const TEST_CASE_FORMATS: Record<TestCaseFormatId, TestCaseFormat> = {
  json: jsonFormat,
  jsonl: jsonlFormat,
  csv: csvFormat,
};

export function getTestCaseFormat(id: string): TestCaseFormat {
  if (Object.hasOwn(TEST_CASE_FORMATS, id)) return TEST_CASE_FORMATS[id as TestCaseFormatId];
  const known = Object.keys(TEST_CASE_FORMATS);
  throw new ValidationError(`Unknown test case format '${id}'; known formats: ${known.join(', ')}`, { format: id, known }, 'unknown_format');
}

const FORMAT_BY_MEDIA_TYPE: Record<string, TestCaseFormatId> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/json': 'json',
};

/** The Content-Type wins when it names a format; otherwise (text/plain, octet-stream, none) the first character decides. */
export function detectTestCaseFormat(contentType: string | null, text: string): TestCaseFormatId {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = Object.hasOwn(FORMAT_BY_MEDIA_TYPE, mediaType) ? FORMAT_BY_MEDIA_TYPE[mediaType] : undefined;
  if (declared) return declared;
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '[') return 'json';
  if (first === '{') return 'jsonl';
  return 'csv';
}
