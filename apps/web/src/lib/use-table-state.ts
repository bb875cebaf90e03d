import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '@tillbook/contract/constants';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { setUiState, useUiState } from './ui-state';

export interface TableState {
  page: number;
  perPage: number;
  /** Column id, `-` first for descending. */
  sort: string | null;
  search: string;
  filters: Record<string, string>;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: string | null) => void;
  setSearch: (search: string) => void;
  setFilter: (key: string, value: string | null) => void;
  clearFilters: () => void;
}

const RESERVED = new Set(['page', 'perPage', 'sort', 'search']);

/**
 * A list's page, page size, sort, search and filters, kept in the URL so a reload or a shared
 * link shows the same list. The chosen page size is remembered per table.
 */
export function useTableState(table: string, filterKeys: string[] = []): TableState {
  const [params, setParams] = useSearchParams();
  const rememberedSize = useUiState((s) => s.pageSizes[table]);

  // Changes made in one event (clearing the search, then the filters) must add up. React
  // Router hands a functional update the parameters of the last render, so the second change
  // would start again from those and undo the first: each change starts from the previous one.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value && !RESERVED.has(key)) out[key] = value;
    }
    return out;
    // filterKeys is a constant list per table
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const page = Math.max(DEFAULT_PAGE, Number(params.get('page')) || DEFAULT_PAGE);
  const perPage = Number(params.get('perPage')) || rememberedSize || DEFAULT_PER_PAGE;

  return {
    page,
    perPage,
    sort: params.get('sort'),
    search: params.get('search') ?? '',
    filters,
    setPage: (value) => update((p) => (value <= 1 ? p.delete('page') : p.set('page', String(value)))),
    setPerPage: (value) => {
      setUiState((s) => ({ pageSizes: { ...s.pageSizes, [table]: value } }));
      update((p) => {
        p.set('perPage', String(value));
        p.delete('page');
      });
    },
    setSort: (value) => update((p) => (value ? p.set('sort', value) : p.delete('sort'))),
    setSearch: (value) =>
      update((p) => {
        if (value) p.set('search', value);
        else p.delete('search');
        p.delete('page');
      }),
    setFilter: (key, value) =>
      update((p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        p.delete('page');
      }),
    clearFilters: () =>
      update((p) => {
        for (const key of filterKeys) p.delete(key);
        p.delete('page');
      }),
  };
}
