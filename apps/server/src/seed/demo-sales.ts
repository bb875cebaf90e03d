import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { addDays } from '../lib/clock.js';
import { listCustomers } from '../modules/customers/customers.service.js';
import { createDiscount } from '../modules/discounts/discounts.service.js';
import { addPayment } from '../modules/orders/order-payments.service.js';
import { createOrder, quoteOrder } from '../modules/orders/order-placing.service.js';
import { changeOrderStatus, refundOrder } from '../modules/orders/order-returns.service.js';
import { firstProducts } from './demo-picks.js';
import { storeSystemContext } from './system-context.js';

export interface SalesDemo {
  discounts: number;
  orders: number;
}

/**
 * Sample sales for the demo store: three discounts (running, scheduled, ended) and, when the
 * store has products in stock, a dozen orders in every status with payments and a refund, so
 * the sales screens have something to show. Uses the store's active customers when it has some.
 */
export async function seedSalesDemo(
  db: Kysely<Database>,
  config: AppConfig,
  storeId: string,
): Promise<SalesDemo> {
  const ctx = await storeSystemContext(db, config, storeId);
  const now = ctx.now;
  const discounts = [
    { name: 'Welcome 10% off', code: 'WELCOME10', type: 'percentage' as const, value: 10, usage_limit: 200 },
    {
      name: 'Festive NGN 1,000 off',
      code: 'FESTIVE1000',
      type: 'fixed' as const,
      value: 100_000,
      min_order_amount: 1_000_000,
      starts_at: addDays(now, 10).toISOString(),
      ends_at: addDays(now, 40).toISOString(),
    },
    {
      name: 'Back to school 5%',
      code: 'SCHOOL5',
      type: 'percentage' as const,
      value: 5,
      starts_at: addDays(now, -60).toISOString(),
      ends_at: addDays(now, -30).toISOString(),
    },
  ];
  for (const d of discounts) await createDiscount(ctx, d);

  const products = await firstProducts(ctx, 'active', (p) => !p.track_stock || p.quantity >= 20, 8);
  if (products.length < 2) return { discounts: discounts.length, orders: 0 };
  const customers = (
    await listCustomers(ctx, { page: 1, perPage: 5, status: 'active', sort: 'created_at', order: 'asc' })
  ).items;

  const pick = (i: number) => products[i % products.length]!.id;
  const customerOf = (i: number) =>
    customers.length && i % 3 !== 0 ? customers[i % customers.length]!.id : null;
  let orders = 0;
  for (let i = 0; i < 12; i++) {
    const items = [
      { product_id: pick(i), quantity: 1 + (i % 3) },
      { product_id: pick(i + 3), quantity: 1 },
    ];
    const pos = i % 2 === 0;
    const cart = { customer_id: customerOf(i), items, discount_code: i % 4 === 1 ? 'WELCOME10' : null };
    const { total } = await quoteOrder(ctx, cart);
    const placed = await createOrder(
      ctx,
      {
        ...cart,
        payment_type: pos ? 'cash' : 'bank_transfer',
        // At the till the customer hands over the next NGN 1,000 up and gets change; other
        // orders are paid in part or not yet.
        amount_received: pos ? Math.ceil(total / 100_000) * 100_000 : i % 3 === 0 ? 0 : Math.floor(total / 2),
        channel: pos ? 'pos' : 'dashboard',
        notes: null,
      },
      undefined,
    );
    orders += 1;
    const order = placed.body;
    if (i === 3) {
      await changeOrderStatus(ctx, order.id, { status: 'processing', reason: null });
    } else if (i === 5) {
      await changeOrderStatus(ctx, order.id, { status: 'cancelled', reason: 'Customer changed their mind' });
    } else if (i === 7 && order.amount_outstanding > 0) {
      await addPayment(
        ctx,
        {
          order_id: order.id,
          amount: order.amount_outstanding,
          payment_mode: 'bank_transfer',
          reference: 'TRF-DEMO-0007',
        },
        undefined,
      );
    } else if (i === 8) {
      await refundOrder(
        ctx,
        order.id,
        { items: [{ product_id: items[0]!.product_id, quantity: 1 }], reason: 'Damaged on delivery' },
        undefined,
      );
    }
  }
  return { discounts: discounts.length, orders };
}
