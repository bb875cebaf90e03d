import type { Discount, discountExportQuery } from '@tillbook/contract/discounts';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvOf, everyRow, exportFormats, type ExportColumn } from '../../lib/csv-export.js';
import { listDiscounts } from './discounts.service.js';

/** The discounts the list shows with these filters, every page, as CSV. */
export async function exportDiscounts(
  ctx: StoreContext,
  q: z.output<typeof discountExportQuery>,
): Promise<string> {
  const { money, time } = exportFormats(ctx);
  const columns: ExportColumn<Discount>[] = [
    { header: 'Name', value: (d) => d.name },
    { header: 'Code', value: (d) => d.code },
    { header: 'Type', value: (d) => d.type },
    // A percentage as it is (12.5), a fixed amount in major units.
    { header: 'Value', value: (d) => (d.type === 'percentage' ? d.value : money(d.value)) },
    { header: 'Applies to', value: (d) => d.applies_to },
    { header: 'Minimum order', value: (d) => money(d.min_order_amount) },
    { header: 'Used', value: (d) => d.used_count },
    { header: 'Limit', value: (d) => d.usage_limit },
    { header: 'Starts', value: (d) => time(d.starts_at) },
    { header: 'Ends', value: (d) => time(d.ends_at) },
    { header: 'Status', value: (d) => d.status },
  ];
  return csvOf(columns, await everyRow((page) => listDiscounts(ctx, page), q));
}
