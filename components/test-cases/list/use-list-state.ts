'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { filtersFromSearchParams, listHref, searchParamsRecord, viewFromSearchParams, type ListView, type TestCaseFilters } from '../filters';

/**
 * The list's filters and view (page, size, sort), mirrored in the URL. A page, size or sort
 * change is a history entry (Back returns to it); typing in a filter replaces the entry so Back
 * is not one step per keystroke. Back/Forward restore both from the URL.
 */
export function useListState(initialFilters: TestCaseFilters, initialView: ListView) {
  const [filters, setFiltersState] = useState(initialFilters);
  const [view, setViewState] = useState(initialView);
  const state = useRef({ filters, view });
  state.current = { filters, view };

  useEffect(() => {
    // The address shows the list's own state: a one-off `?saved=` (the notice after a save) is
    // dropped, so a reload or a shared link does not announce the save again.
    const own = listHref(state.current.filters, state.current.view);
    if (`${window.location.pathname}${window.location.search}` !== own) window.history.replaceState(window.history.state, '', own);
  }, []);

  useEffect(() => {
    const onPop = () => {
      const params = searchParamsRecord(new URLSearchParams(window.location.search));
      setFiltersState(filtersFromSearchParams(params));
      setViewState(viewFromSearchParams(params));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** New filters start at the first page. */
  const setFilters = useCallback((next: TestCaseFilters) => {
    const v = { ...state.current.view, page: 1 };
    setFiltersState(next);
    setViewState(v);
    window.history.replaceState(window.history.state, '', listHref(next, v));
  }, []);

  const setView = useCallback((patch: Partial<ListView>) => {
    const v = { ...state.current.view, ...patch };
    setViewState(v);
    window.history.pushState(window.history.state, '', listHref(state.current.filters, v));
  }, []);

  return { filters, view, setFilters, setView };
}
