import type { Shift, shiftExportQuery } from '@tillbook/contract/shifts';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { listShifts } from './shifts.service.js';

/** The shifts the list shows with these filters, every page, as CSV (the reports' Shifts tab). */
export async function exportShifts(ctx: StoreContext, q: z.output<typeof shiftExportQuery>): Promise<string> {
  const { money, time } = exportFormats(ctx);
  const columns: ExportColumn<Shift>[] = [
    { header: 'Shift', value: (s) => s.number },
    { header: 'Member', value: (s) => s.member.name },
    { header: 'Status', value: (s) => s.status },
    { header: 'Opened', value: (s) => time(s.opened_at) },
    { header: 'Closed', value: (s) => time(s.closed_at) },
    { header: 'Opening float', value: (s) => money(s.opening_float) },
    { header: 'Expected cash', value: (s) => money(s.expected_cash) },
    { header: 'Counted cash', value: (s) => money(s.counted_cash) },
    { header: 'Difference', value: (s) => money(s.difference) },
    { header: 'Closed by', value: (s) => s.closed_by?.name },
    { header: 'Note', value: (s) => s.note },
  ];
  return csvOf(columns, await everyRow((page) => listShifts(ctx, page), q));
}
