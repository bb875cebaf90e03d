import type { Order, orderExportQuery } from '@tillbook/contract/orders';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { listOrders } from './orders.service.js';

/** `success` reads "Completed", as merchants say it (and the orders list shows it). */
const statusText = (status: string) =>
  status === 'success' ? 'Completed' : status.charAt(0).toUpperCase() + status.slice(1);

/** The orders the list shows with these filters, every page, as CSV (decision 0051). */
export async function exportOrders(ctx: StoreContext, q: z.output<typeof orderExportQuery>): Promise<string> {
  const { money, time } = exportFormats(ctx);
  const columns: ExportColumn<Order>[] = [
    { header: 'Number', value: (o) => o.number },
    { header: 'Items', value: (o) => o.items_count },
    { header: 'Amount', value: (o) => money(o.total) },
    { header: 'Received', value: (o) => money(o.amount_received) },
    { header: 'Outstanding', value: (o) => money(o.amount_outstanding) },
    { header: 'Customer', value: (o) => o.customer?.name ?? 'Walk-in' },
    { header: 'Phone', value: (o) => o.customer?.phone_number },
    { header: 'Date', value: (o) => time(o.created_at) },
    { header: 'Payment type', value: (o) => o.payment_type },
    { header: 'Payment', value: (o) => o.payment_state },
    { header: 'Status', value: (o) => statusText(o.status) },
    { header: 'Offline number', value: (o) => o.offline_number },
    { header: 'Offline issues', value: (o) => o.offline_issues.map((i) => i.message).join(' ') },
  ];
  return csvOf(columns, await everyRow((page) => listOrders(ctx, page), q));
}
