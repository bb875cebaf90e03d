import { Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { listCardColumns, type ListColumn } from '../../../components/list-card';
import { CardList, cardLayout, RowCard, usePhoneWidth } from '../../../components/row-cards';

/** A report's totals: the first cells' text (spanning `span` columns), then a figure per column. */
export interface ReportTotals {
  /** Read by the tests, on the table's foot row and on the phone's totals card alike. */
  testId: string;
  title: ReactNode;
  /** How many leading columns the title takes on the table (1 by default). */
  span?: number;
  /** The totals by column header; a column without one is left blank. */
  cells: Record<string, ReactNode>;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A report's rows: on a wide screen a striped table, figures in tabular digits so columns of money
 * line up, scrolled sideways rather than squeezed below `minWidth`, its totals in the foot; below
 * the `sm` breakpoint (issue 31) a card per row, its key figure (the column marked
 * `card: 'figure'`) top right and the other columns as labelled lines, then a totals card, so a
 * phone reads every figure without scrolling sideways.
 */
export function ReportTable<T>({
  label,
  minWidth,
  rows,
  rowKey,
  columns,
  totals,
}: {
  label: string;
  minWidth: number;
  rows: T[];
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  totals: ReportTotals;
}) {
  const phone = usePhoneWidth();
  if (phone) {
    const layout = cardLayout(listCardColumns(columns));
    return (
      <Stack gap="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
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
        <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid={totals.testId}>
          <Text size="sm" fw={700} mb={6}>
            {totals.title}
          </Text>
          <Stack gap={4}>
            {columns
              .filter((c) => totals.cells[c.header] !== undefined)
              .map((c) => (
                <Text key={c.header} component="div" size="sm" display="flex" style={{ gap: 8 }}>
                  <Text span size="xs" c="dimmed" style={{ flex: 1 }}>
                    {c.header}
                  </Text>
                  <Text span size="sm" fw={700} ta="right">
                    {totals.cells[c.header]}
                  </Text>
                </Text>
              ))}
          </Stack>
        </Paper>
      </Stack>
    );
  }
  const span = totals.span ?? 1;
  return (
    <ScrollArea type="auto">
      <Table
        striped
        verticalSpacing="xs"
        miw={minWidth}
        aria-label={label}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
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
                  style={c.noWrap ? NO_WRAP : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid={totals.testId}>
            <Table.Th scope="row" colSpan={span}>
              {totals.title}
            </Table.Th>
            {columns.slice(span).map((c) => (
              <Table.Td
                key={c.header}
                ta={c.numeric ? 'right' : undefined}
                style={c.noWrap ? NO_WRAP : undefined}
              >
                {totals.cells[c.header]}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
