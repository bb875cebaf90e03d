import { randomUUID } from 'node:crypto';
import type { Order } from '@tillbook/contract/orders';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import type { IncomingTransfer } from '@tillbook/contract/till-transfers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../providers/payments/sandbox.js';
import { auditsOf, createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order, sendOfflineSale } from '../../test/sales-fixtures.js';
import { ledgerProblems } from '../wallet/wallet-ledger-check.js';
import { walletCalls } from '../wallet/wallet-test-support.js';
import { requeryTillTransfers } from './transfer-requery.js';

/**
 * Pay by transfer at the till (issue 34, decision 0065): a sale placed waiting for a transfer into
 * the store's account, the deposit that pays it (once, however often and however concurrently it
 * is delivered), the "match it" queue for the transfers that match no sale by themselves, and the
 * wallet's ledger checked after every test.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(async () => expect(await ledgerProblems(t.db)).toEqual([]));

/** ₦100 a unit: a sale of `n` units waits for `n × 10,000` kobo, so each `n` is a distinct amount. */
const UNIT = 10_000;

interface Shop {
  m: Merchant;
  product: { id: string };
  wallet: { account_number: string; bank_name: string; account_name: string };
}

async function shop(): Promise<Shop> {
  const m = await createMerchant(t);
  const product = await createProduct(t, m, { price: UNIT, quantity: 100_000 });
  const wallet = await walletCalls(t).openWallet(m);
  return { m, product, wallet };
}

const place = (who: Merchant, product: { id: string }, units: number, body: Record<string, unknown> = {}) =>
  order(t, who, {
    items: [{ product_id: product.id, quantity: units }],
    payment_type: 'bank_transfer',
    await_transfer: true,
    channel: 'pos',
    ...body,
  });

async function awaiting(
  who: Merchant,
  product: { id: string },
  units: number,
  body: Record<string, unknown> = {},
) {
  const res = await place(who, product, units, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Order;
}

const deposit = (who: Merchant, body: { amount: number; reference?: string; account_number?: string }) =>
  t.call('POST', '/wallet/sandbox/deposit', {
    token: who.token,
    body: { payer_name: 'EMEKA OKAFOR', ...body },
  });

const getOrder = async (who: Merchant, id: string) => {
  const res = await t.call('GET', `/order/${id}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Order & {
    payments: Array<{ amount: number; payment_mode: string; reference: string }>;
  };
};

const incoming = async (who: Merchant, state?: string) => {
  const res = await t.call('GET', '/transfers/incoming', { token: who.token, query: { state } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as IncomingTransfer[];
};

const match = (who: Merchant, id: string, orderId: string, key = randomUUID()) =>
  t.call('POST', `/transfers/incoming/${id}/match`, {
    token: who.token,
    body: { order_id: orderId },
    headers: { 'idempotency-key': key },
  });

const deposits = async (who: Merchant) =>
  (await t.call('GET', '/wallet/transactions', { token: who.token, query: { type: 'deposit' } })).body
    .data as Array<{
    amount: number;
  }>;

const balance = async (who: Merchant) => (await walletCalls(t).details(who)).balance as number;

describe('a sale waiting for a transfer', () => {
  it('is placed pending and unpaid with the store account, and every order answer carries its transfer', async () => {
    const { m, product, wallet } = await shop();
    const placedAt = t.clock.now().getTime();
    const sale = await awaiting(m, product, 3);
    expect(sale).toMatchObject({
      status: 'pending',
      payment_state: 'unpaid',
      amount_received: 0,
      total: 3 * UNIT,
    });
    expect(sale.transfer).toMatchObject({
      account_number: wallet.account_number,
      bank_name: wallet.bank_name,
      account_name: wallet.account_name,
      amount: 3 * UNIT,
      received: 0,
      state: 'awaiting',
      paid_at: null,
    });
    const expires = Date.parse(sale.transfer!.expires_at);
    expect(expires - placedAt).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(expires - placedAt).toBeLessThanOrEqual(30 * 60_000 + 5_000);

    expect((await getOrder(m, sale.id)).transfer).toEqual(sale.transfer);
    const list = await t.call('GET', '/order', { token: m.token });
    const cashSale = await order(t, m, {
      items: [{ product_id: product.id, quantity: 1 }],
      amount_received: UNIT,
    });
    expect(cashSale.body.data.transfer).toBeNull();
    expect(list.body.data.find((o: Order) => o.id === sale.id).transfer).toEqual(sale.transfer);
    const again = await t.call('GET', '/order', { token: m.token });
    expect(again.body.data.find((o: Order) => o.id === cashSale.body.data.id).transfer).toBeNull();
  });

  it('is refused when it cannot wait: 422 naming await_transfer, 409 without a wallet, 400 for a bad flag', async () => {
    const { m, product } = await shop();
    const cash = await place(m, product, 1, { payment_type: 'cash' });
    expect(cash.status).toBe(422);
    expect(cash.body.error.fields).toEqual({ await_transfer: 'Choose bank transfer as the payment type' });
    const paid = await place(m, product, 1, { amount_received: UNIT });
    expect(paid.status).toBe(422);
    expect(Object.keys(paid.body.error.fields)).toEqual(['await_transfer']);
    const offline = await sendOfflineSale(t, m, [{ product_id: product.id, quantity: 1, unit_price: UNIT }], {
      number: 'OFF-7K3Q9X-12',
      amount_received: 0,
      body: { payment_type: 'bank_transfer', await_transfer: true },
    });
    expect(offline.status).toBe(422);
    expect(Object.keys(offline.body.error.fields)).toEqual(['await_transfer']);
    const bad = await place(m, product, 1, { await_transfer: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ await_transfer: 'Await transfer must be true or false' });

    const noWallet = await createMerchant(t);
    const p = await createProduct(t, noWallet, { price: UNIT, quantity: 5 });
    const refused = await place(noWallet, p, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Open the wallet to take transfers at the till.');
    // Nothing of the refused sales was kept: the stock is whole.
    const stock = await t.call('GET', `/product/${p.id}`, { token: noWallet.token });
    expect(stock.body.data.quantity).toBe(5);
  });

  it('is paid by the transfer of its amount: complete, paid by bank transfer, the wallet credited, the shift counting it', async () => {
    const { m, product } = await shop();
    const cashier = await createStaff(t, m, 'cashier');
    const opened = await t.call('POST', '/shifts/open', {
      token: cashier.token,
      body: { opening_float: 0 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const endpoint = await t.call('POST', '/webhooks/endpoints', {
      token: m.token,
      body: {
        url: 'http://127.0.0.1:9/hook',
        events: ['order.paid', 'payment.received'],
        description: 'Till',
      },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const sale = await awaiting(cashier, product, 7);

    const paid = await deposit(m, { amount: 7 * UNIT, reference: `TRF-${randomUUID()}` });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = await getOrder(cashier, sale.id);
    expect(after).toMatchObject({
      status: 'success',
      payment_state: 'paid',
      amount_received: 7 * UNIT,
      amount_outstanding: 0,
    });
    expect(after.transfer).toMatchObject({ state: 'paid', received: 7 * UNIT });
    expect(after.payments).toEqual([
      expect.objectContaining({ amount: 7 * UNIT, payment_mode: 'bank_transfer' }),
    ]);
    expect(await balance(m)).toBe(7 * UNIT);
    const [transfer] = await incoming(m);
    expect(transfer).toMatchObject({
      state: 'matched',
      amount: 7 * UNIT,
      order_id: sale.id,
      order_number: sale.number,
      payer_name: 'EMEKA OKAFOR',
      wallet_transaction_id: paid.body.data.id,
      surplus: 0,
      candidates: [],
      matched_by_name: 'Bank transfer',
    });
    expect(after.payments[0]!.reference).toBe(transfer!.provider_reference);
    // The cashier who placed the sale has the transfer in their shift's takings.
    const shift = (await t.call('GET', '/shifts/current', { token: cashier.token })).body
      .data as ShiftSummary;
    expect(shift.takings.find((x) => x.payment_type === 'bank_transfer')!.amount).toBe(7 * UNIT);
    // The sale completed through the status route's path (its audit row) and raised order.paid.
    expect((await auditsOf(t, 'order.completed', { entityId: sale.id })).length).toBe(1);
    // A sale paid in full at the till raises it too, with its payment.received.
    const cashSale = await order(t, m, {
      items: [{ product_id: product.id, quantity: 1 }],
      channel: 'pos',
      amount_received: UNIT,
    });
    expect(cashSale.status).toBe(201);
    const events = await t.call('GET', '/webhooks/deliveries', { token: m.token });
    expect(events.body.data.map((d: { event: string }) => d.event).sort()).toEqual([
      'order.paid',
      'order.paid',
      'payment.received',
      'payment.received',
    ]);
    const paidEvent = events.body.data.find(
      (d: { event: string; payload: string }) => d.event === 'order.paid' && d.payload.includes(sale.id),
    );
    expect(JSON.parse(paidEvent.payload).data).toMatchObject({
      order_id: sale.id,
      order_number: sale.number,
      payment: { amount: 7 * UNIT, payment_mode: 'bank_transfer' },
    });
  });

  it('is paid once by the same transfer delivered 5 times one after the other and 5 times at once', async () => {
    const { m, product } = await shop();
    const first = await awaiting(m, product, 11);
    const second = await awaiting(m, product, 11);
    const reference = `TRF-${randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await deposit(m, { amount: 11 * UNIT, reference })).status);
    expect(statuses).toEqual([201, 200, 200, 200, 200]);
    const other = `TRF-${randomUUID()}`;
    const together = await Promise.all(
      Array.from({ length: 5 }, () => deposit(m, { amount: 11 * UNIT, reference: other })),
    );
    expect(together.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(together.map((r) => r.body.data.id)).size).toBe(1);

    // Two transfers, two sales: the older sale by the first, the newer by the second, each once.
    const [a, b] = [await getOrder(m, first.id), await getOrder(m, second.id)];
    expect(a.payments.map((p) => p.reference)).toEqual([reference]);
    expect(b.payments.map((p) => p.reference)).toEqual([other]);
    expect([a.status, b.status]).toEqual(['success', 'success']);
    expect(await deposits(m)).toHaveLength(2);
    expect(await balance(m)).toBe(22 * UNIT);
    expect(await incoming(m)).toHaveLength(2);
  });

  it('matches 100 sales waiting on 10 tills to 100 transfers arriving in random order', async () => {
    const { m, product } = await shop();
    const cashiers = await Promise.all(Array.from({ length: 10 }, () => createStaff(t, m, 'cashier')));
    // Cashier c sells 10 sales of c·10 + k + 1 units (k = 0…9): 100 distinct amounts.
    const sales = (
      await Promise.all(
        cashiers.map(async (cashier, c) => {
          const mine: Order[] = [];
          for (let k = 0; k < 10; k++) mine.push(await awaiting(cashier, product, c * 10 + k + 1));
          return mine;
        }),
      )
    ).flat();
    expect(new Set(sales.map((s) => s.total)).size).toBe(100);
    const transfers = sales
      .map((s) => ({ amount: s.total, reference: `TRF-${randomUUID()}`, order: s.id }))
      .sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      transfers.map((x) => deposit(m, { amount: x.amount, reference: x.reference })),
    );
    expect(results.map((r) => r.status)).toEqual(transfers.map(() => 201));

    const byReference = new Map((await incomingAll(m)).map((x) => [x.provider_reference, x]));
    for (const x of transfers) {
      expect(byReference.get(x.reference)).toMatchObject({ state: 'matched', order_id: x.order });
    }
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_state', 'amount_received', 'total'])
      .where('store_id', '=', m.storeId)
      .where('payment_type', '=', 'bank_transfer')
      .execute();
    expect(rows).toHaveLength(100);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'success', payment_state: 'paid', amount_received: r.total });
    }
    expect(await balance(m)).toBe(sales.reduce((sum, s) => sum + s.total, 0));
  }, 120_000);

  it('is not paid by a transfer after it expired; the late transfer waits in the queue to be matched by hand', async () => {
    const { m, product } = await shop();
    const sale = await awaiting(m, product, 13);
    t.clock.advance(31 * 60_000);
    expect((await getOrder(m, sale.id)).transfer!.state).toBe('expired');
    const late = await deposit(m, { amount: 13 * UNIT });
    expect(late.status).toBe(201);
    const [transfer] = await incoming(m);
    expect(transfer).toMatchObject({ state: 'ambiguous', order_id: null });
    expect(transfer!.candidates.map((c) => c.order_id)).toEqual([sale.id]);
    expect((await getOrder(m, sale.id)).status).toBe('pending');
    const matched = await match(m, transfer!.id, sale.id);
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(await getOrder(m, sale.id)).toMatchObject({ status: 'success', payment_state: 'paid' });
    expect((await getOrder(m, sale.id)).transfer!.state).toBe('paid');
  });

  it('waits no more once cancelled: its transfer is cancelled and a transfer of its amount pays nothing', async () => {
    const { m, product } = await shop();
    const sale = await awaiting(m, product, 17);
    const cancelled = await t.call('PATCH', `/order/status/${sale.id}`, {
      token: m.token,
      body: { status: 'cancelled', reason: 'Customer left' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.transfer.state).toBe('cancelled');
    await deposit(m, { amount: 17 * UNIT });
    expect((await incoming(m))[0]).toMatchObject({ state: 'unmatched' });
    expect((await getOrder(m, sale.id)).amount_received).toBe(0);
  });
});

async function incomingAll(who: Merchant): Promise<IncomingTransfer[]> {
  const all: IncomingTransfer[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('GET', '/transfers/incoming', {
      token: who.token,
      query: { page, perPage: 50 },
    });
    all.push(...res.body.data);
    if (res.body.data.length < 50) return all;
  }
}

describe('the "match it" queue', () => {
  it('takes a transfer that matched no sale; matched by hand it pays the sale, once', async () => {
    const { m, product } = await shop();
    const unmatched = await deposit(m, { amount: 5 * UNIT });
    expect(unmatched.status).toBe(201);
    const [transfer] = await incoming(m, 'unmatched');
    expect(transfer).toMatchObject({ state: 'unmatched', candidates: [] });
    // A sale paid by transfer placed later (on the dashboard, not waiting at the till) is a candidate.
    const sale = await order(t, m, {
      items: [{ product_id: product.id, quantity: 5 }],
      payment_type: 'bank_transfer',
    });
    expect(sale.status).toBe(201);
    const [listed] = await incoming(m, 'unmatched');
    expect(listed!.candidates).toEqual([
      expect.objectContaining({
        order_id: sale.body.data.id,
        amount: 5 * UNIT,
        order_number: sale.body.data.number,
      }),
    ]);
    const key = randomUUID();
    const matched = await match(m, transfer!.id, sale.body.data.id, key);
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.data).toMatchObject({
      state: 'matched',
      order_id: sale.body.data.id,
      candidates: [],
    });
    expect(matched.body.data.matched_by_name).toBeTruthy();
    // The same request again, with or without its key: the same answer, nothing paid again.
    expect((await match(m, transfer!.id, sale.body.data.id, key)).body.data).toEqual(matched.body.data);
    expect((await match(m, transfer!.id, sale.body.data.id)).status).toBe(200);
    const paid = await getOrder(m, sale.body.data.id);
    expect(paid).toMatchObject({ payment_state: 'paid', amount_received: 5 * UNIT });
    expect(paid.payments).toHaveLength(1);
    // Matched to another sale: 409. Ignored once matched: 409.
    const another = await order(t, m, {
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'bank_transfer',
    });
    expect((await match(m, transfer!.id, another.body.data.id)).status).toBe(409);
    expect(
      (await t.call('POST', `/transfers/incoming/${transfer!.id}/ignore`, { token: m.token })).status,
    ).toBe(409);
  });

  it('marks a transfer of another amount ambiguous while sales wait; ignored it leaves the queue', async () => {
    const { m, product } = await shop();
    const sale = await awaiting(m, product, 4);
    await deposit(m, { amount: 4 * UNIT + 50 });
    const [transfer] = await incoming(m, 'ambiguous');
    expect(transfer!.candidates).toEqual([
      expect.objectContaining({ order_id: sale.id, amount: 4 * UNIT, created_by_name: expect.any(String) }),
    ]);
    expect((await getOrder(m, sale.id)).transfer!.state).toBe('awaiting');
    const ignored = await t.call('POST', `/transfers/incoming/${transfer!.id}/ignore`, { token: m.token });
    expect(ignored.status).toBe(200);
    expect(ignored.body.data).toMatchObject({ state: 'ignored', candidates: [] });
    const again = await t.call('POST', `/transfers/incoming/${transfer!.id}/ignore`, { token: m.token });
    expect(again.body.data).toEqual(ignored.body.data);
    expect(await incoming(m, 'ambiguous')).toEqual([]);
    expect(await incoming(m, 'ignored')).toHaveLength(1);
    expect(await auditsOf(t, 'transfer.ignored', { entityId: transfer!.id })).toHaveLength(1);
  });

  it('pays part of a sale with a smaller transfer and leaves the rest due', async () => {
    const { m, product } = await shop();
    const sale = await awaiting(m, product, 10);
    await deposit(m, { amount: 6 * UNIT });
    const [transfer] = await incoming(m, 'ambiguous');
    const matched = await match(m, transfer!.id, sale.id);
    expect(matched.status).toBe(200);
    expect(matched.body.data.surplus).toBe(0);
    const after = await getOrder(m, sale.id);
    expect(after).toMatchObject({
      status: 'pending',
      payment_state: 'partially_paid',
      amount_received: 6 * UNIT,
      amount_outstanding: 4 * UNIT,
    });
    expect(after.transfer).toMatchObject({ state: 'part_paid', received: 6 * UNIT });
    // The rest by a second transfer, matched by hand: paid and complete.
    await deposit(m, { amount: 4 * UNIT });
    const [rest] = await incoming(m, 'unmatched');
    expect(rest!.candidates.map((c) => [c.order_id, c.amount])).toEqual([[sale.id, 4 * UNIT]]);
    expect((await match(m, rest!.id, sale.id)).status).toBe(200);
    expect(await getOrder(m, sale.id)).toMatchObject({ status: 'success', payment_state: 'paid' });
    expect((await getOrder(m, sale.id)).transfer).toMatchObject({ state: 'paid', received: 10 * UNIT });
  });

  it("puts what a larger transfer paid beyond the sale on the customer's account, or flags it without a customer", async () => {
    const { m, product } = await shop();
    const customer = await createCustomer(t, m);
    const withCustomer = await awaiting(m, product, 2, { customer_id: customer.id });
    await deposit(m, { amount: 2 * UNIT + 3_000 });
    const [first] = await incoming(m, 'ambiguous');
    const matched = await match(m, first!.id, withCustomer.id);
    expect(matched.body.data).toMatchObject({ state: 'matched', surplus: 3_000 });
    expect(await getOrder(m, withCustomer.id)).toMatchObject({
      status: 'success',
      amount_received: 2 * UNIT,
    });
    const entries = await t.db
      .selectFrom('customer_account_entries')
      .select(['kind', 'amount', 'order_id', 'customer_id', 'method'])
      .where('store_id', '=', m.storeId)
      .execute();
    expect(entries).toEqual([
      {
        kind: 'credit',
        amount: -3_000,
        order_id: withCustomer.id,
        customer_id: customer.id,
        method: 'bank_transfer',
      },
    ]);

    const walkIn = await awaiting(m, product, 3);
    await deposit(m, { amount: 3 * UNIT + 1_000 });
    const [second] = await incoming(m, 'ambiguous');
    const flagged = await match(m, second!.id, walkIn.id);
    expect(flagged.body.data).toMatchObject({ state: 'matched', surplus: 1_000 });
    expect(await auditsOf(t, 'transfer.surplus', { entityId: second!.id })).toHaveLength(1);
    expect(await balance(m)).toBe(5 * UNIT + 4_000);
  });

  it("is each store's own: another store's transfer or sale is a 404, and the list shows none of them", async () => {
    const a = await shop();
    const b = await shop();
    await deposit(a.m, { amount: 3 * UNIT });
    const [theirs] = await incoming(a.m);
    const mine = await order(t, b.m, {
      items: [{ product_id: b.product.id, quantity: 3 }],
      payment_type: 'bank_transfer',
    });
    expect(await incoming(b.m)).toEqual([]);
    expect((await match(b.m, theirs!.id, mine.body.data.id)).status).toBe(404);
    expect(
      (await t.call('POST', `/transfers/incoming/${theirs!.id}/ignore`, { token: b.m.token })).status,
    ).toBe(404);
    // A's transfer to B's sale: the sale is not A's.
    const wrong = await match(a.m, theirs!.id, mine.body.data.id);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('Order not found');
    expect((await incoming(a.m))[0]!.state).toBe('unmatched');
    // Into another store's account: 404, nothing credited.
    const elsewhere = await deposit(a.m, { amount: UNIT, account_number: b.wallet.account_number });
    expect(elsewhere.status).toBe(404);
    expect(await deposits(b.m)).toEqual([]);
  });

  it('pays one sale when two people match one transfer to two sales at once', async () => {
    const { m, product } = await shop();
    await deposit(m, { amount: 3 * UNIT });
    const [transfer] = await incoming(m, 'unmatched');
    const sales = await Promise.all(
      [0, 1].map(() =>
        order(t, m, { items: [{ product_id: product.id, quantity: 3 }], payment_type: 'bank_transfer' }),
      ),
    );
    const results = await Promise.all(sales.map((s) => match(m, transfer!.id, s.body.data.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const paid = await Promise.all(sales.map((s) => getOrder(m, s.body.data.id)));
    expect(paid.map((o) => o.amount_received).sort()).toEqual([0, 3 * UNIT]);
  });

  it('never pays a sale cancelled while its transfer arrives, and answers no 500', async () => {
    const { m, product } = await shop();
    const sales = await Promise.all([1, 2, 3, 4, 5].map((n) => awaiting(m, product, 40 + n)));
    const results = await Promise.all(
      sales.flatMap((s) => [
        t.call('PATCH', `/order/status/${s.id}`, { token: m.token, body: { status: 'cancelled' } }),
        deposit(m, { amount: s.total }),
      ]),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    for (const s of sales) {
      const after = await getOrder(m, s.id);
      // Either the transfer paid it first (the cancellation then refunded it) or it was cancelled
      // first and the transfer paid nothing: never paid while cancelled without its refund.
      if (after.transfer!.state === 'cancelled') expect(after.amount_received).toBe(0);
      else expect(after.transfer!.state).toBe('paid');
    }
    const transfers = await incoming(m);
    expect(transfers).toHaveLength(5);
    expect(await balance(m)).toBe(sales.reduce((sum, s) => sum + s.total, 0));
  });

  it('refuses bad bodies and queries with a 400 naming the field', async () => {
    const { m } = await shop();
    await deposit(m, { amount: UNIT });
    const [transfer] = await incoming(m);
    const noOrder = await t.call('POST', `/transfers/incoming/${transfer!.id}/match`, {
      token: m.token,
      body: {},
    });
    expect(noOrder.status).toBe(400);
    expect(Object.keys(noOrder.body.error.fields)).toEqual(['order_id']);
    const badState = await t.call('GET', '/transfers/incoming', { token: m.token, query: { state: 'lost' } });
    expect(badState.status).toBe(400);
    expect(Object.keys(badState.body.error.fields)).toEqual(['state']);
    const badAccount = await deposit(m, { amount: UNIT, account_number: '12ab' });
    expect(badAccount.status).toBe(400);
    expect(badAccount.body.error.fields).toEqual({ account_number: 'Account number must be 10 digits' });
    const badReference = await deposit(m, { amount: UNIT, reference: 'has space' });
    expect(badReference.status).toBe(400);
    expect((await t.call('POST', '/transfers/incoming/nope/ignore', { token: m.token })).status).toBe(404);
  });
});

describe('the requery round', () => {
  it('credits and matches a deposit whose webhook never came, once however often it runs', async () => {
    const { m, product, wallet } = await shop();
    const sale = await awaiting(m, product, 9);
    // The provider knows of a deposit the app was never told of (a lost webhook).
    const provider = createSandboxProvider(t.clock);
    const reference = `TRF-${randomUUID()}`;
    provider.rememberDeposit!(
      {
        provider_reference: reference,
        amount: 9 * UNIT,
        currency: 'NGN',
        account_number: wallet.account_number,
        provider_ref: null,
        payer_name: 'ADA OBI',
        narration: null,
      },
      t.clock.now(),
    );
    const ctx = () => walletCalls(t).appContextNow(provider);
    expect(await requeryTillTransfers(ctx())).toBe(1);
    expect(await getOrder(m, sale.id)).toMatchObject({ status: 'success', payment_state: 'paid' });
    expect(await requeryTillTransfers(ctx())).toBe(0);
    // The webhook arriving late (here the sandbox's deposit with the same reference) credits nothing.
    expect((await deposit(m, { amount: 9 * UNIT, reference })).status).toBe(200);
    expect(await deposits(m)).toHaveLength(1);
    expect(await balance(m)).toBe(9 * UNIT);
  });
});

describe('a cashier cancelling a sale that waits for its transfer', () => {
  it('is theirs to cancel while nothing came; not another cashier’s; not once it is paid', async () => {
    const { m, product } = await shop();
    const ada = await createStaff(t, m, 'cashier');
    const bayo = await createStaff(t, m, 'cashier');
    const sale = await awaiting(ada, product, 3);
    const cancel = (who: Merchant, id: string) =>
      t.call('POST', `/order/${id}/transfer/cancel`, { token: who.token });

    const refused = await cancel(bayo, sale.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('only they, or someone who may cancel orders');
    const done = await cancel(ada, sale.id);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'cancelled', transfer: { state: 'cancelled' } });
    expect((await auditsOf(t, 'order.cancelled', { entityId: sale.id })).length).toBe(1);
    // Its stock is back, and a transfer of its amount now waits in the queue instead.
    expect((await deposit(m, { amount: 3 * UNIT })).status).toBe(201);
    expect((await getOrder(m, sale.id)).status).toBe('cancelled');

    // The owner may cancel anyone's; a paid sale is not waiting any more.
    const other = await awaiting(bayo, product, 4);
    expect((await cancel(m, other.id)).status).toBe(200);
    const paid = await awaiting(ada, product, 5);
    expect((await deposit(m, { amount: 5 * UNIT })).status).toBe(201);
    expect((await cancel(ada, paid.id)).status).toBe(409);
    // A cash sale, another store's order.
    const cash = await order(t, ada, { items: [{ product_id: product.id, quantity: 1 }], channel: 'pos' });
    expect((await cancel(ada, cash.body.data.id)).status).toBe(409);
    const stranger = await createMerchant(t);
    expect((await cancel(stranger, sale.id)).status).toBe(404);
  });
});
