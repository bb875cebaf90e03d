import type { ProductPack } from '@tillbook/contract/products';
import { unprocessable } from '../../lib/app-error.js';
import type { ProductForSale } from './product-rows.js';

type Variant = ProductForSale['variants'][number];

/** `Ankara shirt (M / Red)`, `Peak Milk · carton of 24`: what a line names. */
export function lineLabel(
  product: string,
  variant: string,
  pack: Pick<ProductPack, 'name' | 'factor'> | null,
): string {
  const named = variant ? `${product} (${variant})` : product;
  return pack ? `${named} · ${pack.name} of ${pack.factor}` : named;
}

/**
 * The variant and pack a line of a sale or a purchase order names (decision 0064), or a 422
 * naming `<path>.variant_id` / `<path>.pack`. Without a variant, the product's only active one; an
 * archived variant only where `archivedToo` (a sale the till made offline, flagged later).
 */
export function variantLine(
  product: ProductForSale,
  line: { variant_id?: string | undefined; pack?: string | null | undefined },
  path: string,
  archivedToo = false,
): { variant: Variant; pack: ProductPack | null } {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  let variant: Variant | undefined;
  if (line.variant_id !== undefined) {
    variant = product.variants.find((v) => v.id === line.variant_id);
    if (!variant || (variant.status !== 'active' && !archivedToo)) {
      throw unprocessable(`That variant is not one of "${product.name}" on sale.`, {
        [at('variant_id')]: 'Not a variant of this product',
      });
    }
  } else {
    const active = product.variants.filter((v) => v.status === 'active');
    if (active.length !== 1) {
      throw unprocessable(`"${product.name}" comes in several variants: choose one.`, {
        [at('variant_id')]: `Choose one of ${active.map((v) => v.name).join(', ')}`,
      });
    }
    variant = active[0]!;
  }
  if (line.pack == null) return { variant, pack: null };
  const wanted = line.pack.toLowerCase();
  const pack = variant.packs.find((p) => p.name.toLowerCase() === wanted);
  if (!pack) {
    throw unprocessable(`"${lineLabel(product.name, variant.name, null)}" has no pack "${line.pack}".`, {
      [at('pack')]: variant.packs.length
        ? `Choose one of ${variant.packs.map((p) => p.name).join(', ')}`
        : 'This product has no packs',
    });
  }
  return { variant, pack };
}
