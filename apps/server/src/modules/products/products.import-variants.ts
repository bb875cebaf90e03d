import {
  MAX_OPTION_VALUES,
  MAX_PACKS,
  MAX_VARIANTS,
  type ImportRowError,
  type PackInput,
  type ProductOption,
  type VariantInput,
} from '@tillbook/contract/products';
import { validate, type ParsedRow, type ProductInput } from './product-file-rows.js';
import {
  keyOf,
  labelOf,
  matchVariants,
  optionValuesOf,
  sharedOf,
  type ExistingProduct,
} from './products.import-group-rows.js';
import { mergePacks, samePacks } from './products.import-packs.js';
import type { CodeOwner } from './variants.repository.js';

/**
 * The rows of a product with options in an import (decision 0064): a group of consecutive rows,
 * one per variant, checked and matched with the product's variants before anything is written,
 * and the body `applyVariants` then writes. An import adds and changes variants and packs; it
 * never removes one (a row left out of a file is not a request to delete), so a partial file
 * only touches what it names.
 */

/** A variant's stock to set from the file: `variantId` is unknown until a new variant is written. */
export interface GroupStock {
  line: number;
  variantId: string | undefined;
  input: VariantInput;
  from: number;
  to: number;
}

export interface GroupPlan {
  rows: ParsedRow[];
  /** The product's shared fields: each the first the group's rows give. */
  shared: ParsedRow;
  /** The shared fields checked (`shared`'s input). */
  sharedInput: ProductInput;
  /** The first row checked: a new product's own fields (price, codes) are its variant's. */
  first: ProductInput;
  existing: ExistingProduct | undefined;
  options: ProductOption[];
  /** The body's variants: an existing product's in their order (those not in the file kept), then new ones. */
  variants: VariantInput[];
  /** The rows' variants, for codes to generate and stock to set. */
  rowVariants: VariantInput[];
  /** Options, variants or packs change (false: only shared fields or stock may). */
  variantsChanged: boolean;
  tracked: boolean;
  stock: GroupStock[];
}

const lower = (s: string) => s.toLowerCase();

/**
 * Checks a group's rows against each other and the product they match (`existing`, or none for a
 * new product) and plans its write. Errors name a line and column; any error rejects the group.
 */
export function planGroup(
  rows: ParsedRow[],
  existing: ExistingProduct | undefined,
  barcodeOwners: ReadonlyMap<string, CodeOwner>,
): { errors: ImportRowError[] } | { plan: GroupPlan } {
  const errors: ImportRowError[] = [];
  const reject = (row: ParsedRow, field: string | null, reason: string) =>
    errors.push({ line: row.line, field, reason });
  const first = rows[0]!;
  const productName = existing?.row.name ?? first.input.name ?? '';

  const names = first.options.map((o) => o.name);
  const valuesOf = optionValuesOf(rows, productName, reject);
  const shared = sharedOf(rows, reject);
  const { match, claimedBy } = matchVariants(rows, existing, valuesOf, reject);
  const current = existing?.variants ?? [];

  // The options: the product's values first (the file's spelling), then new ones in order of appearance.
  const options: ProductOption[] = names.map((name) => {
    const values = [...(existing?.options.find((o) => lower(o.name) === lower(name))?.values ?? [])];
    for (const row of rows) {
      const v = valuesOf.get(row)?.[name];
      if (v === undefined) continue;
      const at = values.findIndex((x) => lower(x) === lower(v));
      if (at < 0) values.push(v);
      else values[at] = v;
    }
    return { name, values };
  });
  const spelled = (values: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [n, v] of Object.entries(values)) {
      const option = options.find((o) => lower(o.name) === lower(n));
      if (option) out[option.name] = option.values.find((x) => lower(x) === lower(v)) ?? v;
    }
    return out;
  };
  for (const [i, o] of options.entries()) {
    if (o.values.length > MAX_OPTION_VALUES) {
      reject(
        first,
        `option${first.options[i]!.column}_value`,
        `An option has at most ${MAX_OPTION_VALUES} values; ${o.name} would have ${o.values.length}`,
      );
    }
  }

  // Variants the file leaves out stay as they are, which needs the same options.
  const kept = current.filter((v) => v.status === 'active' && !claimedBy.has(v.id));
  const sameNames =
    !!existing &&
    existing.options.length === names.length &&
    existing.options.every((o) => names.some((n) => lower(n) === lower(o.name)));
  if (kept.length && !sameNames) {
    reject(
      first,
      `option${first.options[0]!.column}_name`,
      `"${productName}" has variants not in the file (${kept.map((v) => labelOf(v.values)).join(', ')}); with options other than ${existing!.options.map((o) => o.name).join(', ') || 'none'}, give a line for each of them`,
    );
  }
  const seen = new Map<string, string>(kept.map((v) => [keyOf(v.values), `the variant with SKU "${v.sku}"`]));
  for (const row of rows) {
    const values = valuesOf.get(row);
    if (!values) continue;
    const key = keyOf(values);
    const before = seen.get(key);
    if (before) reject(row, `option${first.options[0]!.column}_value`, `The same options as ${before}`);
    else seen.set(key, `line ${row.line}`);
  }
  const total = kept.length + rows.length;
  if (total > MAX_VARIANTS) {
    reject(
      rows[Math.max(0, MAX_VARIANTS - kept.length)] ?? first,
      `option${first.options[0]!.column}_value`,
      `A product has at most ${MAX_VARIANTS} variants; these lines make ${total}`,
    );
  }

  // Each row checked as a product's fields; a missing price is its variant's, else the product's.
  const firstPrice = existing?.row.price ?? first.input.price;
  const checked = new Map<ParsedRow, ProductInput>();
  for (const row of rows) {
    const price = match.get(row)?.price ?? firstPrice;
    const result = validate(
      row,
      price === undefined ? undefined : { name: row.input.name ?? productName, price },
    );
    if (Array.isArray(result)) errors.push(...result);
    else checked.set(row, result);
  }
  const defaultSale = existing ? existing.row.sale_price : (checked.get(first)?.sale_price ?? null);
  const given = <K extends 'sale_price' | 'cost_price'>(row: ParsedRow, input: ProductInput, key: K) =>
    row.input[key] !== undefined ? (input[key] ?? null) : row.cleared.has(key) ? null : undefined;

  const tracked = shared.input.track_stock ?? (existing ? existing.row.track_stock === 1 : true);
  const rowVariants = new Map<ParsedRow, VariantInput>();
  const stock: GroupStock[] = [];
  for (const row of rows) {
    const input = checked.get(row);
    const values = valuesOf.get(row);
    if (!input || !values) continue;
    const m = match.get(row);
    const sale = given(row, input, 'sale_price');
    const effectiveSale =
      sale !== undefined
        ? sale
        : m
          ? m.sale_price
          : defaultSale !== null && defaultSale <= input.price
            ? defaultSale
            : null;
    if (effectiveSale !== null && effectiveSale > input.price) {
      reject(row, 'sale_price', 'Sale price cannot be more than the price');
      continue;
    }
    let packs: PackInput[] | undefined;
    if (row.packs) {
      for (const p of row.packs) {
        const owner = p.barcode ? barcodeOwners.get(p.barcode) : undefined;
        if (owner && !(owner.kind === 'pack' && m && owner.variantId === m.id)) {
          reject(
            row,
            `pack${p.column}_barcode`,
            owner.productId === existing?.row.id
              ? `Barcode "${p.barcode}" is already used by another variant of "${owner.productName}"`
              : `Barcode "${p.barcode}" is already used by "${owner.productName}"`,
          );
        }
      }
      packs = m ? mergePacks(m.packs, row.packs) : row.packs.map(({ column: _, ...p }) => p);
      if (packs.length > MAX_PACKS) {
        reject(row, `pack${row.packs[0]!.column}_name`, `A variant has at most ${MAX_PACKS} packs`);
      }
    }
    const variant: VariantInput = { options: spelled(values) };
    if (m) variant.id = m.id;
    if (input.sku) variant.sku = input.sku;
    if (input.barcode) variant.barcode = input.barcode;
    if (row.input.price !== undefined) variant.price = input.price;
    const cost = given(row, input, 'cost_price');
    if (cost !== undefined) variant.cost_price = cost;
    if (sale !== undefined) variant.sale_price = sale;
    if (row.input.low_stock_threshold !== undefined) variant.low_stock_threshold = input.low_stock_threshold;
    if (packs) variant.packs = packs;
    rowVariants.set(row, variant);
    const to = input.quantity;
    const was = m?.quantity ?? 0;
    if (tracked && to != null && to !== was) {
      stock.push({ line: row.line, variantId: m?.id, input: variant, from: was, to });
    }
  }
  const sharedInput = validate(shared, { name: productName, price: firstPrice ?? 0 });
  if (Array.isArray(sharedInput)) errors.push(...sharedInput);
  if (errors.length || Array.isArray(sharedInput)) return { errors };

  // An existing product's variants in their order, rows in place of theirs; then the new ones.
  const ordered: VariantInput[] = [];
  if (existing) {
    for (const v of current) {
      if (v.status !== 'active') continue;
      const row = claimedBy.get(v.id);
      ordered.push(row ? rowVariants.get(row)! : { id: v.id, options: spelled(v.values) });
    }
  }
  for (const row of rows) {
    const m = match.get(row);
    if (!m || m.status !== 'active') ordered.push(rowVariants.get(row)!);
  }

  const changed = (row: ParsedRow): boolean => {
    const m = match.get(row);
    const v = rowVariants.get(row)!;
    if (!m || m.status !== 'active') return true;
    const values = v.options;
    if (keyOf(values) !== keyOf(m.values)) return true;
    if (Object.entries(values).some(([n, x]) => m.values[n] !== x)) return true;
    if (v.sku && v.sku !== m.sku) return true;
    if (v.barcode && v.barcode !== m.barcode) return true;
    if (v.price != null && v.price !== m.price) return true;
    if (v.cost_price !== undefined && v.cost_price !== m.cost_price) return true;
    if (v.sale_price !== undefined && v.sale_price !== m.sale_price) return true;
    if (v.low_stock_threshold != null && v.low_stock_threshold !== m.low_stock_threshold) return true;
    return !!v.packs && !samePacks(m.packs, v.packs);
  };
  const variantsChanged =
    !existing || JSON.stringify(existing.options) !== JSON.stringify(options) || rows.some(changed);

  return {
    plan: {
      rows,
      shared,
      sharedInput,
      first: checked.get(first)!,
      existing,
      options,
      variants: ordered,
      rowVariants: rows.map((r) => rowVariants.get(r)!),
      variantsChanged,
      tracked,
      stock,
    },
  };
}
