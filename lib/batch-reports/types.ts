import type { BatchDto } from '../eval/api/dto';
import type { MetricsSummary } from '../metrics/summary';
import type { ConfidenceSource } from '../metrics/matrix/confidence-source';

export const BATCH_REPORT_FORMAT_IDS = ['html', 'md', 'csv', 'json'] as const;
export type BatchReportFormatId = (typeof BATCH_REPORT_FORMAT_IDS)[number];

/** The version of the JSON report's shape: bumped when a field changes meaning or goes away. */
export const BATCH_REPORT_VERSION = 1;

/** One run as every format shows it. Test case names, tools, errors and reasoning are untrusted text. */
export type BatchReportRun = {
  runId: string;
  /** Permalink to the run's page (absolute when the report knows the app's origin). */
  url: string;
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  status: string;
  classification: 'TP' | 'FP' | 'TN' | 'FN' | null;
  /** "server/tool", or "none" for a negative case. */
  expected: string;
  /** "server/tool", "none" when no tool was called, null when the run has no result. */
  selected: string | null;
  confidence: number | null;
  /** Where the confidence comes from: self_assessment, sample_agreement, local_margin or logprobs; null with no confidence. */
  confidenceSource: ConfidenceSource | null;
  confidenceCategory: string | null;
  argumentScore: number | null;
  passK: boolean | null;
  samples: number;
  /** A sequence run's model turns; null for a selection run. */
  steps: number | null;
  /** A sequence run's per-call verdicts: expected calls made (tp), missed (fn), unexpected (fp); null for a selection run. */
  calls: { tp: number; fp: number; fn: number } | null;
  latencyMs: number | null;
  error: string | null;
  reasoning: string | null;
  createdAt: string;
};

export type BatchReportData = {
  version: typeof BATCH_REPORT_VERSION;
  generatedAt: string;
  batch: BatchDto & { url: string };
  summary: MetricsSummary;
  runs: BatchReportRun[];
};

export type BatchReportFormat = {
  id: BatchReportFormatId;
  description: string;
  contentType: string;
  fileExtension: string;
  /** The file in parts, so a big batch streams in bounded pieces. */
  render(data: BatchReportData): Iterable<string>;
};
