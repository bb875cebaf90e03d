import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSalesFigures } from '../../db/sales-figures-rebuild.js';
import { clockTo, createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createCustomer,
  createMemberWith,
  createProduct,
  order,
  keptFigureRows,
} from '../../test/sales-fixtures.js';

/**
 * The dashboard and reports against a known history in a Lagos store (UTC+1, no daylight
 * saving): sales either side of midnight, a line discount and a discount code, VAT and shipping,
 * an order completed later, one cancelled, a partial and a full refund made days after their
 * sales, and a second store. Every figure is checked against sums the test makes itself from the
 * orders as the API answered them (decision 0031 says what each figure is).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Lagos is UTC+1 all year: its local date of an instant, worked out here without the app's code. */
const lagosDate = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString().slice(0, 10);
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The instant of a Lagos wall-clock time. */
const lagos = (date: string, hh: number, mm = 0) =>
  Date.parse(`${date}T00:00:00Z`) - HOUR + hh * HOUR + mm * 60_000;

let t: TestApp;
let m: Merchant;
let other: Merchant;
const days: string[] = [];
const ids: Record<string, string> = {};
let p1: { id: string; name: string };
let p2: { id: string; name: string };
let c1: { id: string; first_name: string; last_name: string };
let c2: { id: string; first_name: string; last_name: string };

/** Moves the app's clock to an instant, and signs the owners in again (sessions lapse when idle). */
const at = (ms: number) => clockTo(t, ms, [m, other]);

const get = async (url: string, query: Record<string, string | number> = {}, who: Merchant = m) => {
  const res = await t.call('GET', url, { token: who.token, query });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

async function sale(name: string, body: Record<string, unknown>) {
  const res = await order(t, m, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[name] = res.body.data.id;
  return res.body.data;
}

interface ApiOrder {
  id: string;
  status: string;
  created_at: string;
  customer_id: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  refunded_total: number;
  amount_received: number;
  amount_refunded: number;
  amount_outstanding: number;
  items: Array<{
    product_id: string;
    unit_price: number;
    quantity: number;
    discount: number;
    total: number;
    order_discount: number;
    quantity_refunded: number;
  }>;
}

/** Every order of the store as the API shows it now. */
async function allOrders(who: Merchant = m): Promise<ApiOrder[]> {
  const res = await t.call('GET', '/order', { token: who.token, query: { perPage: 100 } });
  return Promise.all(
    (res.body.data as Array<{ id: string }>).map(
      async (o) => (await get(`/order/${o.id}`, {}, who)) as ApiOrder,
    ),
  );
}

const COST: Record<string, number> = {};

/** The figures of some days, added up here from the orders (what decision 0031 defines). */
function expected(orders: ApiOrder[], from: string | null, to: string | null) {
  const f = {
    placed: 0,
    cancelled: 0,
    completed: 0,
    refunded: 0,
    gross: 0,
    discounts: 0,
    refunds: 0,
    tax: 0,
    shipping: 0,
    total: 0,
    units: 0,
    cost: 0,
  };
  const products = new Map<string, { units: number; revenue: number; cost: number }>();
  const customers = new Map<string, { orders: number; spent: number }>();
  for (const o of orders) {
    const day = lagosDate(o.created_at);
    if ((from && day < from) || (to && day > to)) continue;
    f.placed += 1;
    if (o.status === 'cancelled') f.cancelled += 1;
    if (o.status !== 'success' && o.status !== 'refunded') continue;
    f.completed += 1;
    if (o.status === 'refunded') f.refunded += 1;
    f.discounts += o.discount;
    f.refunds += o.refunded_total;
    f.tax += o.tax;
    f.shipping += o.shipping;
    f.total += o.total;
    for (const i of o.items) {
      const kept = i.quantity - i.quantity_refunded;
      f.gross += i.unit_price * i.quantity;
      f.discounts += i.discount;
      f.units += kept;
      f.cost += (COST[i.product_id] ?? 0) * kept;
      const value = i.total - i.order_discount;
      const p = products.get(i.product_id) ?? { units: 0, revenue: 0, cost: 0 };
      p.units += kept;
      p.revenue += value - Math.floor((2 * value * i.quantity_refunded + i.quantity) / (2 * i.quantity));
      p.cost += (COST[i.product_id] ?? 0) * kept;
      products.set(i.product_id, p);
    }
    if (o.customer_id) {
      const c = customers.get(o.customer_id) ?? { orders: 0, spent: 0 };
      c.orders += 1;
      c.spent += o.total - o.refunded_total;
      customers.set(o.customer_id, c);
    }
  }
  const net = f.gross - f.discounts - f.refunds;
  return {
    ...f,
    figures: {
      gross_sales: f.gross,
      discounts: f.discounts,
      refunds: f.refunds,
      net_sales: net,
      tax: f.tax,
      shipping: f.shipping,
      total_sales: f.total - f.refunds,
      orders: f.completed,
      average_order_value: f.completed ? Math.round(net / f.completed) : 0,
      units: f.units,
      cost: f.cost,
    },
    products,
    customers,
  };
}

const pct = (now: number, before: number) =>
  before ? Math.round(((now - before) / Math.abs(before)) * 10_000) / 100 : null;

const keptFigures = (storeId: string) => keptFigureRows(t, storeId);

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  const today = lagosDate(t.clock.now().toISOString());
  for (let i = 3; i >= 0; i--) days.push(plusDays(today, -i));
  const [d0, d1, d2, d3] = days as [string, string, string, string];

  // The shop is set up on d0, just before midnight.
  await at(lagos(d0, 23, 30));
  expect(
    (
      await t.call('POST', '/tax', {
        token: m.token,
        body: { country: 'Nigeria', states: ['Lagos'], rates: [{ name: 'VAT', rate: 7.5 }] },
      })
    ).status,
  ).toBe(201);
  const ship = await t.call('POST', '/shipping', {
    token: m.token,
    body: { name: 'Lagos express', country: 'Nigeria', states: ['Lagos'], fee: 150_000 },
  });
  expect(ship.status).toBe(201);
  const code = await t.call('POST', '/discounts', {
    token: m.token,
    body: { name: 'Ten off', code: 'TEN', type: 'percentage', value: 10 },
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  const category = (await t.call('POST', '/product/category', { token: m.token, body: { name: 'Noodles' } }))
    .body.data;
  p1 = await createProduct(t, m, {
    name: 'Indomie carton',
    price: 1_000_000,
    cost_price: 700_000,
    quantity: 500,
    category_ids: [category.id],
  });
  p2 = await createProduct(t, m, { name: 'Peak milk tin', price: 45_000, cost_price: 30_000, quantity: 500 });
  COST[p1.id] = 700_000;
  COST[p2.id] = 30_000;
  ids.category = category.id;
  c1 = await createCustomer(t, m, { first_name: 'Amaka', last_name: 'Nwosu' });
  c2 = await createCustomer(t, m, { first_name: 'Tunde', last_name: 'Bakare' });
  const otherProduct = await createProduct(t, other, {
    name: 'Other shop item',
    price: 999_900,
    quantity: 50,
  });

  // d0 23:58: a paid sale at the till with the code, shipping and VAT, for Amaka.
  await at(lagos(d0, 23, 58));
  const s1Items = [
    { product_id: p1.id, quantity: 2 },
    { product_id: p2.id, quantity: 1 },
  ];
  const quote1 = (
    await t.call('POST', '/order/quote', {
      token: m.token,
      body: { items: s1Items, discount_code: 'TEN', shipping_id: ship.body.data.id, customer_id: c1.id },
    })
  ).body.data;
  await sale('s1', {
    items: s1Items,
    discount_code: 'TEN',
    shipping_id: ship.body.data.id,
    customer_id: c1.id,
    channel: 'pos',
    amount_received: quote1.total,
  });
  // d1 00:02, four minutes later but the next Lagos day: a line discount, walk-in.
  await at(lagos(d1, 0, 2));
  const s2 = { items: [{ product_id: p1.id, quantity: 3, discount: 50_000 }] };
  const quote2 = (await t.call('POST', '/order/quote', { token: m.token, body: s2 })).body.data;
  await sale('s2', { ...s2, channel: 'pos', amount_received: quote2.total });
  // d1: an order taken on the dashboard for Tunde, completed on d2; another one cancelled on d2.
  await at(lagos(d1, 10));
  await sale('s3', { items: [{ product_id: p2.id, quantity: 5 }], customer_id: c2.id, channel: 'dashboard' });
  await at(lagos(d1, 11));
  await sale('s4', { items: [{ product_id: p1.id, quantity: 1 }], channel: 'dashboard' });
  // d2: two paid sales, refunded (one in part) on d3.
  await at(lagos(d2, 9));
  const s5 = { items: [{ product_id: p2.id, quantity: 4 }], customer_id: c1.id };
  const quote5 = (await t.call('POST', '/order/quote', { token: m.token, body: s5 })).body.data;
  await sale('s5', { ...s5, channel: 'pos', amount_received: quote5.total });
  await at(lagos(d2, 12));
  const quote6 = (
    await t.call('POST', '/order/quote', {
      token: m.token,
      body: { items: [{ product_id: p1.id, quantity: 1 }] },
    })
  ).body.data;
  await sale('s6', {
    items: [{ product_id: p1.id, quantity: 1 }],
    channel: 'pos',
    amount_received: quote6.total,
  });
  await at(lagos(d2, 15));
  for (const status of ['processing', 'success']) {
    const r = await t.call('PATCH', `/order/status/${ids.s3}`, { token: m.token, body: { status } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const cancel = await t.call('PATCH', `/order/status/${ids.s4}`, {
    token: m.token,
    body: { status: 'cancelled', reason: 'Changed mind' },
  });
  expect(cancel.status).toBe(200);
  // The other store sells on d2 too.
  const elsewhere = await order(t, other, {
    items: [{ product_id: otherProduct.id, quantity: 3 }],
    channel: 'pos',
    amount_received: 10_000_000,
  });
  expect(elsewhere.status).toBe(201);
  // d3 (today): two sales at 08:00 and 13:00; the refunds of d2's sales.
  await at(lagos(d3, 8));
  await sale('s7', { items: [{ product_id: p2.id, quantity: 2 }], channel: 'pos', amount_received: 200_000 });
  await at(lagos(d3, 13, 30));
  await sale('s8', {
    items: [{ product_id: p1.id, quantity: 1 }],
    channel: 'pos',
    amount_received: 2_000_000,
  });
  await at(lagos(d3, 14));
  ids.beforeRefunds = JSON.stringify(
    await get('/sales_report/filter/sales', { type: 'daily', from: d0, to: d3 }),
  );
  const partial = await t.call('POST', `/order/${ids.s5}/refund`, {
    token: m.token,
    body: { items: [{ product_id: p2.id, quantity: 1 }], reason: 'Dented tin' },
  });
  expect(partial.status, JSON.stringify(partial.body)).toBe(201);
  const full = await t.call('POST', `/order/${ids.s6}/refund`, {
    token: m.token,
    body: { reason: 'Wrong flavour' },
  });
  expect(full.status, JSON.stringify(full.body)).toBe(201);
  // A customer added today, for the customers chart.
  await createCustomer(t, m, { first_name: 'Ngozi', last_name: 'Eze' });
}, 120_000);
afterAll(async () => t.close());

describe('the dashboard', () => {
  it('total sales, total orders and today against yesterday, as the orders add up', async () => {
    const orders = await allOrders();
    const all = expected(orders, null, null);
    expect(all.placed).toBe(8);
    expect(all.completed).toBe(7);
    const total = await get('/dashBoard/total-sales');
    expect(total).toEqual({
      from: null,
      to: null,
      total_sales: all.figures.total_sales,
      net_sales: all.figures.net_sales,
      orders: 7,
      currency: 'NGN',
    });
    const [d0, d1, d2, d3] = days as [string, string, string, string];
    const d1Only = expected(orders, d1, d1);
    expect(await get('/dashBoard/total-sales', { from: d1, to: d1 })).toMatchObject({
      total_sales: d1Only.figures.total_sales,
      orders: d1Only.completed,
    });
    // Across midnight: s1 (23:58) is d0's, s2 (00:02) d1's.
    expect(expected(orders, d0, d0).completed).toBe(1);
    expect(d1Only.completed).toBe(2);

    expect(await get('/dashBoard/total-order')).toEqual({
      from: null,
      to: null,
      placed: 8,
      completed: 7,
      cancelled: 1,
      refunded: 1,
      // s3 was completed and s4 cancelled: nothing is left open.
      open: 0,
    });

    const today = expected(orders, d3, d3).figures;
    const yesterday = expected(orders, d2, d2).figures;
    expect(await get('/dashBoard/today-sales')).toEqual({
      date: d3,
      today: today.total_sales,
      yesterday: yesterday.total_sales,
      today_orders: today.orders,
      yesterday_orders: yesterday.orders,
      change_percent: pct(today.total_sales, yesterday.total_sales),
      currency: 'NGN',
    });
  });

  it('top customers and top products, by what they are worth after refunds', async () => {
    const orders = await allOrders();
    const all = expected(orders, null, null);
    const customers = await get('/dashBoard/customers');
    expect(customers).toEqual(
      [...all.customers.entries()]
        .sort((a, b) => b[1].spent - a[1].spent)
        .map(([id, c]) => {
          const who = id === c1.id ? c1 : c2;
          return {
            customer_id: id,
            name: `${who.first_name} ${who.last_name}`,
            email: expect.any(String),
            phone_number: expect.any(String),
            orders: c.orders,
            spent: c.spent,
          };
        }),
    );
    const products = await get('/dashBoard/product-sale', { limit: 5 });
    expect(products).toEqual(
      [...all.products.entries()]
        .sort((a, b) => b[1].revenue - a[1].revenue)
        .map(([id, p]) => ({
          product_id: id,
          name: id === p1.id ? p1.name : p2.name,
          image: null,
          units: p.units,
          revenue: p.revenue,
        })),
    );
    // Over one day only.
    const d2 = days[2]!;
    const ranged = await get('/dashBoard/product-sale', { from: d2, to: d2 });
    const d2Products = expected(orders, d2, d2).products;
    expect(ranged.map((p: { product_id: string; revenue: number }) => [p.product_id, p.revenue])).toEqual(
      [...d2Products.entries()]
        .filter(([, p]) => p.units > 0)
        .sort((a, b) => b[1].revenue - a[1].revenue)
        .map(([id, p]) => [id, p.revenue]),
    );
    const rangedCustomers = await get('/dashBoard/customers', { from: d2, to: d2 });
    expect(rangedCustomers).toEqual([
      expect.objectContaining({
        customer_id: c1.id,
        orders: 1,
        spent: expected(orders, d2, d2).customers.get(c1.id)!.spent,
      }),
    ]);
  });

  it('recent orders, newest first, and customers', async () => {
    const recent = await get('/dashBoard/recent-orders', { limit: 3 });
    expect(recent.map((o: { id: string }) => o.id)).toEqual([ids.s8, ids.s7, ids.s6]);
    expect(recent[0]).toMatchObject({ product: p1.name, quantity: 1, status: 'success' });
    const all = await get('/dashBoard/recent-orders', { limit: 50 });
    const first = all.at(-1);
    expect(first).toMatchObject({ id: ids.s1, product: `${p1.name} +1 more`, quantity: 3 });
    // The partly refunded sale says how much went back (the dashboard's badge reads it).
    const orders = await allOrders();
    const partly = orders.find((o) => o.id === ids.s5)!;
    expect(partly.refunded_total).toBeGreaterThan(0);
    expect(all.find((o: { id: string }) => o.id === ids.s5)).toMatchObject({
      status: 'success',
      refunded_total: partly.refunded_total,
    });
    expect(recent[0]).toMatchObject({ refunded_total: 0 });

    expect(await get('/dashBoard/total-customers')).toEqual({
      from: null,
      to: null,
      total: 3,
      new: 3,
      buying: 2,
    });
    const d3 = days[3]!;
    expect(await get('/dashBoard/total-customers', { from: d3, to: d3 })).toEqual({
      from: d3,
      to: d3,
      total: 3,
      new: 1,
      buying: 0,
    });
  });

  it('the chart: every point present, today hourly, a range daily, the year monthly', async () => {
    const orders = await allOrders();
    const [d0, , , d3] = days as [string, string, string, string];
    const today = await get('/dashBoard/filter/sales', { time: 'today' });
    expect(today.granularity).toBe('hour');
    expect(today.points).toHaveLength(24);
    const sales = (o: ApiOrder) =>
      o.status === 'success' || o.status === 'refunded' ? o.total - o.refunded_total : 0;
    const byHour = new Array(24).fill(0);
    for (const o of orders) {
      if (lagosDate(o.created_at) !== d3) continue;
      byHour[new Date(Date.parse(o.created_at) + HOUR).getUTCHours()] += sales(o);
    }
    expect(today.points.map((p: { value: number }) => p.value)).toEqual(byHour);
    expect(today.points[8]).toMatchObject({ key: `${d3}T08:00`, label: '08:00' });
    expect(today.total).toBe(byHour.reduce((a, b) => a + b, 0));

    const range = await get('/dashBoard/filter/orders', { from: d0, to: d3 });
    expect(range.granularity).toBe('day');
    expect(range.points.map((p: { key: string; value: number }) => [p.key, p.value])).toEqual(
      days.map((d) => [d, expected(orders, d, d).completed]),
    );
    const rangeSales = await get('/dashBoard/filter/sales', { from: d0, to: d3 });
    expect(rangeSales.points.map((p: { value: number }) => p.value)).toEqual(
      days.map((d) => expected(orders, d, d).figures.total_sales),
    );

    const week = await get('/dashBoard/filter/orders', { time: 'week' });
    expect(week.points).toHaveLength(7);
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(week.total).toBe(
      orders.filter(
        (o) => lagosDate(o.created_at) >= week.from && (o.status === 'success' || o.status === 'refunded'),
      ).length,
    );
    const month = await get('/dashBoard/filter/sales', { time: 'month' });
    expect(month.points.length).toBeGreaterThanOrEqual(28);
    expect(month.points.every((p: { value: number }) => Number.isInteger(p.value))).toBe(true);
    const year = await get('/dashBoard/filter/sales', { time: 'year' });
    expect(year.points).toHaveLength(12);
    expect(year.granularity).toBe('month');
    expect(year.total).toBe(
      orders
        .filter((o) => lagosDate(o.created_at).slice(0, 4) === d3.slice(0, 4))
        .reduce((s, o) => s + sales(o), 0),
    );
    const customers = await get('/dashBoard/filter/customers', { time: 'today' });
    expect(customers.total).toBe(1);

    for (const [url, query, field] of [
      ['/dashBoard/filter/profit', { time: 'week' }, 'option'],
      ['/dashBoard/filter/sales', { time: 'decade' }, 'time'],
      ['/dashBoard/filter/sales', { from: d3, to: d0 }, 'to'],
      ['/dashBoard/filter/sales', { from: d0 }, 'to'],
      ['/dashBoard/filter/sales', { time: 'week', from: d0, to: d3 }, 'time'],
    ] as const) {
      const res = await t.call('GET', url, { token: m.token, query });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields, JSON.stringify(res.body)).toHaveProperty(field);
    }
  });
});

describe('the reports', () => {
  it('sales report: a range beside the period before it', async () => {
    const orders = await allOrders();
    const [d0, d1, d2] = days as [string, string, string, string];
    const summary = await get('/sales_report/all', { from: d1, to: d2 });
    const current = expected(orders, d1, d2).figures;
    const previous = expected(orders, plusDays(d0, -1), d0).figures;
    expect(summary).toMatchObject({
      from: d1,
      to: d2,
      previous_from: plusDays(d0, -1),
      previous_to: d0,
      currency: 'NGN',
    });
    expect(summary.current).toEqual(current);
    expect(summary.previous).toEqual(previous);
    expect(summary.change_percent.net_sales).toBe(pct(current.net_sales, previous.net_sales));
    expect(current.gross_sales - current.discounts - current.refunds).toBe(current.net_sales);
  });

  it('sales report by day, week, month and year, each period beside the one before', async () => {
    const orders = await allOrders();
    const [d0, , , d3] = days as [string, string, string, string];
    const daily = await get('/sales_report/filter/sales', { type: 'daily', from: d0, to: d3 });
    expect(daily.rows.map((r: { period: string }) => r.period)).toEqual(days);
    for (const row of daily.rows) {
      expect(row.current).toEqual(expected(orders, row.from, row.to).figures);
      const before = plusDays(row.from, -1);
      expect(row.previous).toEqual(expected(orders, before, before).figures);
    }
    expect(daily.totals.current).toEqual(expected(orders, d0, d3).figures);
    for (const type of ['weekly', 'monthly', 'yearly']) {
      const r = await get('/sales_report/filter/sales', { type, from: d0, to: d3 });
      expect(r.from <= d0 && r.to >= d3).toBe(true);
      expect(r.totals.current).toEqual(expected(orders, r.from, r.to).figures);
      for (const row of r.rows) expect(row.current).toEqual(expected(orders, row.from, row.to).figures);
    }
    const bad = await t.call('GET', '/sales_report/filter/sales', {
      token: m.token,
      query: { type: 'hourly' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('type');
  });

  it('a refund moves the figures of the day of the sale, not of the refund; a cancellation counts on the day it was placed', async () => {
    const [, d1, d2, d3] = days as [string, string, string, string];
    const before = JSON.parse(ids.beforeRefunds!);
    const after = await get('/sales_report/filter/sales', { type: 'daily', from: days[0]!, to: d3 });
    const row = (r: { rows: Array<{ period: string; current: Record<string, number> }> }, d: string) =>
      r.rows.find((x) => x.period === d)!.current as { refunds: number; units: number; orders: number };
    const orders = await allOrders();
    const s5 = orders.find((o) => o.id === ids.s5)!;
    const s6 = orders.find((o) => o.id === ids.s6)!;
    // d2's sales lost what was refunded on d3; d3's own figures did not move.
    expect(row(after, d2).refunds - row(before, d2).refunds).toBe(s5.refunded_total + s6.refunded_total);
    expect(row(after, d2).units - row(before, d2).units).toBe(-2);
    expect(row(after, d2).orders).toBe(row(before, d2).orders);
    expect(row(after, d3)).toEqual(row(before, d3));
    expect(s6.status).toBe('refunded');
    expect(s6.refunded_total).toBe(s6.total);
    // s4 was placed on d1 and cancelled on d2: a cancellation of d1.
    const d1Orders = await get('/dashBoard/total-order', { from: d1, to: d1 });
    expect(d1Orders).toMatchObject({ placed: 3, cancelled: 1, completed: 2 });
    expect(await get('/dashBoard/total-order', { from: d2, to: d2 })).toMatchObject({
      placed: 2,
      cancelled: 0,
      refunded: 1,
    });
  });

  it('sales by item: quantity, revenue, average price, cost and margin, by category and date', async () => {
    const orders = await allOrders();
    const [d0, , , d3] = days as [string, string, string, string];
    const all = expected(orders, d0, d3).products;
    const items = await get('/sales_report/items', { from: d0, to: d3 });
    const rows = [...all.entries()].sort((a, b) => b[1].revenue - a[1].revenue);
    expect(items.rows).toEqual(
      rows.map(([id, p]) => ({
        product_id: id,
        variant_id: null,
        variant_name: null,
        name: id === p1.id ? p1.name : p2.name,
        sku: expect.any(String),
        quantity: p.units,
        revenue: p.revenue,
        average_price: Math.round(p.revenue / p.units),
        cost: p.cost,
        margin: p.revenue - p.cost,
        margin_percent: Math.round(((p.revenue - p.cost) / p.revenue) * 10_000) / 100,
      })),
    );
    const revenue = rows.reduce((s, [, p]) => s + p.revenue, 0);
    const cost = rows.reduce((s, [, p]) => s + p.cost, 0);
    expect(items.totals).toMatchObject({
      revenue,
      cost,
      margin: revenue - cost,
      quantity: rows.reduce((s, [, p]) => s + p.units, 0),
    });
    expect(items.pagination).toEqual({ page: 1, perPage: 10, total: 2, totalPages: 1 });
    const noodles = await get('/sales_report/items', { from: d0, to: d3, categoryId: ids.category! });
    expect(noodles.rows.map((r: { product_id: string }) => r.product_id)).toEqual([p1.id]);
    const paged = await get('/sales_report/items', { from: d0, to: d3, perPage: 1, page: 2, sort: 'name' });
    expect(paged.rows.map((r: { name: string }) => r.name)).toEqual([[p1.name, p2.name].sort()[1]]);
    expect(paged.totals.revenue).toBe(revenue);
  });

  it('sales transactions: one row per order or payment, paginated and filtered by period and status', async () => {
    const orders = await allOrders();
    const [d0, , , d3] = days as [string, string, string, string];
    const list = await get('/sales_transactions/orders', { from: d0, to: d3, perPage: 5 });
    // Paid and unpaid apart: the money kept, and what is still owed (decision 0059).
    expect(list.totals).toEqual({
      count: 8,
      amount: orders.reduce((s, o) => s + o.total, 0),
      paid: orders.reduce((s, o) => s + o.amount_received - o.amount_refunded, 0),
      unpaid: orders.reduce((s, o) => s + o.amount_outstanding, 0),
    });
    expect(list.totals.unpaid).toBeGreaterThan(0);
    expect(list.pagination).toEqual({ page: 1, perPage: 5, total: 8, totalPages: 2 });
    expect(list.rows[0]).toMatchObject({
      id: ids.s8,
      kind: 'order',
      order_id: ids.s8,
      payment_type: 'cash',
      status: 'success',
    });
    const page2 = await get('/sales_transactions/orders', { from: d0, to: d3, perPage: 5, page: 2 });
    expect(page2.rows.at(-1).id).toBe(ids.s1);
    const cancelled = await get('/sales_transactions/orders', { from: d0, to: d3, status: 'cancelled' });
    expect(cancelled.rows.map((r: { id: string }) => r.id)).toEqual([ids.s4]);
    const today = await get('/sales_transactions/filter', { type: 'today' });
    expect(today.rows.map((r: { id: string }) => r.id)).toEqual([ids.s8, ids.s7]);
    expect(today).toMatchObject({ from: d3, to: d3 });
    const payments = await get('/sales_transactions/filter', { type: 'today', kind: 'payments' });
    expect(payments.rows).toHaveLength(2);
    expect(payments.rows[0]).toMatchObject({
      kind: 'payment',
      order_id: ids.s8,
      number: expect.stringMatching(/^PAY-/),
    });
    const bad = await t.call('GET', '/sales_transactions/filter', {
      token: m.token,
      query: { type: 'decade' },
    });
    expect(bad.status).toBe(400);
  });

  it('payments received over a from/to range, like the other reports', async () => {
    const orders = await allOrders();
    const [d0, d1, , d3] = days as [string, string, string, string];
    const paidAtTheTill = ['s1', 's2', 's5', 's6', 's7', 's8'].map((k) => ids[k]!);
    const all = await get('/sales_transactions/filter', { kind: 'payments', from: d0, to: d3 });
    expect(all).toMatchObject({ kind: 'payments', from: d0, to: d3 });
    expect(new Set(all.rows.map((r: { order_id: string }) => r.order_id))).toEqual(new Set(paidAtTheTill));
    const received = orders.filter((o) => paidAtTheTill.includes(o.id)).reduce((s, o) => s + o.total, 0);
    expect(all.totals).toEqual({ count: 6, amount: received, paid: received, unpaid: 0 });
    // d1 (Lagos): only s2, at 00:02; s1 was four minutes earlier, on d0.
    const oneDay = await get('/sales_transactions/filter', { kind: 'payments', from: d1, to: d1 });
    expect(oneDay.rows.map((r: { order_id: string }) => r.order_id)).toEqual([ids.s2]);
    const refunded = await get('/sales_transactions/filter', {
      kind: 'payments',
      from: d0,
      to: d3,
      status: 'refunded',
    });
    expect(refunded.rows.map((r: { order_id: string }) => r.order_id)).toEqual([ids.s6]);
    // The named periods still work, and the two cannot be mixed.
    expect((await get('/sales_transactions/filter', { kind: 'payments', type: 'today' })).rows).toHaveLength(
      2,
    );
    for (const query of [
      { kind: 'payments', type: 'today', from: d0 },
      { kind: 'payments', from: d3, to: d0 },
    ]) {
      const res = await t.call('GET', '/sales_transactions/filter', { token: m.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('CSV exports carry the same rows and totals as the answers', async () => {
    const [d0, , , d3] = days as [string, string, string, string];
    const csv = async (url: string, query: Record<string, string>) => {
      const res = await t.call('GET', url, { token: m.token, query });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
      return (res.body as string)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
    };
    const major = (minor: number) => (minor / 100).toFixed(2);
    const items = await get('/sales_report/items', { from: d0, to: d3 });
    const itemsCsv = await csv('/sales_report/items/export', { from: d0, to: d3 });
    expect(itemsCsv[0]).toEqual([
      'Product',
      'SKU',
      'Quantity',
      'Revenue',
      'Average price',
      'Cost',
      'Margin',
      'Margin %',
    ]);
    expect(itemsCsv).toHaveLength(items.rows.length + 2);
    expect(itemsCsv.at(-1)!.slice(0, 4)).toEqual([
      'Total',
      '',
      String(items.totals.quantity),
      major(items.totals.revenue),
    ]);

    const tx = await get('/sales_transactions/orders', { from: d0, to: d3 });
    const txCsv = await csv('/sales_transactions/export', { from: d0, to: d3 });
    expect(txCsv).toHaveLength(8 + 2);
    expect(txCsv[1]![2]).toBe(tx.rows[0].order_number);
    // Paid and unpaid apart, each row's and the total's, the same figures as the screen's totals.
    expect(txCsv[0]!.slice(-3)).toEqual(['Status', 'Paid', 'Unpaid']);
    expect(txCsv.at(-1)).toEqual([
      'Total',
      '8 orders',
      '',
      '',
      '',
      major(tx.totals.amount),
      '',
      major(tx.totals.paid),
      major(tx.totals.unpaid),
    ]);
    expect(tx.totals.unpaid).toBeGreaterThan(0);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const body = txCsv.slice(1, -1);
    expect(body.reduce((sum, row) => sum + cents(row[7]!), 0)).toBe(tx.totals.paid);
    expect(body.reduce((sum, row) => sum + cents(row[8]!), 0)).toBe(tx.totals.unpaid);

    const report = await get('/sales_report/filter/sales', { type: 'daily', from: d0, to: d3 });
    const reportCsv = await csv('/sales_report/filter/sales/export', { type: 'daily', from: d0, to: d3 });
    expect(reportCsv).toHaveLength(report.rows.length + 2);
    const netColumn = reportCsv[0]!.indexOf('Net sales');
    expect(reportCsv.at(-1)![netColumn]).toBe(major(report.totals.current.net_sales));

    const summary = await get('/sales_report/all', { from: d0, to: d3 });
    const summaryCsv = await csv('/sales_report/all/export', { from: d0, to: d3 });
    expect(summaryCsv.find((r) => r[0] === 'Net sales')![1]).toBe(major(summary.current.net_sales));
  });
});

describe('stores and permissions', () => {
  it("another store's figures never show, and its own are its own", async () => {
    const mine = await get('/dashBoard/total-sales');
    const theirs = await get('/dashBoard/total-sales', {}, other);
    expect(theirs.orders).toBe(1);
    expect(mine.orders).toBe(7);
    const otherOrders = await allOrders(other);
    expect(theirs.total_sales).toBe(expected(otherOrders, null, null).figures.total_sales);
    // A store the user is not a member of: 404, nothing shown.
    const res = await t.call('GET', '/dashBoard/total-sales', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(res.status).toBe(404);
    const items = await get('/sales_report/items', { from: days[0]!, to: days[3]! }, other);
    expect(
      items.rows.every((r: { product_id: string }) => r.product_id !== p1.id && r.product_id !== p2.id),
    ).toBe(true);
  });

  it('without reports.view every dashboard and report call is 403', async () => {
    const clerk = await createMemberWith(t, m, ['orders.view']);
    for (const url of [
      '/dashBoard/customers',
      '/dashBoard/product-sale',
      '/dashBoard/recent-orders',
      '/dashBoard/total-sales',
      '/dashBoard/today-sales',
      '/dashBoard/total-customers',
      '/dashBoard/total-order',
      '/dashBoard/filter/sales',
      '/sales_report/all',
      '/sales_report/filter/sales',
      '/sales_report/items',
      '/sales_transactions/orders',
      '/sales_transactions/filter',
      '/sales_transactions/export',
    ]) {
      const res = await t.call('GET', url, { token: clerk.token, query: { type: 'today', time: 'today' } });
      expect(res.status, url).toBe(403);
    }
  });

  it('the kept figures equal a rebuild from the orders', async () => {
    for (const store of [m.storeId, other.storeId]) {
      const kept = await keptFigures(store);
      await rebuildSalesFigures(t.database.db, [store]);
      expect(await keptFigures(store)).toEqual(kept);
    }
  });
});
