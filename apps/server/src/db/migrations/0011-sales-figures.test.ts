import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rebuildSalesFigures } from '../sales-figures-rebuild.js';

/**
 * Migrations 0011 and 0018 fill the sales figures from the orders already made, each with its
 * own frozen copy of the rebuild's SQL (decision 0050). Here on a database migrated up to 0010
 * holding orders of two stores in two time zones: every migration after runs, and the figures
 * are those today's rebuild gives from the same orders.
 */
let t: TestApp;
let migrated: string[];

const FIGURE_TABLES = [
  'sales_days',
  'sales_product_days',
  'sales_customer_days',
  'sales_products',
  'sales_customers',
] as const;

const NOW = '2026-06-01T00:00:00.000Z';

async function seed() {
  await t.db
    .insertInto('users' as never)
    .values({
      id: 'usr_0011',
      email: 'owner-0011@example.test',
      password_hash: 'x',
      first_name: 'Ada',
      last_name: 'Eze',
      phone_number: '08030000000',
      country: 'NG',
      created_at: NOW,
      updated_at: NOW,
    } as never)
    .execute();
  for (const [id, timezone] of [
    ['sto_lagos', 'Africa/Lagos'],
    ['sto_newyork', 'America/New_York'],
  ] as const) {
    await t.db
      .insertInto('stores' as never)
      .values({
        id,
        owner_user_id: 'usr_0011',
        business_name: id,
        currency: 'NGN',
        timezone,
        created_at: NOW,
        updated_at: NOW,
      } as never)
      .execute();
  }
  // [store, created_at, status, customer, lines: [product, quantity, unit price, refunded, cost]]
  const orders: Array<
    [string, string, string, string | null, Array<[string, number, number, number, number | null]>]
  > = [
    ['sto_lagos', '2026-03-01T22:30:00.000Z', 'success', 'cus_a', [['prd_1', 2, 1500, 0, 900]]],
    // 23:10 UTC is the next day in Lagos (UTC+1).
    [
      'sto_lagos',
      '2026-03-01T23:10:00.000Z',
      'success',
      'cus_a',
      [
        ['prd_1', 1, 1500, 0, 900],
        ['prd_2', 3, 700, 0, null],
      ],
    ],
    ['sto_lagos', '2026-03-02T10:00:00.000Z', 'refunded', 'cus_b', [['prd_2', 4, 700, 1, null]]],
    ['sto_lagos', '2026-03-02T11:00:00.000Z', 'cancelled', null, [['prd_1', 1, 1500, 0, 900]]],
    ['sto_lagos', '2026-03-04T09:00:00.000Z', 'pending', 'cus_b', [['prd_1', 5, 1500, 0, 900]]],
    // Across the daylight-saving change of 8 March 2026 in New York.
    ['sto_newyork', '2026-03-08T04:30:00.000Z', 'success', null, [['prd_9', 1, 2500, 0, 1000]]],
    ['sto_newyork', '2026-03-09T03:30:00.000Z', 'success', 'cus_z', [['prd_9', 2, 2500, 0, 1000]]],
  ];
  let n = 0;
  for (const [store, at, status, customer, lines] of orders) {
    n += 1;
    const orderId = `ord_${n}`;
    const subtotal = lines.reduce((s, [, q, p]) => s + q * p, 0);
    const discount = n === 2 ? 200 : 0;
    const refunded = lines.reduce((s, [, , p, r]) => s + r * p, 0);
    await t.db
      .insertInto('orders' as never)
      .values({
        id: orderId,
        store_id: store,
        number: `#${n}`,
        status,
        payment_state: 'paid',
        channel: 'pos',
        payment_type: 'cash',
        customer_id: customer,
        subtotal,
        discount,
        tax: 50,
        taxes: '[]',
        tax_inclusive: 0,
        shipping: 100,
        total: subtotal - discount + 150,
        amount_received: subtotal - discount + 150,
        amount_outstanding: 0,
        change_due: 0,
        refunded_total: refunded,
        amount_refunded: refunded,
        currency: 'NGN',
        created_at: at,
        updated_at: at,
      } as never)
      .execute();
    let line = 0;
    for (const [product, quantity, price, quantityRefunded, cost] of lines) {
      line += 1;
      const lineDiscount = n === 2 && line === 1 ? 100 : 0;
      await t.db
        .insertInto('order_items' as never)
        .values({
          id: `${orderId}_${line}`,
          store_id: store,
          order_id: orderId,
          line_no: line,
          product_id: product,
          name: product,
          unit_price: price,
          list_price: price,
          cost_price: cost,
          quantity,
          discount: lineDiscount,
          total: quantity * price - lineDiscount,
          order_discount: n === 2 && line === 2 ? 100 : 0,
          tax: 0,
          quantity_refunded: quantityRefunded,
        } as never)
        .execute();
    }
  }
}

async function figures() {
  const out: Record<string, unknown[]> = {};
  for (const table of FIGURE_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
    out[table] = rows
      .map((r) =>
        Object.fromEntries(
          Object.entries(r)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [
              k,
              typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v)) ? Number(v) : v,
            ]),
        ),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({}, { upTo: '0010-wallet' });
  await seed();
  migrated = await t.migrateRest();
});
afterAll(async () => t?.close());

describe('the sales figures migrations (0011, 0018) on a database with orders', () => {
  it('run, and fill the figures today’s rebuild gives from the same orders', async () => {
    expect(migrated.slice(0, 2)).toEqual(['0011-sales-figures', '0012-developer-keys']);
    expect(migrated).toContain('0018-sales-figures-placed-total');
    const afterMigrations = await figures();
    // Not empty: the backfill read the orders. Lagos, 2 March (local): the order of 23:10 UTC on
    // the 1st and the refunded one; the cancelled one is placed but no sale.
    const day = afterMigrations.sales_days!.find(
      (r) =>
        (r as { store_id: string }).store_id === 'sto_lagos' && (r as { day: string }).day === '2026-03-02',
    );
    expect(day).toMatchObject({ placed: 3, completed: 2, cancelled: 1, refunded_orders: 1 });
    expect(afterMigrations.sales_days).toHaveLength(5);

    await rebuildSalesFigures(t.db as never);
    expect(await figures()).toEqual(afterMigrations);
  });
});
