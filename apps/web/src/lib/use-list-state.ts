import { useMemo } from 'react';
import { z } from 'zod';
import { useSearchBox, type SearchBox } from './use-search-box';
import { useTableState, type TableState } from './use-table-state';

/** URL parameters the table state owns itself, never a filter of the list's query. */
const TABLE_KEYS = new Set(['page', 'perPage', 'sort', 'order', 'search']);

/** The parameter names of a list endpoint's query schema (through `withQueryAliases`). */
export function queryKeysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe)
    return [...queryKeysOf(schema.in as z.ZodType), ...queryKeysOf(schema.out as z.ZodType)];
  return [];
}

/**
 * The query parsed by the route's own schema, a value it refuses left out (a hand-edited link
 * `?status=gone` shows the whole list, not an error). Each round drops the parameters named by
 * the schema's complaints; the page, size and search are always valid values of the table state.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, raw: Record<string, unknown>): z.output<S> {
  const input = { ...raw };
  for (let round = 0; round < 20; round++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const known = [...bad].filter((key) => key in input);
    if (known.length === 0) break;
    for (const key of known) delete input[key];
  }
  return schema.parse({});
}

export interface ListState<S extends z.ZodType> extends TableState {
  /** The list's query as its endpoint takes it, typed and checked by the contract's schema. */
  query: z.output<S>;
  /** The list's search box (what is typed reaches the URL after a pause). */
  searchBox: SearchBox;
  /** The same query without its page: what the list's export route takes. */
  exportQuery: Omit<z.output<S>, 'page' | 'perPage'>;
  /** A search or a filter is on: an empty answer means nothing matches, not nothing yet. */
  filtered: boolean;
}

/**
 * A list screen's state (page, size, sort, search and filters in the URL, decision 0051) read
 * with the list endpoint's query schema from the contract: the filters are the schema's
 * parameters, typed by it, so a screen needs no cast and cannot send a value the route refuses.
 */
export function useListState<S extends z.ZodType>(
  table: string,
  schema: S,
  searchPlaceholder: string,
): ListState<S> {
  const filterKeys = useMemo(() => queryKeysOf(schema).filter((key) => !TABLE_KEYS.has(key)), [schema]);
  const state = useTableState(table, filterKeys);
  const searchBox = useSearchBox(state, searchPlaceholder);
  const { page, perPage, search, filters } = state;
  const query = useMemo(
    () =>
      parseListQuery(schema, {
        ...filters,
        page,
        perPage,
        ...(search ? { search } : {}),
      }),
    [schema, filters, page, perPage, search],
  );
  // Filters the schema refused do not count: the list shows everything then, with no chip.
  const valid = useMemo(() => {
    const parsed = query as Record<string, unknown>;
    return Object.fromEntries(Object.entries(filters).filter(([key]) => parsed[key] !== undefined));
  }, [filters, query]);
  const filtered = Boolean(search) || Object.keys(valid).length > 0;
  const exportQuery = useMemo(() => {
    const { page: _page, perPage: _perPage, ...rest } = query as Record<string, unknown>;
    return rest as Omit<z.output<S>, 'page' | 'perPage'>;
  }, [query]);
  return { ...state, filters: valid, searchBox, query, exportQuery, filtered };
}
