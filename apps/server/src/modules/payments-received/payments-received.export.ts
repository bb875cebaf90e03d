import type { PaymentReceived, paymentExportQuery } from '@tillbook/contract/payments-received';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { listPayments } from './payments-received.service.js';

/** The payments the list shows with these filters, every page, as CSV. */
export async function exportPayments(
  ctx: StoreContext,
  q: z.output<typeof paymentExportQuery>,
): Promise<string> {
  const { money, time } = exportFormats(ctx);
  const columns: ExportColumn<PaymentReceived>[] = [
    { header: 'Number', value: (p) => p.number },
    { header: 'Date', value: (p) => time(p.payment_date) },
    { header: 'Customer', value: (p) => p.customer_name ?? 'Walk-in' },
    { header: 'Order', value: (p) => p.order_number },
    { header: 'Mode', value: (p) => p.payment_mode },
    { header: 'Reference', value: (p) => p.reference },
    { header: 'Amount', value: (p) => money(p.amount) },
    { header: 'Recorded by', value: (p) => p.recorded_by.name },
  ];
  return csvOf(columns, await everyRow((page) => listPayments(ctx, page), q));
}
