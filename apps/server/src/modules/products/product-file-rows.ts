import { trimmed } from '@tillbook/contract/common';
import {
  createProductBody,
  MAX_PRODUCT_OPTIONS,
  packInput,
  productOptionInput,
  type ImportRowError,
  type PackInput,
} from '@tillbook/contract/products';
import type { z } from 'zod';
import { parseMajorAmount, parseYesNo, type SheetRow } from '../../lib/spreadsheet.js';
import { FILE_PACKS } from './product-file.js';
import type { ProductsTable } from './products.tables.js';

/**
 * A row of the product file read as an import reads it: its cells as typed fields (options and
 * packs included), then checked with the API's rules. Apart from `product-file.ts` (the file's
 * columns, template and export) because only the import reads cells.
 */

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
