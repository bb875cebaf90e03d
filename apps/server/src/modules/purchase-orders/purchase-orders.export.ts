import type { PurchaseOrderSummary, purchaseOrderExportQuery } from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { listPurchaseOrders } from './purchase-orders.service.js';

/** The purchase orders the list shows with these filters, every page, as CSV. */
export async function exportPurchaseOrders(
  ctx: StoreContext,
  q: z.output<typeof purchaseOrderExportQuery>,
): Promise<string> {
  const { money } = exportFormats(ctx);
  const columns: ExportColumn<PurchaseOrderSummary>[] = [
    { header: 'Number', value: (o) => o.number },
    { header: 'Vendor', value: (o) => o.vendor.name },
    { header: 'Date', value: (o) => o.order_date },
    { header: 'Expected', value: (o) => o.expected_date },
    { header: 'Total', value: (o) => money(o.total) },
    { header: 'Ordered', value: (o) => o.quantity_ordered },
    { header: 'Received', value: (o) => o.quantity_received },
    { header: 'Received %', value: (o) => o.received_percent },
    { header: 'Status', value: (o) => o.status },
  ];
  return csvOf(columns, await everyRow((page) => listPurchaseOrders(ctx, page), q));
}
