import {
  MAX_VARIANTS,
  type Product,
  type ProductOption,
  type ProductPack,
  type ProductVariant,
} from '@tillbook/contract/products';

/**
 * The variants part of the product form (issue 33): options, the grid of variants they make,
 * and packs. Amounts are minor units (`MoneyInput`: null when empty, NaN while not an amount);
 * counts are text as typed.
 */

export type OptionValues = { name: string; values: string[] };

export type PackValues = { name: string; factor: string; barcode: string; price: number | null };

/** One row of the variants grid: one combination of the options' values. */
export type VariantValues = {
  /** The saved variant's id; null for a row the form made, matched by its values on save. */
  id: string | null;
  /** The row's value of each option, in the options' order ('' where an option has none yet). */
  values: string[];
  /** Null: the product's price. */
  price: number | null;
  /** Opening stock of a new row. */
  quantity: string;
  /** Base units a saved variant holds: changed with Adjust stock (a reason each time), not here. */
  stock: number | null;
  sku: string;
  barcode: string;
  packs: PackValues[];
  /**
   * A saved variant's cost, sale price and threshold where they differ from the product's (an
   * import can set them): sent back as they are, since the grid has no box for them.
   */
  kept: { cost_price?: number | null; sale_price?: number | null; low_stock_threshold?: number };
};

export const blankPack: PackValues = { name: '', factor: '', barcode: '', price: null };

/** An option as the form starts it: no name, no values. */
export const blankOption: OptionValues = { name: '', values: [] };

export const fromPack = (p: ProductPack): PackValues => ({
  name: p.name,
  factor: String(p.factor),
  barcode: p.barcode ?? '',
  price: p.price,
});

/** A row's name as the server names a variant: its values joined, `M / Red`. */
export const variantName = (values: string[]) => values.filter(Boolean).join(' / ');

/** A combination's key: its values in the options' order. */
export const comboKey = (values: string[]) => JSON.stringify(values);

/** Options that take part in the grid: those with at least one value. */
const valueLists = (options: OptionValues[]) => options.map((o) => (o.values.length ? o.values : ['']));

/** How many combinations the options make (an option without values counts once). */
export function combinationCount(options: OptionValues[]): number {
  if (!options.some((o) => o.values.length)) return 0;
  return valueLists(options).reduce((n, values) => n * values.length, 1);
}

/**
 * Every combination of the options' values, the first option outermost (S / Red, S / Blue,
 * M / Red …). An option without values yet takes '' so the others still make rows while one
 * is being typed.
 */
export function* combinations(options: OptionValues[]): Generator<string[]> {
  if (!combinationCount(options)) return;
  const lists = valueLists(options);
  const at = lists.map(() => 0);
  for (;;) {
    yield lists.map((values, i) => values[at[i]!]!);
    let i = lists.length - 1;
    while (i >= 0 && ++at[i]! === lists[i]!.length) at[i--] = 0;
    if (i < 0) return;
  }
}

/** A saved row fits a combination where it has the same value, or none yet, at every option. */
const fits = (row: VariantValues, combo: string[]) =>
  combo.every((value, i) => row.values[i] === value || !row.values[i]) &&
  row.values.slice(combo.length).every((v) => !v);

/**
 * The grid's rows for `options`: one per combination not removed, at most MAX_VARIANTS. A row
 * already in the grid keeps what was typed in it (and its id), first by its exact values, then a
 * row from before an option had values fills the first combination it fits (adding Colour to a
 * product sold by Size keeps each size's row as its first colour). Rows no combination takes are
 * dropped: on save the server removes those variants.
 */
export function syncVariants(
  options: OptionValues[],
  rows: VariantValues[],
  removed: string[],
): VariantValues[] {
  const skip = new Set(removed);
  const combos: string[][] = [];
  for (const combo of combinations(options)) {
    if (skip.has(comboKey(combo))) continue;
    combos.push(combo);
    if (combos.length === MAX_VARIANTS) break;
  }
  const free = new Set(rows.map((_, i) => i));
  const claimed = combos.map((combo) => {
    const key = comboKey(combo);
    const at = rows.findIndex((r, i) => free.has(i) && comboKey(r.values) === key);
    if (at >= 0) free.delete(at);
    return at;
  });
  return combos.map((combo, c) => {
    let at = claimed[c]!;
    if (at < 0) {
      at = rows.findIndex((r, i) => free.has(i) && fits(r, combo));
      if (at >= 0) free.delete(at);
    }
    return at >= 0 ? { ...rows[at]!, values: combo } : newRow(combo);
  });
}

export const newRow = (values: string[]): VariantValues => ({
  id: null,
  values,
  price: null,
  quantity: '0',
  stock: null,
  sku: '',
  barcode: '',
  packs: [],
  kept: {},
});

/** How many variants the options make, less the combinations the person removed. */
export function variantsWanted(options: OptionValues[], removed: string[]): number {
  const total = combinationCount(options);
  if (!total || !removed.length) return total;
  const lists = valueLists(options);
  // A removed key counts only while it is still a combination of the options.
  let gone = 0;
  for (const key of new Set(removed)) {
    const values = JSON.parse(key) as string[];
    if (values.length === lists.length && values.every((v, i) => lists[i]!.includes(v))) gone++;
  }
  return total - gone;
}

/** The options and rows without option `index`: its position leaves every row and removed key. */
export function withoutOption(
  options: OptionValues[],
  rows: VariantValues[],
  removed: string[],
  index: number,
): { options: OptionValues[]; variants: VariantValues[]; removed: string[] } {
  const drop = <T>(list: T[]) => list.filter((_, i) => i !== index);
  const next = drop(options);
  const keys = removed.map((k) => comboKey(drop(JSON.parse(k) as string[])));
  const kept = rows.map((r) => ({ ...r, values: drop(r.values) }));
  return { options: next, variants: syncVariants(next, kept, keys), removed: keys };
}

/** Every row's `field` set to one value (the grid's "Set all prices" and "Set all stock"). */
export function setAll<K extends 'price' | 'quantity'>(
  rows: VariantValues[],
  field: K,
  value: VariantValues[K],
): VariantValues[] {
  // Saved stock is changed by adjustments, so "Set all stock" fills the new rows only.
  return rows.map((r) => (field === 'quantity' && r.id !== null ? r : { ...r, [field]: value }));
}

/** A saved variant as a row of the grid, in the order of the product's options. */
export function fromVariant(v: ProductVariant, product: Product): VariantValues {
  const kept: VariantValues['kept'] = {};
  if (v.cost_price !== product.cost_price) kept.cost_price = v.cost_price;
  if (v.sale_price !== product.sale_price) kept.sale_price = v.sale_price;
  if (v.low_stock_threshold !== product.low_stock_threshold) kept.low_stock_threshold = v.low_stock_threshold;
  return {
    id: v.id,
    values: product.options.map((o) => v.options[o.name] ?? ''),
    price: v.price,
    quantity: String(v.quantity),
    stock: v.quantity,
    sku: v.sku,
    barcode: v.barcode,
    packs: v.packs.map(fromPack),
    kept,
  };
}

/** The variant that is the product itself (same id); the first, if the answer says otherwise. */
export const ownVariant = (p: Pick<Product, 'id' | 'variants'>): ProductVariant | undefined =>
  p.variants.find((v) => v.id === p.id) ?? p.variants[0];

/** The combinations of a saved product's options that have no active variant: removed before. */
export function removedCombos(options: ProductOption[], variants: ProductVariant[]): string[] {
  const have = new Set(
    variants
      .filter((v) => v.status === 'active')
      .map((v) => comboKey(options.map((o) => v.options[o.name] ?? ''))),
  );
  const out: string[] = [];
  let seen = 0;
  for (const combo of combinations(options)) {
    // The server keeps at most MAX_VARIANTS variants, so a saved product's combinations past a
    // few thousand are not worth listing.
    if (++seen > 5000) break;
    const key = comboKey(combo);
    if (!have.has(key)) out.push(key);
  }
  return out;
}
