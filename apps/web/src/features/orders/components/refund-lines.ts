import type { OrderItem } from '@tillbook/contract/orders';

/** A product of an order as the refund form offers it. */
export interface RefundableLine {
  product_id: string;
  name: string;
  /** Units sold of the product, over all its lines. */
  sold: number;
  /** Units of it already refunded. */
  refunded: number;
  /** Units that can still be refunded. */
  left: number;
}

/**
 * The products that can still be refunded, one per product in the order's line order: the server
 * refunds a product's units across all its lines (an order made through the API may list a
 * product on more than one line), and refuses a refund that lists a product twice.
 */
export function refundableLines(items: readonly OrderItem[]): RefundableLine[] {
  const byProduct = new Map<string, RefundableLine>();
  for (const i of items) {
    const line = byProduct.get(i.product_id);
    if (line) {
      line.sold += i.quantity;
      line.refunded += i.quantity_refunded;
    } else {
      byProduct.set(i.product_id, {
        product_id: i.product_id,
        name: i.name,
        sold: i.quantity,
        refunded: i.quantity_refunded,
        left: 0,
      });
    }
  }
  return [...byProduct.values()].map((l) => ({ ...l, left: l.sold - l.refunded })).filter((l) => l.left > 0);
}
