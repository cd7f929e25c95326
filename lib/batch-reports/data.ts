import { selectBatchReportRuns, type BatchReportRunRow } from '@/db/queries/batch-report';
import { selectBatchCallCounts, type RunCallCounts } from '@/db/queries/run-call-counts';
import { readMetricsSnapshot } from '@/db/queries/metrics';
import { getBatchDto } from '../eval/run/batch';
import { getMetricsSummary } from '../metrics/summary';
import { resolveConfidenceSource } from '../metrics/matrix/confidence-source';
import { formatToolLabel } from '../metrics/tool-label';
import { BATCH_REPORT_VERSION, type BatchReportData, type BatchReportRun } from './types';

/**
 * Permalinks: a batch and a run are their own pages. With the app's
 * origin they are absolute, so a report file's links reach the app from wherever it is opened.
 */
export const batchPermalink = (id: string, origin = '') => `${origin}/runs/batches/${encodeURIComponent(id)}`;
export const runPermalink = (id: string, origin = '') => `${origin}/runs/${encodeURIComponent(id)}`;

export type ReadReportOptions = { origin?: string; now?: Date };

export function toReportRun(r: BatchReportRunRow, origin = '', calls: RunCallCounts | null = null): BatchReportRun {
  const judged = r.classification !== null;
  return {
    runId: r.runId,
    url: runPermalink(r.runId, origin),
    testCaseId: r.testCaseId,
    testCaseName: r.testCaseName,
    provider: r.provider,
    model: r.model,
    status: r.status,
    classification: r.classification,
    expected: formatToolLabel(r.expectedServer, r.expectedTool),
    selected: judged ? formatToolLabel(r.selectedServer, r.selectedTool) : null,
    confidence: r.confidenceScore,
    confidenceSource: resolveConfidenceSource(r, r.provider),
    confidenceCategory: r.confidenceCategory,
    argumentScore: r.parameterCorrectness,
    passK: r.passK === null ? null : r.passK === 1,
    samples: r.samples,
    steps: r.steps,
    calls: r.steps === null ? null : (calls ?? { tp: 0, fp: 0, fn: 0 }),
    latencyMs: r.executionTimeMs,
    error: r.errorMessage,
    reasoning: r.reasoning,
    createdAt: r.createdAt,
  };
}

/** The batch, its metrics and every run, read in one snapshot so the figures agree. 404 for an unknown batch. */
export async function readBatchReport(batchId: string, { origin = '', now = new Date() }: ReadReportOptions = {}): Promise<BatchReportData> {
  return readMetricsSnapshot(async () => {
    const batch = await getBatchDto(batchId);
    const summary = await getMetricsSummary({ batchId });
    const runs = await selectBatchReportRuns(batchId);
    const calls = await selectBatchCallCounts(batchId);
    return {
      version: BATCH_REPORT_VERSION,
      generatedAt: now.toISOString(),
      batch: { ...batch, url: batchPermalink(batch.id, origin) },
      summary,
      runs: runs.map((r) => toReportRun(r, origin, calls.get(r.runId) ?? null)),
    };
  });
}

/** A file name from the batch's name: letters, digits, dots and dashes only (it goes into a header). */
export function reportFileName(data: BatchReportData, extension: string): string {
  const slug = data.batch.name.normalize('NFKD').replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'batch';
  return `batch-report-${slug}-${data.batch.id.slice(0, 8)}.${extension}`;
}
