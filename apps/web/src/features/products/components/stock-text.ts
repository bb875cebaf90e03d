import { mixedUnits, type Product, type ProductPack, type ProductVariant } from '@tillbook/contract/products';

/** How stock reads on the product screens and the list: in packs where there are packs. */

/**
 * A product with its variants (the product screen), or as the list has it: how many active
 * variants and the packs of its only one (decision 0064: a list page carries no variants).
 */
type Shape = Pick<Product, 'variants'> | { variant_count: number; packs: ProductPack[] };
type Stocked = Pick<Product, 'quantity' | 'unit' | 'track_stock'> & Shape;

export const activeVariants = (p: Pick<Product, 'variants'>): ProductVariant[] =>
  p.variants.filter((v) => v.status === 'active');

/** The number of active variants and, with one, its packs. */
function shapeOf(p: Shape): { count: number; packs: ProductPack[] } {
  if ('variants' in p) {
    const active = activeVariants(p);
    return { count: active.length, packs: active.length === 1 ? active[0]!.packs : [] };
  }
  return { count: p.variant_count, packs: p.variant_count === 1 ? p.packs : [] };
}

/**
 * The product's stock: `3 carton + 4 tin` where its one variant has packs, else the count. The
 * variants of a product with several may have different packs, so their sum stays in units.
 */
export function stockText(p: Pick<Product, 'quantity' | 'unit'> & Shape): string {
  const { packs } = shapeOf(p);
  return packs.length ? mixedUnits(p.quantity, packs, p.unit) : p.quantity.toLocaleString('en');
}

/** "3 variants · 42 in stock" under a product's name, for a product with more than one. */
export function variantSummary(p: Stocked): string | null {
  const n = shapeOf(p).count;
  if (n < 2) return null;
  return p.track_stock ? `${n} variants · ${p.quantity.toLocaleString('en')} in stock` : `${n} variants`;
}

/** A variant's name where a product has several (`M / Red`); '' for a product sold one way. */
export function variantLabel(p: Pick<Product, 'variants'>, variantId: string | null | undefined): string {
  if (p.variants.length < 2 || !variantId) return '';
  const v = p.variants.find((x) => x.id === variantId);
  if (!v) return 'Removed variant';
  return v.name || 'Default';
}
