import type { Vendor, vendorExportQuery } from '@tillbook/contract/vendors';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, type ExportColumn } from '../../lib/csv-export.js';
import { listVendors } from './vendors.service.js';

const COLUMNS: ExportColumn<Vendor>[] = [
  { header: 'Name', value: (v) => v.name },
  { header: 'Company', value: (v) => v.company_name },
  { header: 'Phone', value: (v) => v.phone_number },
  { header: 'Email', value: (v) => v.email },
  { header: 'Open purchase orders', value: (v) => v.open_purchase_orders },
  { header: 'Status', value: (v) => v.status },
];

/** The vendors the list shows with these filters, every page, as CSV. */
export async function exportVendors(
  ctx: StoreContext,
  q: z.output<typeof vendorExportQuery>,
): Promise<string> {
  return csvOf(COLUMNS, await everyRow((page) => listVendors(ctx, page), q));
}
