import type { PackInput } from '@tillbook/contract/products';
import type { ParsedRow, ProductInput } from './product-file-rows.js';
import type { GroupPlan } from './products.import-variants.js';
import type { ProductsTable } from './products.tables.js';

/**
 * What an import writes once every row is checked: the products to create, the fields, categories,
 * stock and packs that change on the ones it updates, and how many it leaves as they are. Apart
 * from `products.import-write.ts`, which carries the plan out.
 */

/** A checked row without options. */
export interface PlainRow {
  row: ParsedRow;
  before: ProductsTable | undefined;
  input: ProductInput;
  /** The product's packs after the import, when the row names any. */
  packs: PackInput[] | undefined;
  packsChanged: boolean;
}

/** The import's writes by kind, and the count of matched products it leaves as they are. */
export interface Plan {
  creates: Array<{ line: number; input: ProductInput; categories: string[]; packs: PackInput[] | undefined }>;
  updates: Array<{
    line: number;
    before: ProductsTable;
    patch: Partial<ProductsTable>;
    categories: string[] | undefined;
    quantity: number | undefined;
    packs: PackInput[] | undefined;
  }>;
  groupCreates: GroupPlan[];
  groupUpdates: Array<{
    group: GroupPlan;
    before: ProductsTable;
    patch: Partial<ProductsTable>;
    categories: string[] | undefined;
  }>;
  unchanged: number;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The fields of a product an import row changes; `variantFields` false for the rows of a product with options. */
function patchOf(
  row: ParsedRow,
  input: ProductInput,
  before: ProductsTable,
  variantFields: boolean,
): Partial<ProductsTable> {
  const patch: Partial<ProductsTable> = {};
  const set = <K extends keyof ProductsTable>(key: K, value: ProductsTable[K]) => {
    if (value !== before[key]) patch[key] = value;
  };
  const given = row.input;
  if (given.name !== undefined) set('name', input.name);
  if (given.unit) set('unit', input.unit!);
  if (given.description !== undefined) set('description', input.description ?? null);
  else if (row.cleared.has('description')) set('description', null);
  if (given.track_stock !== undefined) set('track_stock', input.track_stock ? 1 : 0);
  if (given.status !== undefined) set('status', input.status!);
  // A product with options mirrors its first variant's codes and prices: those change through it.
  if (!variantFields) return patch;
  if (given.sku) set('sku', input.sku!);
  if (given.barcode) set('barcode', input.barcode!);
  if (given.price !== undefined) set('price', input.price);
  for (const key of ['sale_price', 'cost_price'] as const) {
    if (given[key] !== undefined) set(key, input[key] ?? null);
    else if (row.cleared.has(key)) set(key, null);
  }
  if (given.low_stock_threshold !== undefined) set('low_stock_threshold', input.low_stock_threshold!);
  return patch;
}

/**
 * The import's plan. `idsOf` gives the ids of categories by name (all exist by now);
 * `currentCategories` the category ids each matched product has.
 */
export function planImport(
  valid: PlainRow[],
  groups: GroupPlan[],
  idsOf: (names: string[]) => string[],
  currentCategories: ReadonlyMap<string, string[]>,
): Plan {
  const categoriesChange = (row: ParsedRow, before: ProductsTable) => {
    const categories = row.categories ? idsOf(row.categories) : undefined;
    return categories !== undefined && !sameSet(categories, currentCategories.get(before.id) ?? [])
      ? categories
      : undefined;
  };

  const plan: Plan = { creates: [], updates: [], groupCreates: [], groupUpdates: [], unchanged: 0 };
  for (const { row, before, input, packs, packsChanged } of valid) {
    if (!before) {
      plan.creates.push({ line: row.line, input, categories: idsOf(row.categories ?? []), packs });
      continue;
    }
    const patch = patchOf(row, input, before, true);
    const categories = categoriesChange(row, before);
    const tracked = (patch.track_stock ?? before.track_stock) === 1;
    const given = row.input.quantity;
    const quantity = tracked && given != null && given !== before.quantity ? given : undefined;
    if (!Object.keys(patch).length && !categories && quantity === undefined && !packsChanged) {
      plan.unchanged++;
      continue;
    }
    plan.updates.push({
      line: row.line,
      before,
      patch,
      categories,
      quantity,
      packs: packsChanged ? packs : undefined,
    });
  }
  for (const group of groups) {
    const before = group.existing?.row;
    if (!before) {
      plan.groupCreates.push(group);
      continue;
    }
    const patch = patchOf(group.shared, group.sharedInput, before, false);
    const categories = categoriesChange(group.shared, before);
    if (!Object.keys(patch).length && !categories && !group.variantsChanged && !group.stock.length) {
      plan.unchanged++;
      continue;
    }
    plan.groupUpdates.push({ group, before, patch, categories });
  }
  return plan;
}
