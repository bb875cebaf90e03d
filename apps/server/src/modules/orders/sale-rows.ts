import type { createOrderBody, OfflineIssue, OrderChannel, OrderStatus } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { auditRow } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { SaleOnCredit } from '../../lib/order-facts.js';
import type { PricedCart } from './cart-pricing.js';
import type { OfflineVerdict } from './offline-sales.js';
import { balanceOf, customerName, money, STATUS_WORD } from './order-basics.js';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';

/**
 * The rows a sale writes, made from the sale once it is worked out (`makeSale` in
 * order-placing.service.ts): its order row, its lines and its audit row. Apart from the sale's
 * steps so `placeOrder` reads top-down; these are plain mappings, with no query and no await.
 */

export type OrderBody = z.output<typeof createOrderBody>;

/** What is known of a sale once its cart is priced and its stock taken. */
export interface Sale {
  id: string;
  /** The order's number: the batch's stand-in until the flush. */
  number: string;
  body: OrderBody;
  cart: PricedCart;
  channel: OrderChannel;
  status: OrderStatus;
  /** Money handed over at the till (not the customer's account credit spent on the sale). */
  received: number;
  changeDue: number;
  verdict: OfflineVerdict | null;
  issues: OfflineIssue[];
  /** A sale on credit: what it does to the customer's account (decision 0065); else null. */
  credit: SaleOnCredit | null;
}

export function orderRowOf(ctx: StoreContext, sale: Sale): OrdersTable {
  const { cart, body, received, verdict, issues } = sale;
  const { priced, customer } = cart;
  // Credit the customer held, spent on the sale, is a payment on it (decision 0065).
  const paid = received + (sale.credit?.used ?? 0);
  const balance = balanceOf({
    total: priced.total,
    refunded_total: 0,
    amount_received: paid,
    amount_refunded: 0,
    amount_written_off: 0,
  });
  const now = ctx.now.toISOString();
  return {
    id: sale.id,
    store_id: ctx.storeId,
    number: sale.number,
    status: sale.status,
    payment_state: balance.state,
    channel: sale.channel,
    payment_type: body.payment_type,
    customer_id: customer?.id ?? null,
    customer_name: customer ? customerName(customer) : null,
    customer_phone: customer?.phone_number ?? null,
    customer_email: customer?.email_address ?? null,
    subtotal: priced.subtotal,
    discount: priced.discount,
    discount_id: cart.discount?.id ?? null,
    discount_code: cart.discount?.code ?? null,
    tax: priced.tax,
    taxes: JSON.stringify(priced.taxes.map((t) => ({ name: t.name, rate_bp: t.rateBp, amount: t.amount }))),
    tax_inclusive: priced.taxInclusive ? 1 : 0,
    shipping: priced.shipping,
    shipping_id: cart.shipping?.id ?? null,
    shipping_name: cart.shipping?.name ?? null,
    total: priced.total,
    amount_received: paid,
    amount_outstanding: balance.outstanding,
    change_due: sale.changeDue,
    refunded_total: 0,
    amount_refunded: 0,
    currency: ctx.access.store.currency,
    notes: body.notes ?? null,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    invoice_number: null,
    invoice_issued_at: null,
    created_at: now,
    updated_at: now,
    completed_at: sale.status === 'success' ? now : null,
    cancelled_at: null,
    refunded_at: null,
    offline_number: body.offline?.number ?? null,
    offline_sold_at: verdict?.soldAt ?? null,
    offline_state: verdict?.state ?? null,
    offline_issues: issues.length ? JSON.stringify(issues) : null,
    paid_with: body.payment_type === 'credit' ? (body.paid_with ?? 'cash') : null,
    amount_written_off: 0,
  };
}

export function orderItemsOf(ctx: StoreContext, sale: Sale): OrderItemsTable[] {
  const { lines, priced } = sale.cart;
  return lines.map((l, i) => ({
    id: newId(),
    store_id: ctx.storeId,
    order_id: sale.id,
    line_no: i + 1,
    product_id: l.product.id,
    variant_id: l.variant.id,
    variant_name: l.variant.name || null,
    pack: l.pack?.name ?? null,
    pack_factor: l.pack?.factor ?? 1,
    name: l.product.name,
    sku: l.variant.sku,
    unit_price: l.unitPrice,
    list_price: l.pack ? l.pack.price : l.variant.price,
    // Per base unit, as stock and the sales figures count (a pack line's units are × its factor).
    cost_price: l.variant.cost_price,
    quantity: l.quantity,
    discount: priced.lines[i]!.discount,
    total: priced.lines[i]!.total,
    order_discount: priced.lines[i]!.orderDiscount,
    tax: priced.lines[i]!.tax,
    quantity_refunded: 0,
  }));
}

/** The audit row of a sale: what was sold, for how much, and how an offline sale was taken in. */
export function placedAudit(ctx: StoreContext, sale: Sale, row: OrdersTable, items: OrderItemsTable[]) {
  const { number, status, verdict, issues } = sale;
  const offline = sale.body.offline;
  const total = row.total;
  return auditRow(ctx, {
    action: 'order.created',
    entity: 'order',
    entityId: sale.id,
    summary: offline
      ? `Order ${number} placed from offline sale ${offline.number}: ${money(ctx, total)}, ${STATUS_WORD[status]}${
          issues.some((i) => i.kind === 'stock_short') ? ', stock taken below zero' : ''
        }${verdict?.state === 'needs_review' ? ', needs a decision' : ''}`
      : `Order ${number} placed: ${money(ctx, total)}, ${STATUS_WORD[status]}`,
    after: {
      number,
      status,
      customer_id: row.customer_id,
      total,
      discount_code: row.discount_code,
      amount_received: sale.received,
      items: items.map((it) => ({ product_id: it.product_id, quantity: it.quantity, total: it.total })),
      ...(offline
        ? {
            offline_number: offline.number,
            offline_sold_at: verdict!.soldAt,
            offline_state: verdict!.state,
            offline_issues: issues,
          }
        : {}),
    },
  });
}
