import type { PackInput, ProductPack } from '@tillbook/contract/products';
import type { RowPack } from './product-file-rows.js';

/**
 * An import's packs against a product's or variant's current ones. Apart from
 * `products.import-variants.ts` because plain rows (`products.import.ts`) merge packs too.
 */

const lower = (s: string) => s.toLowerCase();

/**
 * A variant's packs after an import: each pack of the file replaces the current one of the same
 * barcode or name (keeping its barcode when the file gives none), new ones are added after, and
 * packs the file does not name stay (a variant may have more than the file's three).
 */
export function mergePacks(current: readonly ProductPack[], given: readonly RowPack[]): PackInput[] {
  const out: Array<(PackInput & { barcode: string | null; fromFile: boolean }) | null> = current.map((c) => ({
    name: c.name,
    factor: c.factor,
    barcode: c.barcode,
    price: c.price,
    fromFile: false,
  }));
  for (const g of given) {
    const hits = out.flatMap((c, i) =>
      c && !c.fromFile && ((g.barcode && c.barcode === g.barcode) || lower(c.name) === lower(g.name))
        ? [i]
        : [],
    );
    const sameName = hits.map((i) => out[i]!).find((c) => lower(c.name) === lower(g.name));
    // A barcode the file moves to this pack leaves the pack of the file that inherited it.
    if (g.barcode) for (const c of out) if (c?.fromFile && c.barcode === g.barcode) c.barcode = null;
    const pack = {
      name: g.name,
      factor: g.factor,
      price: g.price,
      barcode: g.barcode ?? sameName?.barcode ?? null,
      fromFile: true,
    };
    if (hits.length) {
      out[hits[0]!] = pack;
      for (const i of hits.slice(1)) out[i] = null;
    } else out.push(pack);
  }
  return out.flatMap((p) =>
    p ? [{ name: p.name, factor: p.factor, barcode: p.barcode, price: p.price }] : [],
  );
}

/** The same packs in the same order (a pack without barcode gets one on write: a change). */
export const samePacks = (current: readonly ProductPack[], next: readonly PackInput[]) =>
  current.length === next.length &&
  current.every((c, i) => {
    const n = next[i]!;
    return (
      c.name === n.name && c.factor === n.factor && c.price === n.price && c.barcode === (n.barcode ?? null)
    );
  });
