import {
  MAX_PRODUCT_OPTIONS,
  PRODUCT_FILE_COLUMNS,
  type Product,
  type ProductVariant,
  type productExportQuery,
} from '@tillbook/contract/products';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { csvBatches, formatMajorAmount, importTemplate, minorDigits } from '../../lib/spreadsheet.js';
import { productReads } from './product-reads.repository.js';
import { variantsRepository } from './variants.repository.js';

/**
 * The product file, both ways: the columns an import reads (and their other names), the
 * template, and the export that imports back. A row's cells as checked fields are in
 * `product-file-rows.ts`.
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
  pack1_factor: 'pack1_units',
  pack2_factor: 'pack2_units',
  pack3_factor: 'pack3_units',
};

/** Packs a row of the file holds: the file has columns for three per variant. */
export const FILE_PACKS = 3;

type Column = (typeof PRODUCT_FILE_COLUMNS)[number];
type Cell = string | number | null;
/** A row of the file from its filled cells; the rest are empty. */
const fileRow = (cells: Partial<Record<Column, Cell>>): Cell[] =>
  PRODUCT_FILE_COLUMNS.map((c) => cells[c] ?? '');

const ankara = {
  name: 'Ankara Shirt',
  price: '8500',
  cost_price: '6000',
  track_stock: 'yes',
  low_stock_threshold: '2',
  unit: 'piece',
  categories: 'Clothing',
  description: 'Cotton shirt in Ankara print',
  status: 'active',
  option1_name: 'Size',
};

const EXAMPLES: Cell[][] = [
  fileRow({
    name: 'Peak Milk Powder 400g Refill',
    price: '3900.00',
    cost_price: '3450.00',
    quantity: '24',
    track_stock: 'yes',
    low_stock_threshold: '5',
    unit: 'pack',
    categories: 'Dairy',
    description: 'Full cream milk powder',
    status: 'active',
  }),
  fileRow({
    name: 'Indomie Chicken Noodles 70g',
    sku: 'IND-70',
    price: '350',
    cost_price: '290',
    quantity: '120',
    track_stock: 'yes',
    low_stock_threshold: '24',
    unit: 'pack',
    categories: 'Noodles & Pasta; Snacks',
    status: 'active',
  }),
  fileRow({
    name: 'Gift Wrapping',
    price: '500',
    track_stock: 'no',
    unit: 'piece',
    categories: 'Services',
    description: 'Wrapping paper and ribbon',
    status: 'active',
  }),
  // A product with options: one row per variant, one after the other, with the same name.
  fileRow({ ...ankara, sku: 'ANK-S', quantity: '10', option1_value: 'S' }),
  fileRow({ ...ankara, sku: 'ANK-M', quantity: '8', option1_value: 'M' }),
  // Also sold by the carton: stock stays in tins (96 = 4 cartons).
  fileRow({
    name: 'Peak Milk 400g Tin',
    price: '2600',
    cost_price: '2300',
    quantity: '96',
    track_stock: 'yes',
    low_stock_threshold: '24',
    unit: 'tin',
    categories: 'Dairy',
    status: 'active',
    pack1_name: 'carton',
    pack1_units: '24',
    pack1_price: '60000',
  }),
];

/** The import template: the columns in order and example rows (a product with sizes, one with a carton). */
export async function productTemplate(
  format: 'csv' | 'xlsx',
): Promise<{ data: Buffer; type: string; name: string }> {
  return importTemplate(format, 'products', 'Products', PRODUCT_FILE_COLUMNS, EXAMPLES, [
    'sku',
    'barcode',
    'pack1_barcode',
    'pack2_barcode',
    'pack3_barcode',
  ]);
}

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
