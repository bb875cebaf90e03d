import { trimmed } from '@tillbook/contract/common';
import {
  createProductBody,
  MAX_PRODUCT_OPTIONS,
  packInput,
  PRODUCT_FILE_COLUMNS,
  productOptionInput,
  type ImportRowError,
  type PackInput,
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
  pack1_factor: 'pack1_units',
  pack2_factor: 'pack2_units',
  pack3_factor: 'pack3_units',
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

/** An option value of a variant's row: `option<column>_name` and `option<column>_value`. */
export interface RowOption {
  name: string;
  value: string;
  column: number;
}

/** A pack of a row, from `pack<column>_name`, `_units`, `_barcode` and `_price`. */
export type RowPack = PackInput & { barcode: string | null; column: number };

export interface ParsedRow {
  line: number;
  /** Fields given with a value. */
  input: Partial<ProductInput>;
  /** Optional fields given empty (cleared on an update). */
  cleared: Set<'description' | 'sale_price' | 'cost_price'>;
  categories: string[] | undefined;
  /** Option values (decision 0064): a row with any is a variant of a product with options. */
  options: RowOption[];
  /** Packs named on the row; undefined when no pack cell has a value (the packs are left as they are). */
  packs: RowPack[] | undefined;
}

const optionName = productOptionInput.shape.name;
const optionValue = trimmed('Option value', 40);
const firstIssue = (error: { issues: Array<{ message: string }> }) => error.issues[0]?.message ?? 'Not valid';
const WHOLE = /^\d+(\.0+)?$/;

/** The `option<n>_name` and `option<n>_value` cells of a row; problems become row errors. */
function parseOptions(
  text: (key: string) => string | undefined,
  line: number,
  errors: ImportRowError[],
): RowOption[] {
  const options: RowOption[] = [];
  for (let column = 1; column <= MAX_PRODUCT_OPTIONS; column++) {
    const name = text(`option${column}_name`) ?? '';
    const value = text(`option${column}_value`) ?? '';
    if (!name && !value) continue;
    const bad = (part: 'name' | 'value', reason: string) =>
      errors.push({ line, field: `option${column}_${part}`, reason });
    if (!name) {
      bad('name', `Give the name of the option whose value is "${value}" (Size, Colour…)`);
      continue;
    }
    if (!value) {
      bad('value', `Give the value of ${name}`);
      continue;
    }
    const n = optionName.safeParse(name);
    if (!n.success) {
      bad('name', firstIssue(n.error));
      continue;
    }
    const v = optionValue.safeParse(value);
    if (!v.success) {
      bad('value', firstIssue(v.error));
      continue;
    }
    if (options.some((o) => o.name.toLowerCase() === n.data.toLowerCase())) {
      bad('name', `${n.data} is given twice on this line`);
      continue;
    }
    options.push({ name: n.data, value: v.data, column });
  }
  return options;
}

const PACK_FIELDS: Record<string, string> = {
  name: 'name',
  factor: 'units',
  barcode: 'barcode',
  price: 'price',
};

/** The `pack<n>_…` cells of a row, checked as the API checks a pack; undefined when all are empty. */
function parsePacks(
  text: (key: string) => string | undefined,
  line: number,
  digits: number,
  errors: ImportRowError[],
): RowPack[] | undefined {
  const packs: RowPack[] = [];
  let named = false;
  for (let column = 1; column <= FILE_PACKS; column++) {
    const cell = (part: string) => text(`pack${column}_${part}`) ?? '';
    const [name, units, barcode, price] = [
      cell('name'),
      cell('units').replace(/,/g, ''),
      cell('barcode'),
      cell('price'),
    ];
    if (!name && !units && !barcode && !price) continue;
    named = true;
    const bad = (part: string, reason: string) =>
      errors.push({ line, field: `pack${column}_${part}`, reason });
    if (!units) {
      bad('units', 'Units per pack is required (24 for a carton of 24)');
      continue;
    }
    if (!WHOLE.test(units)) {
      bad('units', 'Units per pack must be a whole number');
      continue;
    }
    if (!price) {
      bad('price', 'Pack price is required');
      continue;
    }
    const amount = parseMajorAmount(price, digits);
    if (typeof amount === 'string') {
      bad('price', `Pack price ${amount}`);
      continue;
    }
    const result = packInput.safeParse({
      name,
      factor: Number(units),
      barcode: barcode || null,
      price: amount,
    });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      bad(PACK_FIELDS[String(issue.path[0])] ?? 'name', issue.message);
      continue;
    }
    const same = packs.find((p) => p.name.toLowerCase() === result.data.name.toLowerCase());
    if (same) {
      bad('name', `Each pack needs its own name: "${same.name}" is pack ${same.column}`);
      continue;
    }
    packs.push({ ...result.data, barcode: result.data.barcode || null, column });
  }
  return named ? packs : undefined;
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
  const options = parseOptions(text, row.line, errors);
  const packs = parsePacks(text, row.line, digits, errors);
  return errors.length
    ? errors
    : {
        line: row.line,
        input: input as Partial<ProductInput>,
        cleared,
        categories: categories ? splitCategories(categories) : undefined,
        options,
        packs,
      };
}

/**
 * The row's fields checked with the same rules as the API; on an update missing fields keep their
 * values (`existing`: the product's name and price, or for a variant's row its own price).
 */
export function validate(
  parsed: ParsedRow,
  existing: Pick<ProductsTable, 'name' | 'price'> | undefined,
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
