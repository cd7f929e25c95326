import { saveBlob } from '@/components/ui/save-blob';
import { ApiError } from '@/components/data/fetcher';
import type { ReportFormatId, CsvTable } from '@/lib/similarity/report/types';
import type { SimilarityBody } from './types';

export type ReportChoice = { id: string; label: string; format: ReportFormatId; table?: CsvTable; fallbackName: string };

/** Every report format of lib/similarity/report/registry.ts; CSV twice (pairs and matrix). */
export const REPORT_CHOICES: ReportChoice[] = [
  { id: 'html', label: 'HTML report', format: 'html', fallbackName: 'similarity-report.html' },
  { id: 'md', label: 'Markdown', format: 'md', fallbackName: 'similarity-report.md' },
  { id: 'json', label: 'JSON', format: 'json', fallbackName: 'similarity-report.json' },
  { id: 'csv-pairs', label: 'CSV: pairs', format: 'csv', table: 'pairs', fallbackName: 'similarity-report-pairs.csv' },
  { id: 'csv-matrix', label: 'CSV: matrix', format: 'csv', table: 'matrix', fallbackName: 'similarity-report-matrix.csv' },
];

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  // Only a plain file name: nothing that could point into a folder.
  const name = match?.[1]?.trim();
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  const err = body?.error;
  return new ApiError(res.status, err?.code ?? 'http_error', err?.message ?? `Request failed with HTTP ${res.status}`, err?.details);
}

/** POSTs the analysis body and saves the answer as a file (a Blob behind a temporary link). */
export async function downloadReport(path: string, body: SimilarityBody, headers: Record<string, string>, fallbackName: string): Promise<string> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw await errorOf(res);
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}
