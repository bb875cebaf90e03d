import {
  Box,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { Pagination as PageInfo } from '@tillbook/contract/common';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import type { TableState } from '../lib/use-table-state';
import { CardList, cardLayout, RowCard, usePhoneWidth, type CardRole } from './row-cards';
import { ErrorState, LoadingState } from './states';

export const PAGE_SIZES = ['10', '20', '50', '100'];

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Let the column's text wrap; cells stay on one line otherwise (the table scrolls sideways). */
    wrap?: boolean;
    /** What the column is on a phone's card (by default a labelled line; see `cardLayout`). */
    card?: CardRole;
    /** Unused type parameters of the library's interface. */
    _types?: [TData, TValue];
  }
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: T[] | undefined;
  /** Page, size, sort from the URL (`useTableState`). */
  state: TableState;
  /** Server pagination of the answer; without it the table pages and sorts in the browser. */
  pagination?: PageInfo;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows: a sentence and the main action. */
  empty: ReactNode;
  onRowClick?: (row: T) => void;
  getRowId?: (row: T) => string;
  label: string;
}

const NO_ROWS: never[] = [];

/** The arrow buttons of the pagination have no text of their own. */
const PAGE_CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

function toSorting(sort: string | null): SortingState {
  if (!sort) return [];
  return [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }];
}

/**
 * A list: sortable headers, pagination with a page size choice, loading/empty/error states;
 * all of its state lives in the URL. Below the `sm` breakpoint each row is a card (its columns
 * placed by their `meta.card` role) with a sort choice above, so no phone scrolls sideways.
 */
export function DataTable<T>({
  columns,
  data,
  state,
  pagination,
  loading,
  error,
  onRetry,
  empty,
  onRowClick,
  getRowId,
  label,
}: DataTableProps<T>) {
  const phone = usePhoneWidth();
  const manual = Boolean(pagination);
  // Stable identities: the table recomputes its rows (and would reset its page) when they change.
  const sorting = useMemo(() => toSorting(state.sort), [state.sort]);
  const paging = useMemo(
    () => ({ pageIndex: state.page - 1, pageSize: state.perPage }),
    [state.page, state.perPage],
  );
  // TanStack Table returns functions that React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data ?? NO_ROWS,
    columns,
    getRowId,
    state: { sorting, pagination: paging },
    // The page is kept in the URL; the table must not reset it on its own.
    autoResetPageIndex: false,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(paging) : updater;
      if (next.pageSize !== paging.pageSize) state.setPerPage(next.pageSize);
      else if (next.pageIndex !== paging.pageIndex) state.setPage(next.pageIndex + 1);
    },
    manualPagination: manual,
    manualSorting: manual,
    pageCount: pagination?.totalPages,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      state.setSort(first ? `${first.desc ? '-' : ''}${first.id}` : null);
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getPaginationRowModel: manual ? undefined : getPaginationRowModel(),
  });

  if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
  if (loading && !data) return <LoadingState rows={6} label={`Loading ${label}`} />;
  const total = pagination?.total ?? data?.length ?? 0;
  if (!total)
    return (
      <Paper withBorder radius="md">
        {empty}
      </Paper>
    );
  const totalPages = pagination?.totalPages ?? Math.max(1, Math.ceil(total / state.perPage));
  const footer = (
    <Group
      justify="space-between"
      p="sm"
      gap="sm"
      style={phone ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Rows per page
        </Text>
        <NativeSelect
          aria-label="Rows per page"
          data={PAGE_SIZES}
          value={String(state.perPage)}
          onChange={(e) => state.setPerPage(Number(e.currentTarget.value))}
          w={72}
          size="xs"
        />
        <Text size="sm" c="dimmed">
          {total} in all
        </Text>
      </Group>
      <Pagination
        total={totalPages}
        value={Math.min(state.page, totalPages)}
        onChange={state.setPage}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })}
      />
    </Group>
  );

  if (phone) {
    const columnsNow = table.getVisibleLeafColumns();
    const layout = cardLayout(columnsNow.map((c) => ({ id: c.id, card: c.columnDef.meta?.card })));
    const sortable = columnsNow.filter((c) => c.getCanSort());
    const selectAll = layout.select
      ? table.getFlatHeaders().find((h) => h.column.id === layout.select)
      : undefined;
    return (
      <Stack gap="sm">
        {(sortable.length > 0 || selectAll) && (
          <Group justify="space-between" gap="sm">
            {selectAll ? (
              <Group gap="xs" wrap="nowrap">
                {flexRender(selectAll.column.columnDef.header, selectAll.getContext())}
                <Text size="sm">All on this page</Text>
              </Group>
            ) : (
              <span />
            )}
            {sortable.length > 0 && (
              <NativeSelect
                aria-label="Sort by"
                size="xs"
                value={state.sort ?? ''}
                onChange={(e) => state.setSort(e.currentTarget.value || null)}
                data={[
                  { value: '', label: 'Sort: default' },
                  ...sortable.flatMap((c) => {
                    const name = typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id;
                    return [
                      { value: c.id, label: `${name}, ascending` },
                      { value: `-${c.id}`, label: `${name}, descending` },
                    ];
                  }),
                ]}
              />
            )}
          </Group>
        )}
        <Box style={{ opacity: loading ? 0.6 : 1 }}>
          <CardList label={label}>
            {table.getRowModel().rows.map((row) => (
              <li key={row.id}>
                <RowCard
                  layout={layout}
                  onOpen={onRowClick ? () => onRowClick(row.original) : undefined}
                  cells={row.getVisibleCells().map((cell) => ({
                    id: cell.column.id,
                    header:
                      typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : null,
                    content: flexRender(cell.column.columnDef.cell, cell.getContext()),
                  }))}
                />
              </li>
            ))}
          </CardList>
        </Box>
        <Paper withBorder radius="md">
          {footer}
        </Paper>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={Boolean(onRowClick)}
          aria-label={label}
          miw={640}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {content}
                            {dir === 'asc' ? (
                              <IconArrowUp size={14} />
                            ) : dir === 'desc' ? (
                              <IconArrowDown size={14} />
                            ) : (
                              <IconSelector size={14} opacity={0.5} />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody style={{ opacity: loading ? 0.6 : 1 }}>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td
                    key={cell.id}
                    style={cell.column.columnDef.meta?.wrap ? undefined : { whiteSpace: 'nowrap' }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {footer}
    </Paper>
  );
}
