import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRow } from '../../lib/audit.js';
import type { OrderFactSubscriber } from '../../lib/context.js';
import type { OrderFact } from '../../lib/order-facts.js';
import { orderFactSubscribers } from '../../order-fact-subscribers.js';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order, stockOf } from '../../test/sales-fixtures.js';

/**
 * The order's facts (decision 0053), as a subscriber on the app's list sees them: which fact each
 * change publishes, what it carries, and that a subscriber's rows and failures are part of the
 * order's own transaction.
 */

type Refunded = Extract<OrderFact, { kind: 'refunded' }>;

const seen: OrderFact[] = [];
const record = (fact: OrderFact) => void seen.push(structuredClone(fact));

/** Records every fact; on a sale it adds an audit row to the sale's batch, or fails when asked. */
const recorder: OrderFactSubscriber = {
  name: 'test recorder',
  placed: (fact, { batch, ctx }) => {
    if (fact.order.notes === 'refuse') throw new Error('The subscriber refused the sale');
    batch.add('audits', [
      auditRow(ctx, {
        action: 'order.seen',
        entity: 'order',
        entityId: fact.order.id,
        summary: 'Seen by a subscriber',
      }),
    ]);
    record(fact);
  },
  paid: record,
  completed: record,
  cancelled: record,
  refunded: record,
  moved: record,
};

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp({}, { orderFacts: [...orderFactSubscribers, recorder] });
  m = await createMerchant(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  seen.length = 0;
});

const setStatus = (id: string, status: string) =>
  t.call('PATCH', `/order/status/${id}`, { token: m.token, body: { status } });

describe('the order’s facts', () => {
  it('a paid sale at the till is placed and paid, in its own batch', async () => {
    const product = await createProduct(t, m, { price: 20_000, cost_price: 12_000, quantity: 10 });
    const customer = await createCustomer(t, m);
    const res = await order(t, m, {
      items: [{ product_id: product.id, quantity: 2 }],
      channel: 'pos',
      customer_id: customer.id,
      amount_received: 40_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = res.body.data;
    expect(seen.map((f) => f.kind)).toEqual(['placed', 'paid']);
    const [placed, paid] = seen as [
      Extract<OrderFact, { kind: 'placed' }>,
      Extract<OrderFact, { kind: 'paid' }>,
    ];
    expect(placed.order).toMatchObject({
      id: sale.id,
      status: 'success',
      total: 40_000,
      customer_id: customer.id,
    });
    expect(placed.lines).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 2, total: 40_000, cost_price: 12_000 }),
    ]);
    expect(paid.payment).toMatchObject({
      order_id: sale.id,
      amount: 40_000,
      source: 'order',
      payment_mode: 'cash',
    });
    // The subscriber's row was written with the sale's.
    const rows = await t.database.db
      .selectFrom('audits')
      .select('action')
      .where('store_id', '=', m.storeId)
      .where('entity_id', '=', sale.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['order.created', 'order.seen']);
  });

  it('a later payment, each status change and each refund publish one fact, saying where the order came from', async () => {
    const product = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const res = await order(t, m, { items: [{ product_id: product.id, quantity: 3 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id as string;
    expect(seen.map((f) => f.kind)).toEqual(['placed']);

    const pay = await t.call('POST', '/payment_received/add_payment', {
      token: m.token,
      body: { order_id: id, amount: 30_000, payment_mode: 'card' },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect((await setStatus(id, 'processing')).status).toBe(200);
    expect((await setStatus(id, 'success')).status).toBe(200);
    const partly = await t.call('POST', `/order/${id}/refund`, {
      token: m.token,
      body: { reason: 'One was broken', items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(partly.status, JSON.stringify(partly.body)).toBe(201);
    expect((await setStatus(id, 'refunded')).status).toBe(200);

    expect(
      seen.map((f) => [
        f.kind,
        'from' in f ? f.from : null,
        'order' in f && 'status' in f.order ? f.order.status : null,
      ]),
    ).toEqual([
      ['placed', null, 'pending'],
      ['paid', null, null],
      ['moved', 'pending', 'processing'],
      ['completed', 'processing', 'success'],
      ['refunded', 'success', 'success'],
      ['refunded', 'success', 'refunded'],
    ]);
    const paid = seen[1] as Extract<OrderFact, { kind: 'paid' }>;
    expect(paid.payment).toMatchObject({ order_id: id, amount: 30_000, source: 'payment' });
    const completed = seen[3] as Extract<OrderFact, { kind: 'completed' }>;
    expect(completed.lines).toEqual([expect.objectContaining({ product_id: product.id, quantity: 3 })]);
    const [byLines, byStatus] = seen.slice(4) as [Refunded, Refunded];
    expect(byLines).toMatchObject({ value: 10_000, full: false, refund: { value: 10_000, amount: 10_000 } });
    expect(byLines.lines).toEqual([{ product_id: product.id, units: 1, revenue: 10_000, cost_price: null }]);
    // The status route answers with the order alone: its fact names no refund record.
    expect(byStatus).toMatchObject({ value: 20_000, full: true, refund: null });
  });

  it('a cancellation is cancelled, from the status it left', async () => {
    const product = await createProduct(t, m, { quantity: 5 });
    const res = await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] });
    seen.length = 0;
    expect((await setStatus(res.body.data.id, 'cancelled')).status).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ kind: 'cancelled', from: 'pending' })]);
    expect((seen[0] as Extract<OrderFact, { kind: 'cancelled' }>).order.status).toBe('cancelled');
  });

  it('a subscriber that fails undoes the sale: it runs in the sale’s transaction', async () => {
    const product = await createProduct(t, m, { quantity: 5 });
    const res = await order(t, m, { items: [{ product_id: product.id, quantity: 2 }], notes: 'refuse' });
    expect(res.status).toBe(500);
    expect(await stockOf(t, product.id)).toBe(5);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', m.storeId)
      .where('notes', '=', 'refuse')
      .execute();
    expect(orders).toEqual([]);
  });
});
