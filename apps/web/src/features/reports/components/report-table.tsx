import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A report's table: striped, figures in tabular digits so columns of money line up, and scrolled
 * sideways on a phone rather than squeezed below `minWidth`. Its children are the head, body and
 * foot.
 */
export function ReportTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <ScrollArea type="auto">
      <Table
        striped
        verticalSpacing="xs"
        miw={minWidth}
        aria-label={label}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {children}
      </Table>
    </ScrollArea>
  );
}
