import type { OverlapMatrix } from '../overlap';
import type { AnalyzeResult } from '../results';

export const REPORT_FORMAT_IDS = ['json', 'csv', 'md', 'html'] as const;
export type ReportFormatId = (typeof REPORT_FORMAT_IDS)[number];
export const CSV_TABLES = ['pairs', 'matrix'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export type PairRow = { toolA: string; toolB: string; similarity: number; fullSimilarity?: number; flagged: boolean };

/** Everything a report shows. Every pair and the matrix are generated lazily: thousands of tools mean millions of rows. */
export type ReportData = {
  generatedAt: string;
  result: AnalyzeResult;
  /** The overlap matrix of the tools the heatmap shows (all of them, or the most confusable when there are many). */
  heatmap: OverlapMatrix & { shownTools: number; totalTools: number };
  hasFullSimilarity: boolean;
  /** Every pair (i < j) in tool order. */
  pairRows(): Iterable<PairRow>;
  /** Rows of the full similarity matrix, in tool order. */
  matrixRows(): Iterable<{ tool: string; values: ArrayLike<number> }>;
};

export type ReportFormat = {
  id: ReportFormatId;
  description: string;
  contentType: string;
  fileExtension: string;
  render(data: ReportData, options: { table: CsvTable }): string | ReadableStream<Uint8Array>;
};
