import type { OrderStatus, PaymentState } from '@tillbook/contract/orders';
import type { StoreContext } from '../../lib/context.js';
import { formatMoney } from '../../lib/money-text.js';

/** What the orders module's parts share: the balance rule and the words of their messages. */

export const STATUS_WORD: Record<OrderStatus, string> = {
  pending: 'pending',
  processing: 'processing',
  success: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export const customerName = (c: { first_name: string; last_name: string }) =>
  `${c.first_name} ${c.last_name}`.trim();

/**
 * What is owed and the payment state, from the order's money: the value still sold
 * (`total − refunded_total`) against the money kept (`amount_received − amount_refunded`) and
 * the debt forgiven by a write-off of the customer's account (`amount_written_off`, decision 0065).
 */
export function balanceOf(o: {
  total: number;
  refunded_total: number;
  amount_received: number;
  amount_refunded: number;
  amount_written_off: number;
}): { outstanding: number; state: PaymentState } {
  const net = o.total - o.refunded_total;
  const kept = o.amount_received - o.amount_refunded;
  const outstanding = Math.max(0, net - kept - o.amount_written_off);
  let state: PaymentState;
  if (outstanding > 0) state = kept > 0 ? 'partially_paid' : 'unpaid';
  else state = net > 0 || o.amount_received > 0 || o.total === 0 ? 'paid' : 'unpaid';
  return { outstanding, state };
}

export const money = (ctx: StoreContext, minor: number) => formatMoney(minor, ctx.access.store.currency);
