import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, filtersFromSearchParams, listHref, NO_FILTERS, searchParamsRecord, viewFromSearchParams } from './filters';

describe('test case list URL state', () => {
  it('round-trips filters and view through the URL, leaving defaults out', () => {
    const filters = { ...NO_FILTERS, search: 'paris', tags: ['smoke', 'slow path'] };
    const view = { page: 3, size: 50, sort: 'name' as const, dir: 'desc' as const };
    const href = listHref(filters, view);
    expect(href).toBe('/test-cases?search=paris&tag=smoke&tag=slow+path&sort=name&dir=desc&size=50&page=3');
    const params = searchParamsRecord(new URL(href, 'http://x').searchParams);
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(viewFromSearchParams(params)).toEqual(view);
    expect(listHref(NO_FILTERS, DEFAULT_VIEW)).toBe('/test-cases');
    expect(listHref(NO_FILTERS, { ...DEFAULT_VIEW, sort: 'name', dir: 'asc' })).toBe('/test-cases?sort=name');
  });

  it('falls back to defaults for values a hand-edited URL gets wrong', () => {
    expect(viewFromSearchParams({ page: '-2', size: '7', sort: 'colour', dir: 'up' })).toEqual(DEFAULT_VIEW);
    expect(viewFromSearchParams({ page: '2.5' }).page).toBe(1);
    expect(filtersFromSearchParams({ tag: ['a', 'a', ' ', 'x'.repeat(51)] }).tags).toEqual(['a']);
  });
});
