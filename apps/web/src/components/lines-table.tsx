import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-card';
import { CardList, cardLayout, RowCard, usePhoneWidth } from './row-cards';

/**
 * A detail screen's lines (an order's items, a purchase order's lines, an invoice's items): a
 * table with its figures aligned right, and below the `sm` breakpoint a card per line (the first
 * column names the line, the column marked `card: 'figure'` sits right, the rest are labelled
 * lines), so a phone never scrolls sideways to read an amount.
 */
export function LinesTable<T>({
  label,
  rows,
  rowKey,
  columns,
  minWidth = 560,
  verticalSpacing = 'sm',
  striped = false,
  footer,
  phoneFooter,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  /** The table's width before it scrolls sideways (desktop and tablet). */
  minWidth?: number;
  verticalSpacing?: 'xs' | 'sm';
  striped?: boolean;
  /** The table's footer rows (totals); on a phone the screen shows its totals below instead. */
  footer?: ReactNode;
  /** On a phone, what follows the cards (a totals card, in place of `footer`). */
  phoneFooter?: ReactNode;
}) {
  const phone = usePhoneWidth();
  if (phone) {
    const layout = cardLayout(columns.map((c) => ({ id: c.header, card: c.card })));
    return (
      <>
        <CardList label={label}>
          {rows.map((row) => (
            <li key={rowKey(row)}>
              <RowCard
                layout={layout}
                cells={columns.map((c) => ({ id: c.header, header: c.header, content: c.cell(row) }))}
              />
            </li>
          ))}
        </CardList>
        {phoneFooter}
      </>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} striped={striped} aria-label={label}>
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
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  ta={c.numeric ? 'right' : undefined}
                  style={c.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer}
      </Table>
    </Table.ScrollContainer>
  );
}
