import { mixedUnits, type Product, type ProductVariant } from '@tillbook/contract/products';

/** How stock reads on the product screens and the list: in packs where there are packs. */

type Stocked = Pick<Product, 'quantity' | 'unit' | 'track_stock' | 'variants'>;

export const activeVariants = (p: Pick<Product, 'variants'>): ProductVariant[] =>
  p.variants.filter((v) => v.status === 'active');

/**
 * The product's stock: `3 carton + 4 tin` where its one variant has packs, else the count. The
 * variants of a product with several may have different packs, so their sum stays in units.
 */
export function stockText(p: Omit<Stocked, 'track_stock'>): string {
  const active = activeVariants(p);
  const packs = active.length === 1 ? active[0]!.packs : [];
  return packs.length ? mixedUnits(p.quantity, packs, p.unit) : p.quantity.toLocaleString('en');
}

/** "3 variants · 42 in stock" under a product's name, for a product with more than one. */
export function variantSummary(p: Stocked): string | null {
  const n = activeVariants(p).length;
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
