import { qs } from '@/components/data/fetcher';
import type { TestCaseFormat } from './api';

export type CaseKind = 'positive' | 'negative';

/** The list's filters; the same ones narrow an export, a bulk delete and a "run all matching". */
export type TestCaseFilters = { search: string; serverId: string; kind: CaseKind | ''; tags: string[] };

export const NO_FILTERS: TestCaseFilters = { search: '', serverId: '', kind: '', tags: [] };

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const PAGE_SIZE = 25;

export const SORT_KEYS = ['created', 'name', 'expectedTool', 'lastVerdict'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

/** What the list shows besides the filters; all of it lives in the URL so reload, Back and shared links keep it. */
export type ListView = { page: number; size: number; sort: SortKey; dir: SortDir };

export const DEFAULT_VIEW: ListView = { page: 1, size: PAGE_SIZE, sort: 'created', dir: 'desc' };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const all = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

export function filtersFromSearchParams(params: SearchParams): TestCaseFilters {
  const kind = first(params.kind);
  return {
    search: first(params.search).slice(0, 200),
    serverId: first(params.serverId),
    kind: kind === 'positive' || kind === 'negative' ? kind : '',
    tags: [...new Set(all(params.tag).map((t) => t.trim()).filter((t) => t && t.length <= 50))].slice(0, 20),
  };
}

export function viewFromSearchParams(params: SearchParams): ListView {
  const page = Number(first(params.page));
  const size = Number(first(params.size));
  const sort = first(params.sort);
  const dir = first(params.dir);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE,
    sort: (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_VIEW.sort,
    // Each column has its natural first direction: names A-Z, newest first.
    dir: dir === 'asc' || dir === 'desc' ? dir : sort === 'name' || sort === 'expectedTool' || sort === 'lastVerdict' ? 'asc' : 'desc',
  };
}

/** URLSearchParams (the browser's, on Back/Forward) as the record the parsers take. */
export function searchParamsRecord(search: URLSearchParams): SearchParams {
  const out: SearchParams = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

export function hasFilters(f: TestCaseFilters): boolean {
  return f.search.trim() !== '' || f.serverId !== '' || f.kind !== '' || f.tags.length > 0;
}

export function filterParams(f: TestCaseFilters): { search: string; serverId: string; kind: string; tag: string[] } {
  return { search: f.search.trim(), serverId: f.serverId, kind: f.kind, tag: f.tags };
}

/** The query of GET /api/test-cases for these filters and view: the list asks it, and the page's first render answers it. */
export function listQueryParams(f: TestCaseFilters, v: ListView) {
  return { ...filterParams(f), sort: v.sort, dir: v.dir, limit: v.size, offset: (v.page - 1) * v.size };
}

/** The filters as the JSON body of a bulk action (`filter`), only the keys that narrow. */
export function filterBody(f: TestCaseFilters): Record<string, string | string[]> {
  const { search, serverId, kind, tag } = filterParams(f);
  return { ...(search ? { search } : {}), ...(serverId ? { serverId } : {}), ...(kind ? { kind } : {}), ...(tag.length ? { tag } : {}) };
}

/** The page's own query string: filters, then the view where it differs from the default. */
export function listHref(f: TestCaseFilters, v: ListView): string {
  const sortDefault = viewFromSearchParams({ sort: v.sort });
  return `/test-cases${qs({
    ...filterParams(f),
    sort: v.sort === DEFAULT_VIEW.sort ? undefined : v.sort,
    dir: v.dir === sortDefault.dir ? undefined : v.dir,
    size: v.size === PAGE_SIZE ? undefined : v.size,
    page: v.page === 1 ? undefined : v.page,
  })}`;
}

export function exportHref(format: TestCaseFormat, f: TestCaseFilters): string {
  return `/api/test-cases/export${qs({ format, ...filterParams(f) })}`;
}
