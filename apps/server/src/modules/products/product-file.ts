import {
  createProductBody,
  MAX_PRODUCT_OPTIONS,
  PRODUCT_FILE_COLUMNS,
  type ImportRowError,
  type Product,
  type ProductVariant,
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
import { variantsRepository } from './variants.repository.js';

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

/** Packs a row of the file holds: the file has columns for three per variant. */
export const FILE_PACKS = 3;

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

const EXAMPLES: Cell[][] = [
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

type Cell = string | number | null;

const padded = (cells: Cell[], length: number): Cell[] =>
  cells.length >= length ? cells : [...cells, ...new Array<Cell>(length - cells.length).fill('')];

/** One variant's row: the product's shared fields, the variant's codes, prices, stock, options and packs. */
function variantRow(p: Product, v: ProductVariant, digits: number): Cell[] {
  return [
    p.name,
    v.sku,
    v.barcode,
    formatMajorAmount(v.price, digits),
    formatMajorAmount(v.sale_price, digits),
    formatMajorAmount(v.cost_price, digits),
    p.track_stock ? v.quantity : '',
    p.track_stock ? 'yes' : 'no',
    v.low_stock_threshold,
    p.unit,
    p.categories.map((c) => c.name).join('; '),
    p.description,
    p.status,
    ...padded(
      p.options.flatMap((o) => [o.name, v.options[o.name] ?? '']),
      MAX_PRODUCT_OPTIONS * 2,
    ),
    // The file has room for three packs a variant: a fourth and later are left out of it (an
    // import never removes a pack the file does not name, so they survive a round trip).
    ...padded(
      v.packs
        .slice(0, FILE_PACKS)
        .flatMap((k) => [k.name, k.factor, k.barcode ?? '', formatMajorAmount(k.price, digits)]),
      FILE_PACKS * 4,
    ),
  ];
}

/**
 * Products matching the list filters as CSV, in the template's columns, so an export imports
 * back: one row per active variant, the rows of a product with options one after the other.
 */
export async function* exportProducts(
  ctx: StoreContext,
  q: z.output<typeof productExportQuery>,
): AsyncGenerator<string> {
  const digits = minorDigits(ctx.access.store.currency);
  const repo = productReads(ctx.db, ctx.storeId);
  const variants = variantsRepository(ctx.db, ctx.storeId);
  async function* rows(): AsyncGenerator<Cell[][]> {
    for await (const batch of repo.each(q)) {
      const out: Cell[][] = [];
      for (const p of batch) {
        let active = p.variants.filter((v) => v.status === 'active');
        // A product's variants are read with it only when it has several (`variant_count`); one
        // with options and a single variant comes back as its own row, without the option
        // values, which are read here (rare: one option value only).
        if (p.options.length && active.some((v) => !Object.keys(v.options).length)) {
          const values = new Map(
            (await variants.variantsOf(p.id)).map(
              (r) => [r.id, JSON.parse(r.option_values) as Record<string, string>] as const,
            ),
          );
          active = active.map((v) => ({ ...v, options: values.get(v.id) ?? v.options }));
        }
        for (const v of active) out.push(variantRow(p, v, digits));
      }
      if (out.length) yield out;
    }
  }
  yield* csvBatches(PRODUCT_FILE_COLUMNS, rows(), (row) => row);
}
