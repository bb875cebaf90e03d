/** Sales on credit, repayments, write-offs and refunds of orders on account (decision 0065). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountOf,
  accountProblems,
  creditSale,
  customerWithLimit,
  payAccount,
  setPin,
} from '../../test/account-fixtures.js';
import {
  auditOf,
  auditsOf,
  createStaff,
  type Merchant,
  type TwoStores,
  appWithTwoStores,
} from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { createProduct, sendOfflineSale } from '../../test/sales-fixtures.js';
import { startReceiver } from '../webhooks/webhook-test-support.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
let product: { id: string; price: number };

beforeAll(async () => {
  ({ t, m, other, cashier } = (await appWithTwoStores()) as TwoStores);
  // ₦2,000.00 each.
  product = await createProduct(t, m, { name: 'Bag of Rice', price: 200_000, quantity: 10_000 });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await accountProblems(t, m.storeId)).toEqual([]);
});

const getOrder = async (id: string) => (await t.call('GET', `/order/${id}`, { token: m.token })).body.data;
const balanceOf = async (customerId: string) => (await accountOf(t, m, customerId)).body.data.balance;

describe('a sale on credit', () => {
  it('is refused past the limit with a sentence naming the limit and what is owed', async () => {
    const ada = await customerWithLimit(t, m, 5_000_000, { first_name: 'Ada', last_name: 'Obi' });
    const first = await creditSale(t, m, { productId: product.id, quantity: 21, customerId: ada.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      status: 'success',
      payment_type: 'credit',
      payment_state: 'unpaid',
      amount_outstanding: 4_200_000,
    });
    expect(await balanceOf(ada.id)).toBe(4_200_000);

    const refused = await creditSale(t, m, { productId: product.id, quantity: 6, customerId: ada.id });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Ada Obi may owe at most NGN 50,000.00 and owes NGN 42,000.00 now; this sale would put NGN 12,000.00 more on the account.',
    );
    expect(refused.body.error.fields.credit_approval).toMatch(/limit/);
    expect(await balanceOf(ada.id)).toBe(4_200_000);

    // Up to the limit exactly is allowed.
    const upTo = await creditSale(t, m, { productId: product.id, quantity: 4, customerId: ada.id });
    expect(upTo.status).toBe(201);
    expect(await balanceOf(ada.id)).toBe(5_000_000);
  });

  it('past the limit goes through with the PIN of a member who may approve it, audited; a wrong PIN is refused', async () => {
    const c = await customerWithLimit(t, m, 300_000, { first_name: 'Bola', last_name: 'Ade' });
    await setPin(t, m, '4821');
    const sale = { productId: product.id, quantity: 3, customerId: c.id };

    const wrong = await creditSale(t, cashier, sale, {
      credit_approval: { user_id: m.user.id, pin: '1357' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields['credit_approval.pin']).toBe('The PIN is not correct');

    // The cashier may not approve (no customers.credit_override), whatever their PIN.
    await setPin(t, cashier, '2468');
    const notAllowed = await creditSale(t, cashier, sale, {
      credit_approval: { user_id: cashier.user.id, pin: '2468' },
    });
    expect(notAllowed.status).toBe(422);
    expect(notAllowed.body.error.fields['credit_approval.user_id']).toBeDefined();
    expect(await balanceOf(c.id)).toBe(0);

    const approved = await creditSale(t, cashier, sale, {
      credit_approval: { user_id: m.user.id, pin: '4821' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(await balanceOf(c.id)).toBe(600_000);
    const audit = await auditOf(t, 'customer.credit_override', { entityId: c.id });
    expect(audit.summary).toContain(approved.body.data.number);
    expect(JSON.parse(audit.after!)).toMatchObject({ approved_by_id: m.user.id, on_account: 600_000 });
  });

  it('is refused for a customer with no limit, and without a customer', async () => {
    const c = await customerWithLimit(t, m, null);
    const refused = await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/has no credit limit/);
    const walkIn = await creditSale(t, m, { productId: product.id, quantity: 1, customerId: null });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.error.fields.customer_id).toBe('A sale on credit needs a customer');
    // Paid in full, a customer without a limit may still use the credit payment type.
    const paid = await creditSale(t, m, {
      productId: product.id,
      quantity: 1,
      customerId: c.id,
      paid: 200_000,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.data.payment_state).toBe('paid');
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('made offline is never refused for the limit but flagged as an issue', async () => {
    const c = await customerWithLimit(t, m, 100_000);
    const res = await sendOfflineSale(t, m, [{ product_id: product.id, quantity: 2, unit_price: 200_000 }], {
      number: 'OFF-CRED1-1',
      amount_received: 0,
      body: { payment_type: 'credit', customer_id: c.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.offline_issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'credit_limit' })]),
    );
    expect(await balanceOf(c.id)).toBe(400_000);
  });

  it('part paid at the till leaves the rest on account, the paid part recorded as paid_with', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const res = await creditSale(
      t,
      m,
      { productId: product.id, quantity: 5, customerId: c.id, paid: 400_000 },
      { paid_with: 'card' },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'success',
      payment_state: 'partially_paid',
      amount_received: 400_000,
      amount_outstanding: 600_000,
      paid_with: 'card',
    });
    const payments = await t.db
      .selectFrom('payments_received')
      .select(['amount', 'payment_mode'])
      .where('order_id', '=', res.body.data.id)
      .execute();
    expect(payments.map((p) => [Number(p.amount), p.payment_mode])).toEqual([[400_000, 'card']]);
    const account = (await accountOf(t, m, c.id)).body.data;
    expect(account.balance).toBe(600_000);
    expect(account.available_credit).toBe(9_400_000);
    expect(account.entries).toEqual([
      expect.objectContaining({
        kind: 'sale',
        amount: 600_000,
        balance_after: 600_000,
        order_number: res.body.data.number,
      }),
    ]);
  });
});

describe('repayments', () => {
  it('pay the oldest orders first; beyond what is owed becomes credit, spent first on the next sale', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const a = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data; // 2,000
    const b = (await creditSale(t, m, { productId: product.id, quantity: 3, customerId: c.id })).body.data; // 6,000
    const d = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data; // 2,000

    const first = await payAccount(t, m, c.id, { amount: 500_000, payment_type: 'cash', reference: 'R1' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.allocations).toEqual([
      expect.objectContaining({
        order_id: a.id,
        amount: 200_000,
        order_amount_outstanding: 0,
        order_payment_state: 'paid',
      }),
      expect.objectContaining({
        order_id: b.id,
        amount: 300_000,
        order_amount_outstanding: 300_000,
        order_payment_state: 'partially_paid',
      }),
    ]);
    expect(first.body.data.balance).toBe(500_000);
    expect(first.body.data.entry).toMatchObject({
      kind: 'repayment',
      amount: -500_000,
      balance_after: 500_000,
    });
    expect((await getOrder(a.id)).payment_state).toBe('paid');
    expect((await getOrder(b.id)).amount_outstanding).toBe(300_000);
    expect((await getOrder(d.id)).amount_outstanding).toBe(200_000);

    const second = await payAccount(t, m, c.id, { amount: 600_000, payment_type: 'bank_transfer' });
    expect(
      second.body.data.allocations.map((x: { order_id: string; amount: number }) => [x.order_id, x.amount]),
    ).toEqual([
      [b.id, 300_000],
      [d.id, 200_000],
    ]);
    expect(second.body.data.balance).toBe(-100_000);
    const account = (await accountOf(t, m, c.id)).body.data;
    expect(account.entries[0]).toMatchObject({ kind: 'credit', amount: -100_000, balance_after: -100_000 });
    expect(account.open_orders).toEqual([]);

    // The next sale spends the credit first: a payment on the order, the rest on account.
    const next = await creditSale(t, m, { productId: product.id, quantity: 2, customerId: c.id });
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({ amount_received: 100_000, amount_outstanding: 300_000 });
    const payments = await t.db
      .selectFrom('payments_received')
      .select(['amount', 'payment_mode', 'reference'])
      .where('order_id', '=', next.body.data.id)
      .execute();
    expect(payments.map((p) => [Number(p.amount), p.payment_mode, p.reference])).toEqual([
      [100_000, 'other', 'account credit'],
    ]);
    const after = (await accountOf(t, m, c.id)).body.data;
    expect(after.balance).toBe(300_000);
    expect(
      after.entries.slice(0, 2).map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
    ).toEqual([
      ['sale', 300_000],
      ['credit_used', 100_000],
    ]);
  });

  it('with the same Idempotency-Key pays once', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    await creditSale(t, m, { productId: product.id, quantity: 2, customerId: c.id });
    const once = await payAccount(t, m, c.id, { amount: 100_000, payment_type: 'cash' }, 'repay-1');
    const again = await payAccount(t, m, c.id, { amount: 100_000, payment_type: 'cash' }, 'repay-1');
    expect(once.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.message).toMatch(/repeated/);
    expect(again.body.data).toEqual(once.body.data);
    expect(await balanceOf(c.id)).toBe(300_000);
    expect(await auditsOf(t, 'customer.account_payment', { entityId: c.id })).toHaveLength(1);
  });

  it('raises customer.payment, and order.paid for each order it pays in full', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await t.call('POST', '/webhooks/endpoints', {
        token: m.token,
        body: { url: receiver.url, events: ['customer.payment', 'order.paid'], description: 'Accounts' },
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      const c = await customerWithLimit(t, m, 10_000_000);
      const a = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data;
      const b = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data;
      expect((await payAccount(t, m, c.id, { amount: 300_000, payment_type: 'cash' })).status).toBe(201);
      const events = await t.db
        .selectFrom('webhook_deliveries')
        .select(['event', 'payload'])
        .where('store_id', '=', m.storeId)
        .where('endpoint_id', '=', hook.body.data.id)
        .execute();
      const paid = events.filter((e) => e.event === 'order.paid').map((e) => JSON.parse(e.payload).data);
      expect(paid.map((d) => d.order_id)).toEqual([a.id]);
      const payment = events
        .filter((e) => e.event === 'customer.payment')
        .map((e) => JSON.parse(e.payload).data);
      expect(payment).toEqual([
        expect.objectContaining({ customer_id: c.id, amount: 300_000, credit: 0, balance: 100_000 }),
      ]);
      expect(b.id).not.toBe(a.id);
      await t.call('DELETE', `/webhooks/endpoints/${hook.body.data.id}`, { token: m.token });
    } finally {
      await receiver.close();
    }
  });

  it('by add_payment on an order on account lowers the account too', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const sale = (await creditSale(t, m, { productId: product.id, quantity: 2, customerId: c.id })).body.data;
    const res = await t.call('POST', '/payment_received/add_payment', {
      token: m.token,
      body: { order_id: sale.id, amount: 150_000, payment_mode: 'cash' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await balanceOf(c.id)).toBe(250_000);
  });

  it('answers 400 naming the fields of a bad body, and 404 for another store', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const bad = await payAccount(t, m, c.id, { amount: 0, payment_type: 'barter' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['amount', 'payment_type']));
    const foreign = await payAccount(t, other, c.id, { amount: 100, payment_type: 'cash' });
    expect(foreign.status).toBe(404);
    const foreignOff = await t.call('POST', `/customers/${c.id}/account/write_off`, {
      token: other.token,
      body: { amount: 100, reason: 'x' },
    });
    expect(foreignOff.status).toBe(404);
  });
});

describe('a write-off', () => {
  it('needs the permission and a reason, is at most what is owed, and is shared oldest first', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const a = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data;
    const b = (await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id })).body.data;
    const url = `/customers/${c.id}/account/write_off`;

    expect(
      (await t.call('POST', url, { token: cashier.token, body: { amount: 100, reason: 'x' } })).status,
    ).toBe(403);
    const noReason = await t.call('POST', url, { token: m.token, body: { amount: 100 } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBeDefined();
    const tooMuch = await t.call('POST', url, {
      token: m.token,
      body: { amount: 400_001, reason: 'Moved away' },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fields.amount).toBe('At most NGN 4,000.00');

    const res = await t.call('POST', url, {
      token: m.token,
      body: { amount: 250_000, reason: 'Moved away' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(
      res.body.data.allocations.map((x: { order_id: string; amount: number }) => [x.order_id, x.amount]),
    ).toEqual([
      [a.id, 200_000],
      [b.id, 50_000],
    ]);
    expect(res.body.data.entry).toMatchObject({
      kind: 'write_off',
      amount: -250_000,
      note: 'Moved away',
      balance_after: 150_000,
    });
    expect(await getOrder(a.id)).toMatchObject({ amount_written_off: 200_000, amount_outstanding: 0 });
    expect(await getOrder(b.id)).toMatchObject({ amount_written_off: 50_000, amount_outstanding: 150_000 });
    expect(await balanceOf(c.id)).toBe(150_000);
    await auditOf(t, 'customer.write_off', { entityId: c.id });
    // No money moved: nothing was received on the orders.
    expect((await getOrder(a.id)).amount_received).toBe(0);
  });
});

describe('refunds and cancellations of orders on account', () => {
  it('a refund of an unpaid credit sale pays nothing back and lowers the account', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const sale = (await creditSale(t, m, { productId: product.id, quantity: 3, customerId: c.id })).body.data;
    const part = await t.call('POST', `/order/${sale.id}/refund`, {
      token: m.token,
      body: { reason: 'One was torn', items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data.refund.amount).toBe(0);
    expect(await balanceOf(c.id)).toBe(400_000);
    const rest = await t.call('POST', `/order/${sale.id}/refund`, {
      token: m.token,
      body: { reason: 'All back' },
    });
    expect(rest.status).toBe(201);
    expect(await balanceOf(c.id)).toBe(0);
    const account = (await accountOf(t, m, c.id)).body.data;
    expect(account.totals).toMatchObject({ sales: 600_000, refunds: -600_000 });
  });

  it('money paid at the till and refunded with method credit goes on the account as credit', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const sale = (
      await creditSale(t, m, { productId: product.id, quantity: 2, customerId: c.id, paid: 100_000 })
    ).body.data;
    const res = await t.call('POST', `/order/${sale.id}/refund`, {
      token: m.token,
      body: { reason: 'Returned', method: 'credit' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.refund.amount).toBe(100_000);
    // The debt (300,000) went away, and the 100,000 paid is held as credit.
    expect(await balanceOf(c.id)).toBe(-100_000);
  });

  it('cancelling a pending credit order takes its debt off the account', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const sale = await creditSale(
      t,
      m,
      { productId: product.id, quantity: 2, customerId: c.id },
      { channel: 'dashboard' },
    );
    expect(sale.body.data.status).toBe('pending');
    expect(await balanceOf(c.id)).toBe(400_000);
    const res = await t.call('PATCH', `/order/status/${sale.body.data.id}`, {
      token: m.token,
      body: { status: 'cancelled' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balanceOf(c.id)).toBe(0);
  });
});

describe("the cashier's shift", () => {
  it('counts what was handed over at the till, not the rest on account nor credit spent', async () => {
    const seller = await createStaff(t, m, 'manager');
    const opened = await t.call('POST', '/shifts/open', {
      token: seller.token,
      body: { opening_float: 0 },
      headers: { 'idempotency-key': `open-${seller.user.id}` },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const c = await customerWithLimit(t, m, 10_000_000);
    // Credit of ₦1,000 held, then a ₦6,000 sale: ₦1,000 of credit, ₦2,000 cash, ₦3,000 on account.
    await payAccount(t, m, c.id, { amount: 100_000, payment_type: 'cash' });
    const sale = await creditSale(t, seller, {
      productId: product.id,
      quantity: 3,
      customerId: c.id,
      paid: 200_000,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.data).toMatchObject({ amount_received: 300_000, amount_outstanding: 300_000 });
    const entries = await t.db
      .selectFrom('shift_entries')
      .select(['kind', 'payment_type', 'amount', 'sale_total'])
      .where('shift_id', '=', opened.body.data.id)
      .where('kind', '=', 'sale')
      .execute();
    expect(entries.map((e) => [e.payment_type, Number(e.amount), Number(e.sale_total)])).toEqual([
      ['cash', 200_000, 600_000],
    ]);
    expect(await balanceOf(c.id)).toBe(300_000);
  });
});

describe('at once', () => {
  it('30 credit sales on one customer never take the balance past the limit', async () => {
    const c = await customerWithLimit(t, m, 2_000_000);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(await balanceOf(c.id)).toBe(2_000_000);
  });

  it('30 repayments with distinct keys never pay an order more than it owes', async () => {
    const c = await customerWithLimit(t, m, 100_000_000);
    for (let i = 0; i < 5; i++)
      await creditSale(t, m, { productId: product.id, quantity: 1, customerId: c.id });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        payAccount(t, m, c.id, { amount: 50_000, payment_type: 'cash' }, `many-${c.id}-${i}`),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    expect(await balanceOf(c.id)).toBe(1_000_000 - 1_500_000);
    const account = (await accountOf(t, m, c.id)).body.data;
    expect(account.open_orders).toEqual([]);
    expect(account.totals.repayments).toBe(-1_000_000);
    expect(account.totals.credits).toBe(-500_000);
  });
});

describe('another store', () => {
  it('cannot sell on credit to this store’s customer', async () => {
    const c = await customerWithLimit(t, m, 10_000_000);
    const theirs = await createProduct(t, other, { price: 100_000 });
    const res = await creditSale(t, other, { productId: theirs.id, quantity: 1, customerId: c.id });
    expect([404, 422]).toContain(res.status);
  });
});

it('staff made with createStaff sell on credit under their own name', async () => {
  const manager = await createStaff(t, m, 'manager');
  const c = await customerWithLimit(t, m, 10_000_000);
  const res = await creditSale(t, manager, { productId: product.id, quantity: 1, customerId: c.id });
  expect(res.status).toBe(201);
  const account = (await accountOf(t, m, c.id)).body.data;
  expect(account.entries[0].created_by_name).toBe('Staff manager');
});
