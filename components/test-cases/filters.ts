import { qs } from '@/components/data/fetcher';
import type { TestCaseFormat } from './api';

export type CaseKind = 'positive' | 'negative';

/** The list's filters; the same ones narrow an export. */
export type TestCaseFilters = { search: string; serverId: string; kind: CaseKind | '' };

export const NO_FILTERS: TestCaseFilters = { search: '', serverId: '', kind: '' };

export const PAGE_SIZE = 25;

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

export function filtersFromSearchParams(params: SearchParams): TestCaseFilters {
  const kind = first(params.kind);
  return {
    search: first(params.search).slice(0, 200),
    serverId: first(params.serverId),
    kind: kind === 'positive' || kind === 'negative' ? kind : '',
  };
}

export function hasFilters(f: TestCaseFilters): boolean {
  return f.search.trim() !== '' || f.serverId !== '' || f.kind !== '';
}

export function filterParams(f: TestCaseFilters): Record<string, string> {
  return { search: f.search.trim(), serverId: f.serverId, kind: f.kind };
}

export function exportHref(format: TestCaseFormat, f: TestCaseFilters): string {
  return `/api/test-cases/export${qs({ format, ...filterParams(f) })}`;
}
