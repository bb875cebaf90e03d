import { z } from 'zod';
import { queryBoolean } from './common.js';

/**
 * The product file: the import's query and report, the template's query, and the columns of the
 * import template and the export. Apart from `products.ts`, which re-exports it, so the file's
 * shape reads in one place; the customer import (`customers.ts`) answers with the same report.
 */

/** One rejected row of an import: `line` is the row number in the spreadsheet (the header is row 1). */
export const importRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importReportSchema = z.object({
  /** Data rows read from the file. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(importRowErrorSchema),
  /** False when nothing was written (`atomic=true` with rejected rows, or no valid row). */
  written: z.boolean(),
  atomic: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importQuery = z.object({ atomic: queryBoolean });
export const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).default('csv'),
});

/** Columns of the product import template and export, in order. Money is in major units (1500.50). */
export const PRODUCT_FILE_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'price',
  'sale_price',
  'cost_price',
  'quantity',
  'track_stock',
  'low_stock_threshold',
  'unit',
  'categories',
  'description',
  'status',
  // Decision 0064: one row per variant; the rows of one product follow each other, share its
  // name and give each option's value. Packs in columns, up to three per variant.
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'pack1_name',
  'pack1_units',
  'pack1_barcode',
  'pack1_price',
  'pack2_name',
  'pack2_units',
  'pack2_barcode',
  'pack2_price',
  'pack3_name',
  'pack3_units',
  'pack3_barcode',
  'pack3_price',
] as const;
