import { qs } from '@/components/data/fetcher';

/**
 * The filters of GET /api/metrics/summary, named as the API and the URL name them. includeExperiments is 'true' or
 * absent (experiment variants' batches are left out unless it is set: ./experiments-toggle).
 */
export const FILTER_KEYS = ['batchId', 'provider', 'model', 'serverName', 'toolName', 'from', 'to', 'testCaseId', 'includeExperiments'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type MetricsFilterValues = Partial<Record<FilterKey, string>>;

type ReadableParams = { get(name: string): string | null };

export function readFilters(params: ReadableParams): MetricsFilterValues {
  const out: MetricsFilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    // Only 'true' asks for the experiment runs; false (the default) or anything else is the default.
    if (value && (key !== 'includeExperiments' || value === 'true')) out[key] = value;
  }
  return out;
}

export function hasFilters(filters: MetricsFilterValues): boolean {
  return FILTER_KEYS.some((k) => Boolean(filters[k]));
}

/** The link to the metrics page for these filters (e.g. one batch). */
export function metricsHref(filters: MetricsFilterValues): string {
  return `/metrics${qs(filters)}`;
}
