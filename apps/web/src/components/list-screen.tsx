import { Button, Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { SearchBox } from '../lib/use-search-box';
import type { TableState } from '../lib/use-table-state';
import type { Pagination as PageInfo } from '@tillbook/contract/common';
import { DataTable } from './data-table';
import { ListToolbar, PageHeader, type PageHeaderProps } from './page-header';
import { EmptyState, NoMatches } from './states';

/** One page of a list as the API answers it, and how its query stands. */
export interface ListQuery<T> {
  data: { data: T[]; pagination?: PageInfo | null } | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A list query's rows, pages, loading and error, as DataTable takes them. */
export function listTableProps<T>(list: ListQuery<T>) {
  return {
    data: list.data?.data,
    pagination: list.data?.pagination ?? undefined,
    loading: list.isPending,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}

export interface ListScreenProps<T> {
  /** The page's title; without one the list sits in a section of a page (a toolbar, no header). */
  title?: ReactNode;
  description?: ReactNode;
  /** The table's accessible name. */
  label: string;
  state: TableState;
  search: SearchBox;
  /** Extra for the search box (a label; what Enter does, for a barcode scanner). */
  searchOptions?: Pick<NonNullable<PageHeaderProps['search']>, 'label' | 'onEnter'>;
  /** The filter popover's content and the chips of the filters that are set. */
  filters?: PageHeaderProps['filters'];
  onExport?: () => void;
  add?: PageHeaderProps['add'];
  actions?: ReactNode;
  /** Between the header and the table: status tabs, a summary. */
  toolbar?: ReactNode;
  list: ListQuery<T>;
  /** The table shows its loading rows (by default while the first page is on its way). */
  loading?: boolean;
  columns: ColumnDef<T, unknown>[];
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** A search or a filter is on: no rows then means nothing matches, not nothing yet. */
  filtered: boolean;
  /** No rows at all: what the list will hold and the action that adds the first. */
  empty: { title: string; description: ReactNode; action?: ReactNode };
  /**
   * No row matches. The button clears the search and every filter; `clearLabel` names it when
   * the screen says it otherwise ("Show all orders"), `false` leaves it out.
   */
  noMatch: { title: string; description: string; clearLabel?: string | false };
  /** After the table: the screen's dialogs. */
  children?: ReactNode;
}

/**
 * The list screens' one skeleton (customers, products, orders, discounts, vendors, purchase
 * orders, payments received, the audit log): header with search, filters, export and add; an
 * optional toolbar; the table with its pagination and loading, error, empty and no-match states.
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { state, search, list } = props;
  const clear = () => {
    search.clear();
    state.clearFilters();
  };
  const noMatch =
    props.noMatch.clearLabel === false ? (
      <EmptyState title={props.noMatch.title} description={props.noMatch.description} />
    ) : props.noMatch.clearLabel ? (
      <EmptyState
        title={props.noMatch.title}
        description={props.noMatch.description}
        action={
          <Button variant="default" onClick={clear}>
            {props.noMatch.clearLabel}
          </Button>
        }
      />
    ) : (
      <NoMatches title={props.noMatch.title} description={props.noMatch.description} onClear={clear} />
    );

  const searchBox = { ...search.box, ...props.searchOptions };
  return (
    <Stack gap={props.title === undefined ? 'md' : 'lg'}>
      {props.title === undefined ? (
        <ListToolbar search={searchBox} filters={props.filters} onExport={props.onExport} add={props.add} />
      ) : (
        <PageHeader
          title={props.title}
          description={props.description}
          search={searchBox}
          filters={props.filters}
          onExport={props.onExport}
          add={props.add}
          actions={props.actions}
        />
      )}
      {props.toolbar}
      <DataTable
        label={props.label}
        columns={props.columns}
        data={list.data?.data}
        pagination={list.data?.pagination ?? undefined}
        state={state}
        loading={props.loading ?? list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        getRowId={props.getRowId}
        onRowClick={props.onRowClick}
        empty={props.filtered ? noMatch : <EmptyState {...props.empty} />}
      />
      {props.children}
    </Stack>
  );
}
