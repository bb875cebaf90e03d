import { Button, Group, Stack } from '@mantine/core';
import { IconSparkles, IconUpload } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Pagination as PageInfo } from '@tillbook/contract/common';
import { messageOf } from '../lib/api-client';
import { notify } from '../lib/toast';
import type { SearchBox } from '../lib/use-search-box';
import type { TableState } from '../lib/use-table-state';
import { DataTable } from './data-table';
import { ImportModal, type ImportModalProps } from './import-modal';
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

/** A list's state as `useListState` gives it: the URL's table state, its search box, filtered or not. */
export type ListScreenState = TableState & { searchBox: SearchBox; filtered: boolean };

export interface ListScreenProps<T extends { id: string }> {
  /** The page's title; without one the list sits in a section of a page (a toolbar, no header). */
  title?: ReactNode;
  description?: ReactNode;
  /** The table's accessible name; by default the title (a list without one must name it). */
  label?: string;
  state: ListScreenState;
  /** `false`: the list has no search box (its route searches nothing). */
  search?: false;
  /** Extra for the search box (a label; what Enter does, for a barcode scanner). */
  searchOptions?: Pick<NonNullable<PageHeaderProps['search']>, 'label' | 'onEnter'>;
  /** The filter popover's fields (stacked) and the chips of the filters that are set. */
  filters?: PageHeaderProps['filters'];
  /** The export: the list's server file route, downloaded (a failure is a toast). */
  onExport?: () => Promise<void> | void;
  add?: PageHeaderProps['add'];
  /** Importing a spreadsheet: an Import button in the header and the empty state, and its dialog. */
  importing?: Omit<ImportModalProps, 'opened' | 'onClose'>;
  /** A "Generate sample" button in the header (and the empty state, with `inEmpty`). */
  sample?: { generate: () => void; loading: boolean; inEmpty?: boolean };
  actions?: ReactNode;
  /** Between the header and the table: status tabs, a summary. */
  toolbar?: ReactNode;
  list: ListQuery<T>;
  /** The table shows its loading rows (by default while the first page is on its way). */
  loading?: boolean;
  columns: ColumnDef<T, unknown>[];
  /** By default the row's `id`. */
  getRowId?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** A search or a filter is on (by default the list state's own): no rows then means none match. */
  filtered?: boolean;
  /** What the list holds, in the plural ("purchase orders"): "No purchase orders yet", "… match". */
  noun: string;
  /** No rows at all: what the list will hold; the action adds the first (by default the add button). */
  empty: { title?: string; description: ReactNode; action?: ReactNode };
  /**
   * No row matches. The button clears the search and every filter; `clearLabel` names it when
   * the screen says it otherwise ("Show all orders"), `false` leaves it out.
   */
  noMatch: { title?: string; description: string; clearLabel?: string | false };
  /** After the table: the screen's dialogs. */
  children?: ReactNode;
}

/**
 * The list screens' one skeleton (customers, products, orders, discounts, vendors, purchase
 * orders, payments received, wallet transactions, the audit log): header with search, filters,
 * export, import, sample and add; an optional toolbar; the table with its pagination and
 * loading, error, empty and no-match states.
 */
export function ListScreen<T extends { id: string }>(props: ListScreenProps<T>) {
  const { state, list } = props;
  const [importOpen, setImportOpen] = useState(false);
  const clear = () => {
    state.searchBox.clear();
    state.clearFilters();
  };
  const noMatchTitle = props.noMatch.title ?? `No ${props.noun} match`;
  const noMatch =
    props.noMatch.clearLabel === false ? (
      <EmptyState title={noMatchTitle} description={props.noMatch.description} />
    ) : props.noMatch.clearLabel ? (
      <EmptyState
        title={noMatchTitle}
        description={props.noMatch.description}
        action={
          <Button variant="default" onClick={clear}>
            {props.noMatch.clearLabel}
          </Button>
        }
      />
    ) : (
      <NoMatches title={noMatchTitle} description={props.noMatch.description} onClear={clear} />
    );

  const sampleButton = props.sample && (
    <Button
      variant="default"
      leftSection={<IconSparkles size={16} />}
      loading={props.sample.loading}
      onClick={props.sample.generate}
    >
      Generate sample
    </Button>
  );
  const importButton = props.importing && (
    <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
      Import
    </Button>
  );
  const actions =
    importButton || sampleButton || props.actions ? (
      <Group gap="sm">
        {importButton}
        {sampleButton}
        {props.actions}
      </Group>
    ) : undefined;
  const emptyAction =
    props.empty.action !== undefined ? (
      props.empty.action
    ) : props.add || importButton || sampleButton ? (
      <>
        {props.sample?.inEmpty && sampleButton}
        {props.add && <AddButton add={props.add} />}
        {importButton}
      </>
    ) : undefined;
  const empty = (
    <EmptyState
      title={props.empty.title ?? `No ${props.noun} yet`}
      description={props.empty.description}
      action={emptyAction}
    />
  );

  const search = props.search === false ? undefined : { ...state.searchBox.box, ...props.searchOptions };
  const filters = props.filters && {
    chips: props.filters.chips,
    content: <Stack gap="xs">{props.filters.content}</Stack>,
  };
  const onExport = props.onExport && exporting(props.onExport);
  return (
    <Stack gap={props.title === undefined ? 'md' : 'lg'}>
      {props.title === undefined ? (
        <ListToolbar search={search} filters={filters} onExport={onExport} add={props.add} />
      ) : (
        <PageHeader
          title={props.title}
          description={props.description}
          search={search}
          filters={filters}
          onExport={onExport}
          add={props.add}
          actions={actions}
        />
      )}
      {props.toolbar}
      <DataTable
        label={props.label ?? (typeof props.title === 'string' ? props.title : props.noun)}
        columns={props.columns}
        {...listTableProps(list)}
        state={state}
        loading={props.loading ?? list.isPending}
        getRowId={props.getRowId ?? ((row) => row.id)}
        onRowClick={props.onRowClick}
        empty={(props.filtered ?? state.filtered) ? noMatch : empty}
      />
      {props.children}
      {props.importing && (
        <ImportModal {...props.importing} opened={importOpen} onClose={() => setImportOpen(false)} />
      )}
    </Stack>
  );
}

/** An export button's action: the download, and a toast when it fails. */
export function exporting(download: () => Promise<void> | void): () => void {
  return () => {
    Promise.resolve()
      .then(download)
      .catch((error: unknown) => notify.error(messageOf(error)));
  };
}

/** The empty list's way in: the header's add action, as a button. */
function AddButton({ add }: { add: NonNullable<PageHeaderProps['add']> }) {
  return add.to ? (
    <Button component={Link} to={add.to}>
      {add.label}
    </Button>
  ) : (
    <Button onClick={add.onClick}>{add.label}</Button>
  );
}
