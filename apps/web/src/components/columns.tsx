import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DateTime, Money } from './money';
import type { CardRole } from './row-cards';
import { StatusBadge } from './status-badge';

/**
 * The list tables' columns, written once: a server-paged list sorts on the server, so a column
 * does not sort unless it says `sortable`. Each helper takes the column's id, its header and
 * what it shows of a row; `card` places the column on a phone's card (the helpers below give
 * the name, figure and status their places; any other column is a labelled line).
 */
type Options = { sortable?: boolean; wrap?: boolean; card?: CardRole };

export function column<T>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode,
  options: Options = {},
): ColumnDef<T, unknown> {
  return {
    id,
    header,
    enableSorting: options.sortable ?? false,
    ...(options.wrap || options.card
      ? { meta: { ...(options.wrap ? { wrap: true } : {}), ...(options.card ? { card: options.card } : {}) } }
      : {}),
    cell: ({ row }) => cell(row.original),
  };
}

/** The record's name or number, in bold: what a row is called. */
export const titleColumn = <T,>(id: string, header: string, get: (row: T) => ReactNode, options?: Options) =>
  column<T>(
    id,
    header,
    (row) => (
      <Text fw={600} size="sm">
        {get(row)}
      </Text>
    ),
    { card: 'title', ...options },
  );

/** Text that may be missing, shown as a dash then. */
export const textColumn = <T,>(id: string, header: string, get: (row: T) => ReactNode, options?: Options) =>
  column<T>(id, header, (row) => get(row) ?? '—', options);

/** An amount in minor units, in the store's currency (or the row's). */
export const moneyColumn = <T,>(
  id: string,
  header: string,
  get: (row: T) => number,
  currency?: (row: T) => string | undefined,
  options?: Options,
) =>
  column<T>(id, header, (row) => <Money minor={get(row)} currency={currency?.(row)} />, {
    card: 'figure',
    ...options,
  });

/** A time in the store's zone. */
export const dateTimeColumn = <T,>(id: string, header: string, get: (row: T) => string, options?: Options) =>
  column<T>(id, header, (row) => <DateTime iso={get(row)} />, options);

/** The row's status as a coloured badge, which keeps its whole word when the table is tight. */
export const statusColumn = <T,>(get: (row: T) => string, header = 'Status', id = 'status') =>
  column<T>(
    id,
    header,
    (row) => (
      <div style={{ minWidth: 'max-content' }}>
        <StatusBadge status={get(row)} />
      </div>
    ),
    { card: 'status' },
  );
