import type { OrderItem } from '@tillbook/contract/orders';
import { lineLabel } from '../../../lib/line-label';

/** What an order sold of one variant in one unit, as the refund form offers it. */
export interface RefundableLine {
  /** The row's key: product, variant and pack. */
  key: string;
  product_id: string;
  variant_id: string;
  /** Sold in this pack, or null by the unit: the row's quantities count these. */
  pack: string | null;
  /** "Peak Milk 400g · carton (24)". */
  name: string;
  /** Units sold, over all its lines. */
  sold: number;
  /** Units already refunded. */
  refunded: number;
  /** Units that can still be refunded. */
  left: number;
}

/**
 * What can still be refunded, one row per product, variant and pack (issue 33) in the order's line
 * order: the server refunds across all the lines that match an item (an order made through the
 * API may list the same thing on more than one line), and refuses a refund that lists it twice.
 */
export function refundableLines(items: readonly OrderItem[]): RefundableLine[] {
  const rows = new Map<string, RefundableLine>();
  for (const i of items) {
    // An order recorded before variants has none: its product's own, by the unit.
    const variantId = i.variant_id ?? i.product_id;
    const pack = i.pack ?? null;
    const key = `${i.product_id}|${variantId}|${pack ?? ''}`;
    const row = rows.get(key);
    if (row) {
      row.sold += i.quantity;
      row.refunded += i.quantity_refunded;
    } else {
      rows.set(key, {
        key,
        product_id: i.product_id,
        variant_id: variantId,
        pack,
        name: lineLabel(i),
        sold: i.quantity,
        refunded: i.quantity_refunded,
        left: 0,
      });
    }
  }
  return [...rows.values()].map((l) => ({ ...l, left: l.sold - l.refunded })).filter((l) => l.left > 0);
}

/**
 * The refund's items for the quantities chosen per row. A product on one row goes as before
 * variants (the product and a quantity); one on several rows names each row's variant and pack
 * (null: by the unit), so a carton and tins are refunded each as chosen.
 */
export function refundItems(
  rows: readonly RefundableLine[],
  quantities: Readonly<Record<string, number>>,
): Array<{ product_id: string; variant_id?: string; pack?: string | null; quantity: number }> {
  const rowsOf = new Map<string, number>();
  for (const r of rows) rowsOf.set(r.product_id, (rowsOf.get(r.product_id) ?? 0) + 1);
  return rows
    .map((r) => ({ r, quantity: quantities[r.key] ?? 0 }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ r, quantity }) =>
      rowsOf.get(r.product_id) === 1
        ? { product_id: r.product_id, quantity }
        : { product_id: r.product_id, variant_id: r.variant_id, pack: r.pack, quantity },
    );
}
