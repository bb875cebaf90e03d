/** Customers' accounts read: the statement, customers who owe with ageing, CSV, PDF, credit limits (decision 0065). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountOf,
  accountProblems,
  creditSale,
  customerWithLimit,
  payAccount,
} from '../../test/account-fixtures.js';
import { appWithTwoStores, auditOf, clockTo, type Merchant, type TwoStores } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { pdfLines } from '../../test/pdf-text.js';
import { createProduct } from '../../test/sales-fixtures.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
let product: { id: string };
let ada: { id: string }, bayo: { id: string };
const DAY = 86_400_000;

/**
 * Ada buys ₦1,000 on day 0 and ₦1,000 on day 45, Bayo ₦3,000 on day 45; on day 95 Ada pays
 * ₦300 (it pays her oldest sale first) and Bayo buys ₦1,000 more.
 */
beforeAll(async () => {
  ({ t, m, other, cashier } = (await appWithTwoStores()) as TwoStores);
  const people = [m, other, cashier];
  product = await createProduct(t, m, { name: 'Tin of Milk', price: 100_000, quantity: 1000 });
  ada = await customerWithLimit(t, m, 10_000_000, { first_name: 'Ada', last_name: 'Obi' });
  bayo = await customerWithLimit(t, m, 10_000_000, { first_name: 'Bayo', last_name: 'Lawal' });
  const start = t.clock.now().getTime();
  expect((await creditSale(t, m, { productId: product.id, quantity: 1, customerId: ada.id })).status).toBe(
    201,
  );
  await clockTo(t, start + 45 * DAY, people);
  await creditSale(t, m, { productId: product.id, quantity: 1, customerId: ada.id });
  await creditSale(t, m, { productId: product.id, quantity: 3, customerId: bayo.id });
  await clockTo(t, start + 95 * DAY, people);
  expect((await payAccount(t, m, ada.id, { amount: 30_000, payment_type: 'cash' })).status).toBe(201);
  await creditSale(t, m, { productId: product.id, quantity: 1, customerId: bayo.id });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await accountProblems(t, m.storeId)).toEqual([]);
});

describe("a customer's account", () => {
  it('lists entries newest first with the balance after each, totals and open orders', async () => {
    const res = await accountOf(t, m, ada.id);
    expect(res.status).toBe(200);
    const account = res.body.data;
    expect(account).toMatchObject({
      customer_id: ada.id,
      currency: 'NGN',
      balance: 170_000,
      credit_limit: 10_000_000,
      available_credit: 9_830_000,
      entries_count: 3,
      totals: {
        sales: 200_000,
        repayments: -30_000,
        refunds: 0,
        write_offs: 0,
        credits: 0,
        opening_balance: 0,
      },
    });
    expect(
      account.entries.map((e: { kind: string; amount: number; balance_after: number }) => [
        e.kind,
        e.amount,
        e.balance_after,
      ]),
    ).toEqual([
      ['repayment', -30_000, 170_000],
      ['sale', 100_000, 200_000],
      ['sale', 100_000, 100_000],
    ]);
    expect(account.open_orders.map((o: { amount_outstanding: number }) => o.amount_outstanding)).toEqual([
      70_000, 100_000,
    ]);
    // The customer answer carries the limit and the balance too.
    const customer = await t.call('GET', `/customers/${ada.id}`, { token: m.token });
    expect(customer.body.data).toMatchObject({ credit_limit: 10_000_000, account_balance: 170_000 });
  });

  it('shows a period with its opening balance, a page at a time', async () => {
    const from = account45Date();
    const res = await accountOf(t, m, ada.id, { from, perPage: '1', page: '2' });
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toMatchObject({
      opening_balance: 100_000,
      sales: 100_000,
      repayments: -30_000,
    });
    expect(res.body.data.entries_count).toBe(2);
    expect(res.body.data.entries).toEqual([
      expect.objectContaining({ kind: 'sale', balance_after: 200_000 }),
    ]);
  });

  it('prints a PDF statement with the opening and closing balances', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${ada.id}/account/statement.pdf`,
      headers: { authorization: m.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const data = res.rawPayload;
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = await pdfLines(data);
    expect(lines).toContain('STATEMENT OF ACCOUNT');
    expect(lines.find((l) => l.includes('Opening balance'))).toContain('₦0.00');
    expect(lines.find((l) => l.includes('Closing balance'))).toContain('₦1,700.00');
    expect(lines.some((l) => l.includes('Customer: Ada Obi'))).toBe(true);
  });

  it('sets the credit limit with the permission, audited; bad bodies are 400', async () => {
    const url = `/customers/${ada.id}/credit_limit`;
    expect((await t.call('PUT', url, { token: cashier.token, body: { credit_limit: 1 } })).status).toBe(403);
    const bad = await t.call('PUT', url, { token: m.token, body: { credit_limit: -5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.credit_limit).toBeDefined();
    const res = await t.call('PUT', url, { token: m.token, body: { credit_limit: 500_000 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ credit_limit: 500_000, available_credit: 330_000 });
    await auditOf(t, 'customer.credit_limit_changed', { entityId: ada.id });
    const none = await t.call('PUT', url, { token: m.token, body: { credit_limit: null } });
    expect(none.body.data).toMatchObject({ credit_limit: null, available_credit: null });
    await t.call('PUT', url, { token: m.token, body: { credit_limit: 10_000_000 } });
  });

  it('is another store’s 404 on every route', async () => {
    const as = { token: other.token };
    expect((await t.call('GET', `/customers/${ada.id}/account`, as)).status).toBe(404);
    expect((await t.call('GET', `/customers/${ada.id}/account/statement.pdf`, as)).status).toBe(404);
    expect(
      (await t.call('PUT', `/customers/${ada.id}/credit_limit`, { ...as, body: { credit_limit: 5 } })).status,
    ).toBe(404);
    expect((await payAccount(t, other, ada.id, { amount: 100, payment_type: 'cash' })).status).toBe(404);
    const off = await t.call('POST', `/customers/${ada.id}/account/write_off`, {
      ...as,
      body: { amount: 1, reason: 'x' },
    });
    expect(off.status).toBe(404);
    // Their list of who owes is their own: empty.
    expect((await t.call('GET', '/customers/owing', as)).body.data).toEqual([]);
  });
});

describe('customers who owe', () => {
  it('lists them largest balance first with what they owe by age, oldest debt paid first', async () => {
    const res = await t.call('GET', '/customers/owing', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        customer_id: bayo.id,
        name: 'Bayo Lawal',
        balance: 400_000,
        ageing: { d0_30: 100_000, d31_60: 300_000, d61_90: 0, d90_plus: 0 },
        last_payment_at: null,
      }),
      expect.objectContaining({
        customer_id: ada.id,
        balance: 170_000,
        // ₦300 paid the day-0 sale first: ₦700 of it is 95 days old, the day-45 sale 50 days.
        ageing: { d0_30: 0, d31_60: 100_000, d61_90: 0, d90_plus: 70_000 },
      }),
    ]);
    expect(res.body.data[1].last_payment_at).not.toBeNull();
    expect(res.body.pagination).toMatchObject({ total: 2 });

    const old = await t.call('GET', '/customers/owing', { token: m.token, query: { bucket: 'd90_plus' } });
    expect(old.body.data.map((c: { customer_id: string }) => c.customer_id)).toEqual([ada.id]);
    const found = await t.call('GET', '/customers/owing', { token: m.token, query: { search: 'lawal' } });
    expect(found.body.data.map((c: { customer_id: string }) => c.customer_id)).toEqual([bayo.id]);
    const bad = await t.call('GET', '/customers/owing', { token: m.token, query: { bucket: 'd5' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.bucket).toBeDefined();
  });

  it('sums them in the receivables summary', async () => {
    const res = await t.call('GET', '/customers/owing/summary', { token: m.token });
    expect(res.body.data).toEqual({
      currency: 'NGN',
      customers: 2,
      total: 570_000,
      ageing: { d0_30: 100_000, d31_60: 400_000, d61_90: 0, d90_plus: 70_000 },
    });
  });

  it('exports them as CSV, formula-like names made harmless', async () => {
    const sly = await customerWithLimit(t, m, 10_000_000, {
      first_name: '=HYPERLINK("x")',
      last_name: 'Doe',
    });
    await creditSale(t, m, { productId: product.id, quantity: 1, customerId: sly.id });
    const res = await t.call('GET', '/customers/owing/export', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Customer,Phone,Balance,Credit limit,0–30 days,31–60 days,61–90 days,90+ days,Oldest unpaid,Last payment',
    );
    expect(lines[1]).toMatch(/^Bayo Lawal,\+?\d+,4000\.00,100000\.00,1000\.00,3000\.00,0\.00,0\.00,/);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^"'=HYPERLINK/);
  });
});

/** The local date of day 45 (the store's zone is Lagos, an hour ahead of UTC). */
function account45Date(): string {
  const d = new Date(t.clock.now().getTime() - 50 * DAY + 3_600_000);
  return d.toISOString().slice(0, 10);
}
