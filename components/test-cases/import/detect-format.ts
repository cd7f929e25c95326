import type { TestCaseFormat } from '../api';

const BY_EXTENSION: Record<string, TestCaseFormat> = { json: 'json', jsonl: 'jsonl', ndjson: 'jsonl', csv: 'csv' };

/** The format a file name promises, or null to let the API look at the content. */
export function formatFromFileName(name: string): TestCaseFormat | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(BY_EXTENSION, ext) ? (BY_EXTENSION[ext] ?? null) : null;
}
