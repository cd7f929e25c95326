import { queryOptions } from '@tanstack/react-query';
import { apiFetch, qs } from './fetcher';
import type { ExperimentDto } from '@/components/experiments/types';
import type {
  BatchComparison,
  BatchDto,
  BatchMatrix,
  CaseHistory,
  ConfusionList,
  Health,
  List,
  MetricsSummary,
  RunDetailDto,
  ServerDto,
  TestCaseDto,
  TestCaseListItemDto,
  TestRunListItemDto,
  Tool,
  ToolExecutionDto,
} from './types';

type Params = Record<string, string | number | boolean | readonly string[] | undefined | null>;

/** The server's type for `GET /api/test-runs/{id}` (type-only: no server code reaches the bundle). */
export type RunDetail = RunDetailDto;

/** Every query of the UI, one factory per resource: keys and fetchers live together. */
export const queries = {
  health: () => queryOptions({ queryKey: ['health'], queryFn: () => apiFetch<Health>('/api/health') }),
  servers: (params: Params = {}) =>
    queryOptions({ queryKey: ['servers', params], queryFn: () => apiFetch<List<ServerDto>>(`/api/servers${qs({ limit: 200, ...params })}`) }),
  server: (id: string) => queryOptions({ queryKey: ['servers', id], queryFn: () => apiFetch<ServerDto>(`/api/servers/${id}`) }),
  serverTools: (id: string) =>
    queryOptions({
      queryKey: ['servers', id, 'tools'],
      queryFn: () => apiFetch<{ items: Tool[]; total: number; durationMs: number }>(`/api/servers/${id}/tools`),
      staleTime: 30_000,
      retry: false,
    }),
  executions: (id: string, params: Params = {}) =>
    queryOptions({ queryKey: ['servers', id, 'executions', params], queryFn: () => apiFetch<List<ToolExecutionDto>>(`/api/servers/${id}/executions${qs(params)}`) }),
  testCases: (params: Params = {}) =>
    queryOptions({ queryKey: ['test-cases', params], queryFn: () => apiFetch<List<TestCaseListItemDto>>(`/api/test-cases${qs(params)}`) }),
  testCase: (id: string) => queryOptions({ queryKey: ['test-cases', id], queryFn: () => apiFetch<TestCaseDto>(`/api/test-cases/${id}`) }),
  caseHistory: (id: string, params: Params = {}) =>
    queryOptions({ queryKey: ['test-cases', id, 'runs', params], queryFn: () => apiFetch<CaseHistory>(`/api/test-cases/${id}/runs${qs(params)}`) }),
  /** Under 'test-cases' so that every change to the cases refreshes the tag counts too. */
  testCaseTags: () => queryOptions({ queryKey: ['test-cases', 'tags'], queryFn: () => apiFetch<{ items: { tag: string; count: number }[] }>('/api/test-cases/tags') }),
  runs: (params: Params = {}) => queryOptions({ queryKey: ['runs', params], queryFn: () => apiFetch<List<TestRunListItemDto>>(`/api/test-runs${qs(params)}`) }),
  run: (id: string) => queryOptions({ queryKey: ['runs', id], queryFn: () => apiFetch<RunDetail>(`/api/test-runs/${id}`) }),
  runCallFigures: (params: Params = {}) =>
    queryOptions({ queryKey: ['runs', 'call-figures', params], queryFn: () => apiFetch<{ calls: MetricsSummary['calls'] }>(`/api/test-runs/call-figures${qs(params)}`) }),
  batches: (params: Params = {}) =>
    queryOptions({ queryKey: ['batches', params], queryFn: () => apiFetch<List<BatchDto>>(`/api/batches${qs(params)}`) }),
  batch: (id: string) => queryOptions({ queryKey: ['batches', id], queryFn: () => apiFetch<BatchDto>(`/api/batches/${id}`) }),
  batchMatrix: (id: string, params: Params = {}) =>
    queryOptions({ queryKey: ['batches', id, 'matrix', params], queryFn: () => apiFetch<BatchMatrix>(`/api/batches/${id}/matrix${qs(params)}`) }),
  metrics: (params: Params = {}) =>
    queryOptions({ queryKey: ['metrics', params], queryFn: () => apiFetch<MetricsSummary>(`/api/metrics/summary${qs(params)}`) }),
  confusions: (params: Params = {}) =>
    queryOptions({ queryKey: ['metrics', 'confusions', params], queryFn: () => apiFetch<ConfusionList>(`/api/metrics/confusions${qs(params)}`) }),
  compare: (a: string, b: string) =>
    queryOptions({ queryKey: ['metrics', 'compare', a, b], queryFn: () => apiFetch<BatchComparison>(`/api/metrics/compare${qs({ a, b })}`) }),
  experiments: (params: Params = {}) =>
    queryOptions({ queryKey: ['experiments', params], queryFn: () => apiFetch<List<ExperimentDto>>(`/api/experiments${qs(params)}`) }),
  experiment: (id: string) => queryOptions({ queryKey: ['experiments', id], queryFn: () => apiFetch<ExperimentDto>(`/api/experiments/${id}`) }),
};
