import {
  createProductBody,
  PRODUCT_FILE_COLUMNS,
  type ImportRowError,
  type productExportQuery,
} from '@tillbook/contract/products';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import {
  csvBatches,
  formatMajorAmount,
  importTemplate,
  minorDigits,
  parseMajorAmount,
  parseYesNo,
  type SheetRow,
} from '../../lib/spreadsheet.js';
import { productReads } from './product-reads.repository.js';
import type { ProductsTable } from './products.tables.js';

/**
 * The product file, both ways: the columns an import reads (and their other names), a row's
 * cells as checked fields, the template, and the export that imports back.
 */

export const ALIASES: Record<string, string> = {
  product: 'name',
  product_name: 'name',
  item: 'name',
  item_name: 'name',
  title: 'name',
  selling_price: 'price',
  unit_price: 'price',
  retail_price: 'price',
  discount_price: 'sale_price',
  cost: 'cost_price',
  purchase_price: 'cost_price',
  stock: 'quantity',
  qty: 'quantity',
  quantity_in_stock: 'quantity',
  stock_quantity: 'quantity',
  category: 'categories',
  category_name: 'categories',
  track_inventory: 'track_stock',
  low_stock: 'low_stock_threshold',
  reorder_level: 'low_stock_threshold',
  ean: 'barcode',
  upc: 'barcode',
  gtin: 'barcode',
};

const LABELS: Record<string, string> = {
  name: 'Name',
  sku: 'SKU',
  barcode: 'Barcode',
  price: 'Price',
  sale_price: 'Sale price',
  cost_price: 'Cost price',
  quantity: 'Quantity',
  track_stock: 'Track stock',
  low_stock_threshold: 'Low-stock threshold',
  status: 'Status',
};

export type ProductInput = z.output<typeof createProductBody>;

export interface ParsedRow {
  line: number;
  /** Fields given with a value. */
  input: Partial<ProductInput>;
  /** Optional fields given empty (cleared on an update). */
  cleared: Set<'description' | 'sale_price' | 'cost_price'>;
  categories: string[] | undefined;
}

const splitCategories = (text: string) =>
  [
    ...new Map(
      text
        .split(/[;|,]/)
        .map((c) => c.trim().replace(/\s+/g, ' ').slice(0, 100))
        .filter(Boolean)
        .map((c) => [c.toLowerCase(), c] as const),
    ).values(),
  ].slice(0, 20);

/** Cells to typed fields; conversion problems become row errors. */
export function parseRow(row: SheetRow, columns: Set<string>, digits: number): ParsedRow | ImportRowError[] {
  const v = row.values;
  const errors: ImportRowError[] = [];
  const input: Record<string, unknown> = {};
  const cleared = new Set<'description' | 'sale_price' | 'cost_price'>();
  const text = (key: string) => (columns.has(key) ? (v[key] ?? '') : undefined);

  for (const key of ['name', 'sku', 'barcode', 'unit', 'description', 'status'] as const) {
    const value = text(key);
    if (value) input[key] = key === 'status' ? value.toLowerCase() : value;
    else if (value === '' && key === 'description') cleared.add('description');
  }
  for (const key of ['price', 'sale_price', 'cost_price'] as const) {
    const value = text(key);
    if (!value) {
      if (value === '' && key !== 'price') cleared.add(key);
      continue;
    }
    const amount = parseMajorAmount(value, digits);
    if (typeof amount === 'string')
      errors.push({ line: row.line, field: key, reason: `${LABELS[key]} ${amount}` });
    else input[key] = amount;
  }
  for (const key of ['quantity', 'low_stock_threshold'] as const) {
    const value = text(key)?.replace(/,/g, '');
    if (value) input[key] = /^-?\d+(\.0+)?$/.test(value) ? Number(value) : Number.NaN;
  }
  const track = text('track_stock');
  if (track !== undefined) {
    const parsed = parseYesNo(track);
    if (typeof parsed === 'string') {
      errors.push({ line: row.line, field: 'track_stock', reason: `${LABELS.track_stock} ${parsed}` });
    } else if (parsed !== undefined) input.track_stock = parsed;
  }
  const categories = text('categories');
  return errors.length
    ? errors
    : {
        line: row.line,
        input: input as Partial<ProductInput>,
        cleared,
        categories: categories ? splitCategories(categories) : undefined,
      };
}

/** The row's fields checked with the same rules as the API; on an update missing fields keep their values. */
export function validate(
  parsed: ParsedRow,
  existing: ProductsTable | undefined,
): ProductInput | ImportRowError[] {
  const candidate = existing ? { name: existing.name, price: existing.price, ...parsed.input } : parsed.input;
  const result = createProductBody.safeParse(candidate);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: ImportRowError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    if (seen.has(field)) continue;
    seen.add(field);
    const message =
      issue.code === 'invalid_type' && !(field in candidate)
        ? `${LABELS[field] ?? field} is required`
        : issue.message;
    errors.push({ line: parsed.line, field, reason: message });
  }
  return errors;
}

const EXAMPLES = [
  [
    'Peak Milk Powder 400g Refill',
    '',
    '',
    '3900.00',
    '',
    '3450.00',
    '24',
    'yes',
    '5',
    'pack',
    'Dairy',
    'Full cream milk powder',
    'active',
  ],
  [
    'Indomie Chicken Noodles 70g',
    'IND-70',
    '',
    '350',
    '',
    '290',
    '120',
    'yes',
    '24',
    'pack',
    'Noodles & Pasta; Snacks',
    '',
    'active',
  ],
  [
    'Gift Wrapping',
    '',
    '',
    '500',
    '',
    '',
    '',
    'no',
    '',
    'piece',
    'Services',
    'Wrapping paper and ribbon',
    'active',
  ],
];

/** The import template: the columns in order and three example rows. */
export async function productTemplate(
  format: 'csv' | 'xlsx',
): Promise<{ data: Buffer; type: string; name: string }> {
  return importTemplate(format, 'products', 'Products', PRODUCT_FILE_COLUMNS, EXAMPLES, ['sku', 'barcode']);
}

/** Products matching the list filters as CSV, in the template's columns, so an export imports back. */
export async function* exportProducts(
  ctx: StoreContext,
  q: z.output<typeof productExportQuery>,
): AsyncGenerator<string> {
  const digits = minorDigits(ctx.access.store.currency);
  const repo = productReads(ctx.db, ctx.storeId);
  yield* csvBatches(PRODUCT_FILE_COLUMNS, repo.each(q), (p) => [
    p.name,
    p.sku,
    p.barcode,
    formatMajorAmount(p.price, digits),
    formatMajorAmount(p.sale_price, digits),
    formatMajorAmount(p.cost_price, digits),
    p.track_stock ? p.quantity : '',
    p.track_stock ? 'yes' : 'no',
    p.low_stock_threshold,
    p.unit,
    p.categories.map((c) => c.name).join('; '),
    p.description,
    p.status,
  ]);
}
