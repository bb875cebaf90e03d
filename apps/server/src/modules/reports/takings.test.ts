import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTo, createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMemberWith, createProduct, order } from '../../test/sales-fixtures.js';

/**
 * Takings by payment type and sales by cashier (issue 32, decision 0062): a day with cash, card,
 * bank-transfer and POS-terminal sales by two members and an API key, a later payment of
 * yesterday's credit sale, a cash refund and a cancellation that paid money back; every figure
 * against the sums of what the test did.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Stores are set up in Lagos (UTC+1, no summer time). */
const lagosDate = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 10);
const lagos = (date: string, hh: number, mm = 0) =>
  Date.parse(`${date}T00:00:00Z`) - HOUR + hh * HOUR + mm * 60_000;
const PRICE = 10_000;

let t: TestApp;
let m: Merchant;
let cashier: Merchant;
let other: Merchant;
let today: string;
let yesterday: string;
let keyName: string;
let keyId: string;

/** What the test did, as the reports must add it up. */
interface Payment {
  type: string;
  amount: number;
  by: string;
  day: string;
}
const payments: Payment[] = [];
const paidBack: Array<{ type: string; amount: number; day: string }> = [];
const sales: Array<{ by: string; total: number; discounts: number; refunds: number; day: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  cashier = await createStaff(t, m, 'cashier');
  const keyRes = await t.call('GET', '/developer/generate-keys', {
    token: m.token,
    query: { env: 'production', type: 'secret' },
  });
  expect(keyRes.status, JSON.stringify(keyRes.body)).toBe(200);
  const apiKey = keyRes.body.data.value as string;
  keyId = keyRes.body.data.id;
  keyName = keyRes.body.data.masked;

  today = lagosDate(t.clock.now().getTime());
  yesterday = lagosDate(t.clock.now().getTime() - DAY);
  const p = await createProduct(t, m, { price: PRICE, quantity: 500 });
  const otherProduct = await createProduct(t, other, { price: 77_700, quantity: 50 });
  const people = [m, cashier, other];

  /** A sale paid in full at the till: complete at once, its payment under its payment type. */
  async function paidSale(
    who: Merchant | { key: string },
    type: string,
    quantity: number,
    discount = 0,
  ): Promise<{ id: string; total: number }> {
    const body = {
      items: [{ product_id: p.id, quantity, ...(discount ? { discount } : {}) }],
      channel: 'pos',
      payment_type: type,
      amount_received: quantity * PRICE - discount,
    };
    const res =
      'key' in who
        ? await t.call('POST', '/order', { headers: { authorization: `Bearer ${who.key}` }, body })
        : await order(t, who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body.data;
    expect(o.status).toBe('success');
    expect(o.total).toBe(quantity * PRICE - discount);
    const by = 'key' in who ? keyId : who.user.id;
    const day = lagosDate(t.clock.now().getTime());
    payments.push({ type, amount: o.total, by, day });
    sales.push({ by, total: o.total, discounts: discount, refunds: 0, day });
    return { id: o.id, total: o.total };
  }

  // Yesterday 23:50 in Lagos: a cash sale, and a bank-transfer sale on credit (nothing paid).
  await clockTo(t, lagos(yesterday, 23, 50), people);
  await paidSale(m, 'cash', 1);
  const credit = await order(t, m, {
    items: [{ product_id: p.id, quantity: 3 }],
    payment_type: 'bank_transfer',
  });
  expect(credit.status).toBe(201);

  // Today: sales of every kind by the owner, the cashier and the API key.
  await clockTo(t, lagos(today, 9), people);
  const s1 = await paidSale(m, 'cash', 3, 5_000);
  await paidSale(cashier, 'card', 2);
  await paidSale(cashier, 'bank_transfer', 4);
  await paidSale(m, 'pos_terminal', 1);
  await paidSale({ key: apiKey }, 'cash', 1);
  // An order on the dashboard, part paid by card with it: pending, cancelled later.
  const pending = await order(t, cashier, {
    items: [{ product_id: p.id, quantity: 2 }],
    payment_type: 'card',
    amount_received: 5_000,
  });
  expect(pending.status, JSON.stringify(pending.body)).toBe(201);
  expect(pending.body.data.status).toBe('pending');
  payments.push({ type: 'card', amount: 5_000, by: cashier.user.id, day: today });
  // Yesterday's credit sale part paid today in cash (its payment mode, not its payment type).
  await clockTo(t, lagos(today, 11), people);
  const later = await t.call('POST', '/payment_received/add_payment', {
    token: cashier.token,
    body: { order_id: credit.body.data.id, amount: 15_000, payment_mode: 'cash' },
  });
  expect(later.status, JSON.stringify(later.body)).toBe(201);
  payments.push({ type: 'cash', amount: 15_000, by: cashier.user.id, day: today });

  // A cash refund of one of s1's three units, and the cancellation, which pays the card back.
  await clockTo(t, lagos(today, 15), people);
  const refund = await t.call('POST', `/order/${s1.id}/refund`, {
    token: m.token,
    body: { items: [{ product_id: p.id, quantity: 1 }], reason: 'Torn pack' },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  const { amount, value } = refund.body.data.refund as { amount: number; value: number };
  expect(amount).toBeGreaterThan(0);
  paidBack.push({ type: 'cash', amount, day: today });
  sales.find((s) => s.total === s1.total && s.day === today && s.by === m.user.id)!.refunds = value;
  const cancel = await t.call('PATCH', `/order/status/${pending.body.data.id}`, {
    token: m.token,
    body: { status: 'cancelled', reason: 'Changed mind' },
  });
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  expect(cancel.body.data.amount_refunded).toBe(5_000);
  paidBack.push({ type: 'card', amount: 5_000, day: today });

  // The other store sells today too.
  const elsewhere = await order(t, other, {
    items: [{ product_id: otherProduct.id, quantity: 1 }],
    channel: 'pos',
    payment_type: 'cash',
    amount_received: 77_700,
  });
  expect(elsewhere.status).toBe(201);
}, 120_000);
afterAll(async () => t.close());

const get = async (who: Merchant, url: string, query: Record<string, string>) => {
  const res = await t.call('GET', url, { token: who.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The test's own sums by payment type over some days. */
function expectedTypes(days: string[]) {
  const rows = new Map<
    string,
    { received: number; received_count: number; paid_back: number; paid_back_count: number }
  >();
  const row = (type: string) => {
    if (!rows.has(type)) rows.set(type, { received: 0, received_count: 0, paid_back: 0, paid_back_count: 0 });
    return rows.get(type)!;
  };
  for (const p of payments.filter((x) => days.includes(x.day))) {
    row(p.type).received += p.amount;
    row(p.type).received_count += 1;
  }
  for (const b of paidBack.filter((x) => days.includes(x.day))) {
    row(b.type).paid_back += b.amount;
    row(b.type).paid_back_count += 1;
  }
  return [...rows].map(([payment_type, r]) => ({ payment_type, ...r, net: r.received - r.paid_back }));
}

function expectedCashiers(days: string[]) {
  const rows = new Map<
    string,
    { orders: number; sales_total: number; received: number; refunds: number; discounts: number }
  >();
  const row = (by: string) => {
    if (!rows.has(by)) rows.set(by, { orders: 0, sales_total: 0, received: 0, refunds: 0, discounts: 0 });
    return rows.get(by)!;
  };
  for (const s of sales.filter((x) => days.includes(x.day))) {
    const r = row(s.by);
    r.orders += 1;
    r.sales_total += s.total;
    r.refunds += s.refunds;
    r.discounts += s.discounts;
  }
  for (const p of payments.filter((x) => days.includes(x.day))) row(p.by).received += p.amount;
  return rows;
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('takings by payment type', () => {
  it("adds up today's money in and back by type, a sale's payment under its type, a later one under its mode", async () => {
    const data = await get(m, '/sales_report/payment-types', { from: today, to: today });
    const expected = expectedTypes([today]);
    expect(data).toMatchObject({ from: today, to: today, currency: 'NGN' });
    expect([...data.rows].sort((a, b) => a.payment_type.localeCompare(b.payment_type))).toEqual(
      [...expected].sort((a, b) => a.payment_type.localeCompare(b.payment_type)),
    );
    // Largest received first; every type with a figure, no other.
    expect(data.rows.map((r: { payment_type: string }) => r.payment_type)).toEqual([
      'cash',
      'bank_transfer',
      'card',
      'pos_terminal',
    ]);
    const received = sum(expected, (r) => r.received);
    const back = sum(expected, (r) => r.paid_back);
    expect(data.total).toEqual({
      received,
      received_count: sum(expected, (r) => r.received_count),
      paid_back: back,
      paid_back_count: 2,
      net: received - back,
    });
    // Figures written out: cash 25,000 + 10,000 + 15,000 in, the refund's 8,333 back.
    expect(data.rows[0]).toEqual({
      payment_type: 'cash',
      received: 50_000,
      received_count: 3,
      paid_back: 8_333,
      paid_back_count: 1,
      net: 41_667,
    });
    expect(data.rows.find((r: { payment_type: string }) => r.payment_type === 'pos_terminal')).toMatchObject({
      received: 10_000,
      received_count: 1,
    });
  });

  it("counts yesterday's payments by the day the money came, in the store's time zone", async () => {
    const data = await get(m, '/sales_report/payment-types', { from: yesterday, to: today });
    expect(data.total.received).toBe(sum(expectedTypes([yesterday, today]), (r) => r.received));
    const yesterdayOnly = await get(m, '/sales_report/payment-types', { from: yesterday, to: yesterday });
    expect(yesterdayOnly.rows).toEqual([
      {
        payment_type: 'cash',
        received: PRICE,
        received_count: 1,
        paid_back: 0,
        paid_back_count: 0,
        net: PRICE,
      },
    ]);
  });

  it("never shows another store's money", async () => {
    const data = await get(other, '/sales_report/payment-types', { from: today, to: today });
    expect(data.rows).toEqual([
      {
        payment_type: 'cash',
        received: 77_700,
        received_count: 1,
        paid_back: 0,
        paid_back_count: 0,
        net: 77_700,
      },
    ]);
    const mine = await get(m, '/sales_report/payment-types', { from: today, to: today });
    expect(JSON.stringify(mine)).not.toContain('77700');
    const foreign = await t.call('GET', '/sales_report/payment-types', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(foreign.status).toBe(404);
  });

  it('exports the same rows and totals as CSV', async () => {
    const data = await get(m, '/sales_report/payment-types', { from: today, to: today });
    const res = await t.call('GET', '/sales_report/payment-types/export', {
      token: m.token,
      query: { from: today, to: today },
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain('takings-by-payment-type');
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual(['Payment type', 'Received', 'Payments', 'Paid back', 'Refunds', 'Net']);
    expect(lines[1]).toEqual(['cash', '500.00', '3', '83.33', '1', '416.67']);
    expect(lines.slice(1, -1).map((l) => l[0])).toEqual(
      data.rows.map((r: { payment_type: string }) => r.payment_type),
    );
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(lines.at(-1)).toEqual([
      'Total',
      major(data.total.received),
      String(data.total.received_count),
      major(data.total.paid_back),
      String(data.total.paid_back_count),
      major(data.total.net),
    ]);
  });
});

describe('sales by cashier', () => {
  it('adds up each member’s and the API key’s sales, takings, refunds and discounts', async () => {
    const data = await get(m, '/sales_report/cashiers', { from: today, to: today });
    const expected = expectedCashiers([today]);
    const names = new Map([
      [m.user.id, null],
      [cashier.user.id, null],
      [keyId, keyName],
    ]);
    expect(data.rows).toHaveLength(3);
    for (const row of data.rows) {
      const e = expected.get(row.member_id)!;
      expect(e, row.member_id).toBeDefined();
      expect(row).toMatchObject({ ...e, average_sale: Math.round(e.sales_total / e.orders) });
      if (names.get(row.member_id)) expect(row.member_name).toBe(names.get(row.member_id));
    }
    expect(data.rows.map((r: { member_id: string }) => r.member_id)).toEqual([
      cashier.user.id,
      m.user.id,
      keyId,
    ]);
    const owner = data.rows.find((r: { member_id: string }) => r.member_id === m.user.id);
    // s1 (25,000, 5,000 off, 8,333 refunded) and the POS-terminal sale: the cancelled order is no sale.
    expect(owner).toMatchObject({
      orders: 2,
      sales_total: 35_000,
      received: 35_000,
      refunds: 8_333,
      discounts: 5_000,
      average_sale: 17_500,
    });
    const staff = data.rows.find((r: { member_id: string }) => r.member_id === cashier.user.id);
    expect(staff.member_name).toMatch(/Staff/);
    // The cashier also took the pending order's 5,000 and the later 15,000.
    expect(staff).toMatchObject({ orders: 2, sales_total: 60_000, received: 80_000 });
    // What the cashiers took adds up to what the store received.
    const types = await get(m, '/sales_report/payment-types', { from: today, to: today });
    expect(data.total.received).toBe(types.total.received);
    const all = [...expected.values()];
    expect(data.total).toEqual({
      orders: sum(all, (r) => r.orders),
      sales_total: sum(all, (r) => r.sales_total),
      received: sum(all, (r) => r.received),
      refunds: sum(all, (r) => r.refunds),
      discounts: sum(all, (r) => r.discounts),
      average_sale: Math.round(sum(all, (r) => r.sales_total) / sum(all, (r) => r.orders)),
    });
  });

  it("never shows another store's cashiers", async () => {
    const data = await get(other, '/sales_report/cashiers', { from: today, to: today });
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ member_id: other.user.id, orders: 1, sales_total: 77_700 });
  });

  it('exports the same rows and totals as CSV', async () => {
    const data = await get(m, '/sales_report/cashiers', { from: today, to: today });
    const res = await t.call('GET', '/sales_report/cashiers/export', {
      token: m.token,
      query: { from: today, to: today },
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual([
      'Member',
      'Orders',
      'Sales total',
      'Received',
      'Refunds',
      'Discounts',
      'Average sale',
    ]);
    expect(lines).toHaveLength(data.rows.length + 2);
    expect(lines[1]![0]).toBe(data.rows[0].member_name);
    expect(lines[1]!.slice(1)).toEqual(['2', '600.00', '800.00', '0.00', '0.00', '300.00']);
    expect(lines.at(-1)).toEqual(['Total', '5', '1050.00', '1250.00', '83.33', '50.00', '210.00']);
  });
});

describe('permissions', () => {
  it('refuses both reports and their exports without reports.view', async () => {
    const clerk = await createMemberWith(t, m, ['orders.view']);
    for (const url of [
      '/sales_report/payment-types',
      '/sales_report/payment-types/export',
      '/sales_report/cashiers',
      '/sales_report/cashiers/export',
    ]) {
      const res = await t.call('GET', url, { token: clerk.token });
      expect(res.status, url).toBe(403);
      expect(res.body.error.message).toContain('reports.view');
    }
    // The cashier role sells but does not see reports.
    expect((await t.call('GET', '/sales_report/cashiers', { token: cashier.token })).status).toBe(403);
  });
});
