import type { ProductOption, ProductPack } from '@tillbook/contract/products';
import type { ParsedRow } from './product-file-rows.js';
import type { ProductsTable } from './products.tables.js';

/**
 * The rows of a product with options read together, before `planGroup`
 * (`products.import-variants.ts`) plans their write: the option values each row gives, the
 * product's fields the rows share, and the product's variant each row is. Apart so the plan
 * reads as its steps.
 */

/** A variant of an existing product, as the import compares it. */
export interface CurrentVariant {
  id: string;
  values: Record<string, string>;
  sku: string;
  barcode: string;
  price: number;
  cost_price: number | null;
  sale_price: number | null;
  quantity: number;
  low_stock_threshold: number;
  status: 'active' | 'archived';
  packs: ProductPack[];
}

export interface ExistingProduct {
  row: ProductsTable;
  options: ProductOption[];
  /** In position order, archived ones too. */
  variants: CurrentVariant[];
}

/** Records a row's problem, naming its line and column; any one rejects the group. */
export type RejectRow = (row: ParsedRow, field: string | null, reason: string) => void;

const lower = (s: string) => s.toLowerCase();
export const keyOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([n, v]) => `${lower(n)}=${lower(v)}`)
    .sort()
    .join('\u0000');
export const labelOf = (values: Record<string, string>) => Object.values(values).join(' / ') || 'The variant';

const SHARED = ['unit', 'description', 'status', 'track_stock'] as const;
const SHARED_LABELS: Record<(typeof SHARED)[number] | 'categories', string> = {
  unit: 'unit',
  description: 'description',
  status: 'status',
  track_stock: 'stock tracking',
  categories: 'categories',
};
const shown = (v: unknown) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

/** Each row's option values, under the first row's option names; a row that cannot say has none. */
export function optionValuesOf(
  rows: ParsedRow[],
  productName: string,
  reject: RejectRow,
): Map<ParsedRow, Record<string, string>> {
  const first = rows[0]!;
  // Every row gives a value for each option of the first row, and no other.
  const names = first.options.map((o) => o.name);
  const valuesOf = new Map<ParsedRow, Record<string, string>>();
  for (const row of rows) {
    const values: Record<string, string> = {};
    const stranger = row.options.find((o) => !names.some((n) => lower(n) === lower(o.name)));
    if (stranger) {
      reject(
        row,
        `option${stranger.column}_name`,
        `"${stranger.name}" is not an option of line ${first.line} (${names.join(', ')}): give every line of "${productName}" the same options`,
      );
      continue;
    }
    for (const o of row.options) values[names.find((n) => lower(n) === lower(o.name))!] = o.value;
    const missing = first.options.find((o) => values[o.name] === undefined);
    if (missing) {
      reject(
        row,
        `option${missing.column}_value`,
        `Give the value of ${missing.name}, as line ${first.line} does`,
      );
      continue;
    }
    valuesOf.set(row, values);
  }
  return valuesOf;
}

/** The product's shared fields, from the group's rows. */
export function sharedOf(rows: ParsedRow[], reject: RejectRow): ParsedRow {
  const first = rows[0]!;
  // The product's own fields: each the first a row gives; another value on a later row is an error.
  const shared: ParsedRow = { ...first, input: { ...first.input }, cleared: new Set(first.cleared) };
  const from: Record<string, number> = {};
  for (const row of rows) {
    for (const key of SHARED) {
      const value = row.input[key];
      if (value === undefined) continue;
      if (shared.input[key] === undefined) {
        (shared.input as Record<string, unknown>)[key] = value;
        from[key] = row.line;
      } else if (shared.input[key] !== value) {
        reject(
          row,
          key,
          `Line ${from[key] ?? first.line} gives "${shown(shared.input[key])}": the lines of one product share its ${SHARED_LABELS[key]}`,
        );
      }
    }
    if (row.categories) {
      if (!shared.categories) {
        shared.categories = row.categories;
        from.categories = row.line;
      } else if (
        shared.categories.length !== row.categories.length ||
        !row.categories.every((c) => shared.categories!.some((s) => lower(s) === lower(c)))
      ) {
        reject(
          row,
          'categories',
          `Line ${from.categories ?? first.line} gives "${shared.categories.join('; ')}": the lines of one product share its categories`,
        );
      }
    }
  }
  if (shared.input.description !== undefined) shared.cleared.delete('description');
  return shared;
}

/**
 * The product's variant of each row (`match`), and the row of each variant claimed (`claimedBy`,
 * by variant id).
 */
export function matchVariants(
  rows: ParsedRow[],
  existing: ExistingProduct | undefined,
  valuesOf: ReadonlyMap<ParsedRow, Record<string, string>>,
  reject: RejectRow,
): { match: Map<ParsedRow, CurrentVariant>; claimedBy: Map<string, ParsedRow> } {
  const first = rows[0]!;
  // Each row's variant: the one holding its SKU or barcode, else the one with its option values.
  const match = new Map<ParsedRow, CurrentVariant>();
  const claimedBy = new Map<string, ParsedRow>();
  const current = existing?.variants ?? [];
  for (const row of rows) {
    const bySku = row.input.sku ? current.find((v) => v.sku === row.input.sku) : undefined;
    const byBarcode = row.input.barcode ? current.find((v) => v.barcode === row.input.barcode) : undefined;
    if (bySku && byBarcode && bySku !== byBarcode) {
      reject(
        row,
        'barcode',
        `SKU "${row.input.sku}" is ${labelOf(bySku.values)} but barcode "${row.input.barcode}" is ${labelOf(byBarcode.values)}`,
      );
      continue;
    }
    const v = bySku ?? byBarcode;
    if (!v) continue;
    const other = claimedBy.get(v.id);
    if (other) {
      reject(row, bySku ? 'sku' : 'barcode', `The same variant as line ${other.line}`);
      continue;
    }
    claimedBy.set(v.id, row);
    match.set(row, v);
  }
  for (const row of rows) {
    const values = valuesOf.get(row);
    if (match.has(row) || !values) continue;
    const v = current.find((c) => keyOf(c.values) === keyOf(values));
    if (!v) continue;
    const other = claimedBy.get(v.id);
    if (other) {
      // applyVariants would match it by its values as well: two rows on one variant.
      reject(
        row,
        `option${first.options[0]!.column}_value`,
        `${labelOf(values)} is the variant with SKU "${v.sku}", which line ${other.line} gives other options; give this line another SKU or options`,
      );
      continue;
    }
    claimedBy.set(v.id, row);
    match.set(row, v);
  }
  // A product sold one way that gains options: its own variant (stock, history) is the first new row's.
  const plain = existing && !existing.options.length && current.find((v) => v.id === existing.row.id);
  if (plain && plain.status === 'active' && !claimedBy.has(plain.id)) {
    const row = rows.find((r) => !match.has(r) && valuesOf.has(r));
    if (row) {
      claimedBy.set(plain.id, row);
      match.set(row, plain);
    }
  }
  return { match, claimedBy };
}
