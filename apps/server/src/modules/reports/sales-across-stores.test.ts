import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';
import { rollUpSalesFigures } from './sales-figures.js';

/**
 * Sales of different stores at the same moment never wait for each other. Each sale proves its
 * day was worked out in its store's current time zone by locking that store's zone row, and the
 * figures' roll-up holds the same row; on Citus, where `stores` is on every node, that guard once
 * sat on the `stores` row and concurrent sales of different stores deadlocked (decision 0049,
 * "The zone guard"). Runs on every engine; on Citus it is the test of that fix.
 */
const STORES = 6;
const SALES_EACH = 5;

let t: TestApp;
const stores: Array<{ m: Merchant; productId: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < STORES; i++) {
    const m = await createMerchant(t);
    const product = await createProduct(t, m, { quantity: 1_000, price: 250_000 });
    stores.push({ m, productId: product.id });
  }
});
afterAll(async () => t?.close());

describe('sales of several stores at once', () => {
  it(`takes ${STORES * SALES_EACH} sales in ${STORES} stores at once, with roll-ups running, each once`, async () => {
    const sales = stores.flatMap(({ m, productId }) =>
      Array.from({ length: SALES_EACH }, () =>
        order(t, m, {
          items: [{ product_id: productId, quantity: 2 }],
          channel: 'pos',
          amount_received: 500_000,
        }),
      ),
    );
    // The figures' roll-up, as reads and the background process run it, at the same time.
    const rollUps = stores.map(({ m }) => rollUpSalesFigures(t.database.db, m.storeId));
    const answers = await Promise.all(sales);
    await Promise.all(rollUps);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));

    for (const { m, productId } of stores) {
      await rollUpSalesFigures(t.database.db, m.storeId);
      const days = await t.db
        .selectFrom('sales_days')
        .select(['placed', 'completed', 'units', 'total'])
        .where('store_id', '=', m.storeId)
        .execute();
      expect(days.reduce((n, d) => n + Number(d.placed), 0)).toBe(SALES_EACH);
      expect(days.reduce((n, d) => n + Number(d.completed), 0)).toBe(SALES_EACH);
      expect(days.reduce((n, d) => n + Number(d.units), 0)).toBe(SALES_EACH * 2);
      expect(days.reduce((n, d) => n + Number(d.total), 0)).toBe(SALES_EACH * 500_000);
      const product = await t.call('GET', `/product/${productId}`, { token: m.token });
      expect(product.body.data.quantity).toBe(1_000 - SALES_EACH * 2);
    }
  });
});
