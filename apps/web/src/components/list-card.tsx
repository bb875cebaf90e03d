import { Anchor, Button, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { RecentOrder } from '@tillbook/contract/reports';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { WidgetCard } from './insight-cards';
import { CardList, cardLayout, RowCard, usePhoneWidth, type CardColumn, type CardRole } from './row-cards';
import { StatusBadge } from './status-badge';

const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** One column of a ListCard's table. */
export interface ListColumn<T> {
  header: string;
  /** Figures sit right, under a right-aligned header. */
  numeric?: boolean;
  /** Kept on one line (amounts, dates): the table scrolls sideways instead. */
  noWrap?: boolean;
  /** Its place on a phone's card; by default as `listCardColumns` places it. */
  card?: CardRole;
  cell: (row: T) => ReactNode;
}

/** How a ListCard's query stands (a TanStack Query result). */
interface ListCardQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The card roles of a ListCard's columns where they name none: the first column names the row;
 * the key figure is the first amount (a figure kept on one line) or else the last figure, the
 * counts beside it being lines; a "Status" column is a badge.
 */
export function listCardColumns<T>(columns: ListColumn<T>[]): CardColumn[] {
  const named = columns.some((c) => c.card === 'figure');
  const figure = named
    ? undefined
    : (columns.find((c) => c.numeric && c.noWrap) ?? columns.findLast((c) => c.numeric))?.header;
  return columns.map((c) => ({
    id: c.header,
    card: c.card ?? (c.header === figure ? 'figure' : c.header === 'Status' ? 'status' : undefined),
  }));
}

/**
 * A short list on an overview screen (home, dashboard): a card titled as its table is named,
 * a link to the full list, the card's loading, error and empty states, and a table (below the
 * `sm` breakpoint a card per row, see `cardLayout`).
 */
export function ListCard<T>({
  title,
  query,
  rows = query.data,
  rowKey,
  columns,
  empty,
  all,
  miw,
}: {
  title: string;
  query: ListCardQuery<T>;
  /** The rows shown, when not every row the query has. */
  rows?: T[];
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  /** What the card says when the query has no rows (and the main action). */
  empty: ReactNode;
  /** The full list's link. */
  all: { to: string; label: string };
  miw?: number;
}) {
  const phone = usePhoneWidth();
  const layout = cardLayout(listCardColumns(columns));
  return (
    <WidgetCard
      title={title}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      isEmpty={query.data?.length === 0}
      empty={empty}
      actions={
        <Anchor component={Link} to={all.to} size="sm">
          {all.label}
        </Anchor>
      }
    >
      {phone ? (
        <CardList label={title}>
          {rows?.map((row) => (
            <li key={rowKey(row)}>
              <RowCard
                layout={layout}
                cells={columns.map((c) => ({ id: c.header, header: c.header, content: c.cell(row) }))}
              />
            </li>
          ))}
        </CardList>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" miw={miw} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} ta={c.numeric ? 'right' : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.header}
                      ta={c.numeric ? 'right' : undefined}
                      style={c.noWrap ? NO_WRAP : undefined}
                    >
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </WidgetCard>
  );
}

/** A record's name in a list, linking to the record. */
export function RecordLink({ to, noWrap, children }: { to: string; noWrap?: boolean; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} style={noWrap ? NO_WRAP : undefined}>
      {children}
    </Anchor>
  );
}

/** The recent-orders lists' number cell: the order's number, linking to the order. */
export const orderNumber = (o: RecentOrder) => (
  <RecordLink to={paths.order(o.id)} noWrap>
    {o.number}
  </RecordLink>
);

/** The recent-orders lists' status cell (a sale paid in full reads "Completed"). */
/** A completed order with some of it refunded reads "Partly refunded", as on the order's own screen. */
export const orderStatus = (o: RecentOrder) =>
  o.status === 'success' && o.refunded_total > 0 ? (
    <StatusBadge status="partially_refunded" label="Partly refunded" />
  ) : (
    <StatusBadge status={o.status === 'success' ? 'completed' : o.status} />
  );

/** The recent-orders lists' empty state: the first sale is the way in, for those who may sell. */
export function NoOrdersYet({ text, canSell }: { text: string; canSell: boolean }) {
  return (
    <Stack gap="xs" align="center">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {canSell && (
        <Button component={Link} to={paths.pointOfSale} size="xs">
          New sale
        </Button>
      )}
    </Stack>
  );
}
