import { lineLabel } from '../products/products.public.js';
import type { OrderRefund } from '@tillbook/contract/orders';
import { shareOfUnits } from '@tillbook/contract/pricing';
import { conflict, unprocessable } from '../../lib/app-error.js';
import type { RefundedLine } from '../../lib/order-facts.js';
import { balanceOf } from './order-basics.js';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';

/**
 * What a refund takes back and pays back, worked out from the order as it was read (no
 * statements here): which units of which lines, what they are worth, and the order's money after.
 */

/** Units of a line not refunded yet. */
const left = (i: OrderItemsTable) => i.quantity - i.quantity_refunded;

/** What a line is worth to the customer: its total less its share of the discount, plus its tax. */
const lineValue = (item: OrderItemsTable, taxInclusive: boolean) =>
  item.total - item.order_discount + (taxInclusive ? 0 : item.tax);

/** Only a completed order is refunded; a 409 saying what to do instead. */
export function assertRefundable(row: OrdersTable): void {
  if (row.status === 'success') return;
  throw conflict(
    row.status === 'refunded'
      ? `Order ${row.number} is already refunded in full.`
      : `Only completed orders can be refunded; order ${row.number} is ${row.status}.${row.status === 'pending' || row.status === 'processing' ? ' Cancel it instead.' : ''}`,
  );
}

/**
 * Units to refund by line id: those `requested` by product (taken from the product's lines in
 * order), or everything left when `requested` is null. A product not on the order, or more units
 * than are left, is a 422 naming each such item.
 */
/** Units of a product to refund; `variant_id` and `pack` narrow the lines they come from. */
export interface RefundRequest {
  product_id: string;
  variant_id?: string;
  pack?: string | null;
  quantity: number;
}

/** The order's lines a request names: the product's, of its variant and pack when given. */
const linesOf = (items: readonly OrderItemsTable[], r: RefundRequest) =>
  items.filter(
    (i) =>
      i.product_id === r.product_id &&
      (r.variant_id === undefined || (i.variant_id ?? i.product_id) === r.variant_id) &&
      (r.pack === undefined || (i.pack ?? null)?.toLowerCase() === (r.pack ?? null)?.toLowerCase()),
  );

export function unitsToRefund(
  row: OrdersTable,
  items: readonly OrderItemsTable[],
  requested: readonly RefundRequest[] | null,
): Map<string, number> {
  const take = new Map<string, number>();
  if (!requested) {
    for (const item of items) if (left(item) > 0) take.set(item.id, left(item));
    return take;
  }
  const problems: Record<string, string> = {};
  const sentences: string[] = [];
  requested.forEach((r, index) => {
    const lines = linesOf(items, r);
    if (!lines.length) {
      problems[`items.${index}.product_id`] = 'This product is not on the order';
      sentences.push(`A product of the refund is not on order ${row.number}`);
      return;
    }
    const available = lines.reduce((s, i) => s + left(i), 0);
    if (r.quantity > available) {
      problems[`items.${index}.quantity`] = `Only ${available} can be refunded`;
      sentences.push(`Only ${available} of "${lines[0]!.name}" can be refunded`);
      return;
    }
    let wanted = r.quantity;
    for (const line of lines) {
      const k = Math.min(wanted, left(line));
      if (k > 0) take.set(line.id, k);
      wanted -= k;
    }
  });
  if (sentences.length) throw unprocessable(`${sentences.join('. ')}.`, problems);
  return take;
}

/** What the units taken are worth: to the customer (`value`, per item) and to the figures (`lines`). */
export interface RefundWorth {
  value: number;
  /** Every unit left is taken: the order ends `refunded`. */
  full: boolean;
  items: OrderRefund['items'];
  lines: RefundedLine[];
}

export function refundWorth(
  row: OrdersTable,
  items: readonly OrderItemsTable[],
  take: ReadonlyMap<string, number>,
): RefundWorth {
  const inclusive = row.tax_inclusive === 1;
  const full = items.every((i) => left(i) === (take.get(i.id) ?? 0));
  let value = 0;
  const refundItems: OrderRefund['items'] = [];
  const lines: RefundedLine[] = [];
  for (const item of items) {
    const k = take.get(item.id);
    if (!k) continue;
    const sold = item.quantity;
    const before = item.quantity_refunded;
    const v = shareOfUnits(lineValue(item, inclusive), sold, before, k);
    value += v;
    refundItems.push({
      product_id: item.product_id,
      name: lineLabel(
        item.name,
        item.variant_name ?? '',
        item.pack ? { name: item.pack, factor: item.pack_factor } : null,
      ),
      quantity: k,
      value: v,
    });
    lines.push({
      product_id: item.product_id,
      units: k * item.pack_factor,
      // Revenue in the figures is the line after discounts without its tax (decision 0031).
      revenue: shareOfUnits(item.total - item.order_discount, sold, before, k),
      cost_price: item.cost_price === null ? null : item.cost_price,
    });
  }
  // The last refund settles the order exactly, shipping included.
  if (full) value = row.total - row.refunded_total;
  return { value, full, items: refundItems, lines };
}

/**
 * The order's money after refunding `value`: money is paid back (`amount`) to the extent the
 * customer has now paid more than the order is worth.
 */
export function refundSettlement(
  row: OrdersTable,
  worth: Pick<RefundWorth, 'value' | 'full'>,
  now: string,
): { amount: number; patch: Partial<OrdersTable> } {
  const total = row.total;
  const refundedBefore = row.refunded_total;
  const received = row.amount_received;
  const refundedMoney = row.amount_refunded;
  const netAfter = total - refundedBefore - worth.value;
  const amount = Math.max(0, received - refundedMoney - netAfter);
  const after = {
    total,
    refunded_total: refundedBefore + worth.value,
    amount_received: received,
    amount_refunded: refundedMoney + amount,
    amount_written_off: row.amount_written_off,
  };
  const balance = balanceOf(after);
  return {
    amount,
    patch: {
      status: worth.full ? 'refunded' : 'success',
      refunded_total: after.refunded_total,
      amount_refunded: after.amount_refunded,
      amount_outstanding: balance.outstanding,
      payment_state: balance.state,
      refunded_at: worth.full ? now : row.refunded_at,
      updated_at: now,
    },
  };
}
