// Response shapes, taken from their source (type-only imports are erased from client bundles).
export type { ServerDto } from '@/lib/servers/dto';
export type { TestCaseDto } from '@/lib/test-cases/dto';
export type { CaseHistory, CaseRunDto, LastVerdictDto, TestCaseListItemDto } from '@/lib/test-cases/history';
export type { TestRunDto, TestRunListItemDto, BatchDto, ToolSnapshotDto, RunDetailDto, JobEvent } from '@/lib/eval/api/dto';
export type { ToolExecutionDto } from '@/lib/playground/call-tool';
export type { MetricsSummary } from '@/lib/metrics/summary';
export type { BatchComparison } from '@/lib/metrics/compare';
export type { BatchMatrix } from '@/lib/metrics/matrix/batch-matrix';
export type { Confusion, ConfusionList } from '@/lib/metrics/confusions';
export type { Health } from '@/lib/health/health';
export type { ImportReport } from '@/lib/test-cases/import';
export type { ServerImportReport } from '@/lib/servers/import-export';
export type { Tool } from '@modelcontextprotocol/sdk/types.js';

export type List<T> = { items: T[]; total: number; limit: number; offset: number };
