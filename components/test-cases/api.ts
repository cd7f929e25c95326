import { apiFetch, qs } from '@/components/data/fetcher';
import type { ImportReport, TestCaseDto } from '@/components/data/types';
import { TEST_CASE_FORMAT_IDS, type TestCaseFormatId } from '@/lib/test-cases/formats/types';
import type { ExpectedParameters } from './editor/expected-arguments';
import type { SequencePayload } from './editor/sequence/sequence-values';

/** The body of POST /api/test-cases and PATCH /api/test-cases/{id}. */
export type TestCasePayload = {
  name: string;
  query: string;
  serverIds: string[];
  expectedServer: string | null;
  expectedTool: string | null;
  expectedParameters: ExpectedParameters | null;
  argumentMatching: TestCaseDto['argumentMatching'];
  tags: string[];
} & SequencePayload;

export const TEST_CASE_FORMATS = TEST_CASE_FORMAT_IDS;
export type TestCaseFormat = TestCaseFormatId;

export const FORMAT_LABELS: Record<TestCaseFormat, string> = { json: 'JSON array', jsonl: 'JSONL', csv: 'CSV' };

export function createTestCase(payload: TestCasePayload): Promise<TestCaseDto> {
  return apiFetch<TestCaseDto>('/api/test-cases', { method: 'POST', json: payload });
}

export function updateTestCase(id: string, payload: TestCasePayload): Promise<TestCaseDto> {
  return apiFetch<TestCaseDto>(`/api/test-cases/${encodeURIComponent(id)}`, { method: 'PATCH', json: payload });
}

export function deleteTestCase(id: string): Promise<{ deleted: boolean }> {
  return apiFetch<{ deleted: boolean }>(`/api/test-cases/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The format's own media type; a cross-origin page cannot send these without a preflight. */
const MEDIA_TYPES: Record<TestCaseFormat, string> = { json: 'application/json', jsonl: 'application/x-ndjson', csv: 'text/csv' };

/** The file goes as it is; without a format the API detects it from the first character. */
export function importTestCases(text: string, format: TestCaseFormat | null): Promise<ImportReport> {
  return apiFetch<ImportReport>(`/api/test-cases/import${qs({ format })}`, {
    method: 'POST',
    headers: { 'content-type': `${format ? MEDIA_TYPES[format] : 'application/octet-stream'}; charset=utf-8` },
    body: text,
  });
}

/** POST /api/test-cases/bulk-delete: the ticked ids or every case matching the filters, all or nothing. */
export function bulkDeleteTestCases(selection: { ids: string[] } | { filter: Record<string, string | string[]> }): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>('/api/test-cases/bulk-delete', { method: 'POST', json: selection });
}
