import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LinesTable } from '../../../components/lines-table';
import type { ListColumn } from '../../../components/list-card';

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

/**
 * A report's rows: the detail screens' lines table (`LinesTable`), striped, figures in tabular
 * digits so columns of money line up, its totals in the table's foot; below the `sm` breakpoint
 * (issue 31) a card per row, its key figure (the column marked `card: 'figure'`) top right, then
 * a totals card, so a phone reads every figure without scrolling sideways.
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
  const span = totals.span ?? 1;
  const footer = (
    <Table.Tfoot>
      <Table.Tr fw={700} data-testid={totals.testId}>
        <Table.Th scope="row" colSpan={span}>
          {totals.title}
        </Table.Th>
        {columns.slice(span).map((c) => (
          <Table.Td
            key={c.header}
            ta={c.numeric ? 'right' : undefined}
            style={c.noWrap ? { whiteSpace: 'nowrap' } : undefined}
          >
            {totals.cells[c.header]}
          </Table.Td>
        ))}
      </Table.Tr>
    </Table.Tfoot>
  );
  const phoneFooter = (
    <Paper withBorder radius="md" p="sm" mt="sm" bg="gray.0" data-testid={totals.testId}>
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
  );
  return (
    <Box style={{ fontVariantNumeric: 'tabular-nums' }}>
      <LinesTable
        label={label}
        rows={rows}
        rowKey={rowKey}
        columns={columns}
        minWidth={minWidth}
        verticalSpacing="xs"
        striped
        footer={footer}
        phoneFooter={phoneFooter}
      />
    </Box>
  );
}
