import { randomInt } from 'node:crypto';
import { gtinCheckDigit } from '@tillbook/contract/products';
import type { ProductsRepository } from './products.repository.js';

/**
 * An EAN-13 in the GS1 prefix 20-29, which GS1 reserves for numbers a shop assigns itself
 * (in-store use), so a generated code never collides with a manufacturer's barcode.
 */
export function randomStoreEan13(): string {
  let body = `2${randomInt(0, 10)}`;
  for (let i = 0; i < 10; i++) body += String(randomInt(0, 10));
  return body + String(gtinCheckDigit(body));
}

export const skuFromNumber = (n: number) => `SKU-${String(n).padStart(6, '0')}`;

/** `count` barcodes free in the store and distinct from `taken`. */
export async function freshBarcodes(
  repo: ProductsRepository,
  count: number,
  taken: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const out = new Set<string>();
  while (out.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - out.size) {
      const code = randomStoreEan13();
      if (!out.has(code) && !taken.has(code)) candidates.add(code);
    }
    const used = await repo.existingCodes('barcode', [...candidates]);
    for (const c of candidates) if (!used.has(c)) out.add(c);
  }
  return [...out];
}

/** `count` SKUs from the store's sequence (SKU-000001 …), skipping any a merchant typed already. */
export async function freshSkus(
  repo: ProductsRepository,
  count: number,
  taken: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const first = await repo.reserveSkuNumbers(need);
    const candidates = Array.from({ length: need }, (_, i) => skuFromNumber(first + i)).filter(
      (s) => !taken.has(s),
    );
    const used = await repo.existingCodes('sku', candidates);
    out.push(...candidates.filter((s) => !used.has(s)));
  }
  return out;
}
