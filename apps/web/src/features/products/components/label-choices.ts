import type { Product } from '@tillbook/contract/products';
import { encodeBarcode } from './barcode';

/** One kind of shelf label: a variant's code, or a pack's. */
export interface LabelChoice {
  key: string;
  /** The product's name, the label's first line. */
  name: string;
  /** The variant and pack it is for (`M / Red`, `carton of 24`); '' for a product sold one way. */
  detail: string;
  barcode: string;
  /** Minor units: the variant's (sale) price, or the pack's. */
  price: number;
}

/**
 * The labels a product can print: each active variant's barcode, then each of its packs that
 * has a barcode of its own, leaving out codes that cannot be drawn. A product the server sends
 * without variants is its own one.
 */
export function labelChoices(
  p: Pick<Product, 'id' | 'name' | 'barcode' | 'price' | 'sale_price' | 'variants'>,
): LabelChoice[] {
  const active = p.variants.filter((v) => v.status === 'active');
  const variants = active.length
    ? active
    : [{ id: p.id, name: '', barcode: p.barcode, price: p.price, sale_price: p.sale_price, packs: [] }];
  const out: LabelChoice[] = [];
  for (const v of variants) {
    out.push({ key: v.id, name: p.name, detail: v.name, barcode: v.barcode, price: v.sale_price ?? v.price });
    for (const pack of v.packs) {
      if (!pack.barcode) continue;
      out.push({
        key: `${v.id}/${pack.name}`,
        name: p.name,
        detail: [v.name, `${pack.name} of ${pack.factor}`].filter(Boolean).join(' · '),
        barcode: pack.barcode,
        price: pack.price,
      });
    }
  }
  return out.filter((c) => encodeBarcode(c.barcode));
}

/** The labels to print: each chosen kind as many times as asked, in the list's order. */
export function labelSheet(choices: LabelChoice[], copies: Record<string, number>): LabelChoice[] {
  return choices.flatMap((c) => Array.from({ length: Math.max(0, copies[c.key] ?? 0) }, () => c));
}
