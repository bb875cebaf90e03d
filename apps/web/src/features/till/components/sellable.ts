import { sellingPrice } from '@tillbook/contract/pricing';
import type { BarcodeMatch, Product, ProductPack, ProductVariant } from '@tillbook/contract/products';

/**
 * What the till sells of a product (issue 33): one of its variants, by the unit or in one of the
 * variant's packs. Stock is kept in base units; a pack takes `factor` of them.
 */
export interface Sellable {
  product: Product;
  variant: ProductVariant;
  pack: ProductPack | null;
  /**
   * The order line must name the variant: the product has other active variants (the server
   * refuses a line without one), or this one is not the product's own.
   */
  named: boolean;
}

/** Which variant and pack a scan, the picker or the cart asks for; left out, the product's only one. */
export interface LineChoice {
  variantId?: string | null;
  pack?: string | null;
}

/**
 * The product as the variant a copy written before variants existed stands for: a row kept in
 * IndexedDB from then has no `variants` until the product changes or a full answer replaces it.
 */
function ownVariant(product: Product): ProductVariant {
  return {
    id: product.id,
    options: {},
    name: '',
    sku: product.sku,
    barcode: product.barcode,
    price: product.price,
    cost_price: product.cost_price,
    sale_price: product.sale_price,
    quantity: product.quantity,
    low_stock_threshold: product.low_stock_threshold,
    stock_status: product.stock_status,
    image: product.images[0] ?? null,
    status: 'active',
    packs: [],
  };
}

export function variantsOf(product: Product): ProductVariant[] {
  const stored = (product as Partial<Pick<Product, 'variants'>>).variants;
  return stored?.length ? stored : [ownVariant(product)];
}

export const activeVariants = (product: Product): ProductVariant[] =>
  variantsOf(product).filter((v) => v.status === 'active');

/** A tap on the product cannot tell what to sell: the cashier picks one of its variants. */
export const needsVariantChoice = (product: Product): boolean => activeVariants(product).length > 1;

/** The price one of the sellable's units is sold at: a pack's own price (packs have no sale price). */
export const priceOf = (s: Pick<Sellable, 'variant' | 'pack'>): number =>
  s.pack ? s.pack.price : sellingPrice(s.variant);

export { mixedUnits } from '@tillbook/contract/stock-units';

/** The lowest price a product sells at over its active variants (a tile's "from" price). */
export function lowestPrice(product: Product): number {
  const prices = activeVariants(product).map((v) => sellingPrice(v));
  return prices.length ? Math.min(...prices) : sellingPrice(product);
}

/** Which field of an order line a refusal is about, as the server names it (`items.2.pack`). */
export type LineField = 'product_id' | 'variant_id' | 'pack';

/**
 * The variant and pack asked for, or why the till cannot sell them. `archived`: a product or
 * variant archived since it went in the cart is still priced (an offline sale of one is recorded
 * by the server with the fact, decision 0036); a new line of one is refused.
 */
export function resolveSellable(
  product: Product,
  choice: LineChoice = {},
  { archived = false }: { archived?: boolean } = {},
): { sellable: Sellable; problem?: undefined } | { sellable?: undefined; problem: string; field: LineField } {
  const refuse = (problem: string, field: LineField = 'variant_id') => ({ problem, field });
  if (product.status === 'archived' && !archived)
    return refuse(`${product.name} is archived and cannot be sold`, 'product_id');
  const active = activeVariants(product);
  let variant: ProductVariant | undefined;
  if (choice.variantId) {
    variant = variantsOf(product).find((v) => v.id === choice.variantId);
    if (!variant) return refuse(`This variant of ${product.name} is not on this till: connect to sell it`);
    if (variant.status !== 'active' && !archived)
      return refuse(`${product.name} ${variant.name} is no longer sold`.trim());
  } else if (active.length === 1) {
    variant = active[0]!;
  } else {
    return refuse(
      active.length ? `Choose which ${product.name} to sell` : `${product.name} has nothing to sell`,
    );
  }
  let pack: ProductPack | null = null;
  if (choice.pack) {
    const wanted = choice.pack.trim().toLowerCase();
    pack = variant.packs.find((p) => p.name.toLowerCase() === wanted) ?? null;
    if (!pack) return refuse(`${product.name} is not sold in a ${choice.pack}`, 'pack');
  }
  return { sellable: { product, variant, pack, named: active.length > 1 || variant.id !== product.id } };
}

/**
 * What a scanned code asks the till to add (`GET /product/search-barcode`, or the device's copy):
 * the variant it names, in the pack whose barcode it is. Null when it names no variant of a
 * product that has several (an answer from a server before variants): the cashier picks.
 */
export function choiceOfMatch(match: BarcodeMatch): LineChoice | null {
  if (!match.variant_id && needsVariantChoice(match)) return null;
  return { variantId: match.variant_id || null, pack: match.pack?.name ?? null };
}
