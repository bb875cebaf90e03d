import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSalesFigures } from '../../db/sales-figures-rebuild.js';
import { rollUpSalesFigures, rollUpWaitingSalesFigures } from './sales-figures.js';
import { createMerchant, PASSWORD, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order } from '../../test/sales-fixtures.js';

/**
 * For random sequences of sales (paid at the till or left open, with line discounts, a code and
 * customers, at random hours of several days), completions, cancellations and full or partial
 * refunds, the figures kept (each change's row written in its transaction, rolled up at any
 * point) equal the figures rebuilt from the orders table (decision 0031).
 */

type Step =
  | { kind: 'sale'; lines: Array<[number, number, number]>; pos: boolean; customer: number; code: boolean }
  | { kind: 'complete'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'refund'; pick: number; units: number | null }
  | { kind: 'wait'; hours: number }
  | { kind: 'rollUp'; background: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      lines: fc.array(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 4 }), fc.nat(3)), {
        minLength: 1,
        maxLength: 3,
      }),
      pos: fc.boolean(),
      customer: fc.nat(2),
      code: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      units: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  // The changes rolled up part way (decision 0031, addendum): by a read's roll-up of the store or
  // by the background round of every store; the order never matters.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollUp' as const), background: fc.boolean() }) },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function figures(storeId: string) {
  // The figures as a read sees them: with the changes not yet rolled up added in.
  await rollUpSalesFigures(t.db, storeId);
  const rows = async (
    table: 'sales_days' | 'sales_product_days' | 'sales_customer_days' | 'sales_products' | 'sales_customers',
  ) =>
    (await t.db.selectFrom(table).selectAll().where('store_id', '=', storeId).execute())
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .sort()
              .map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
          ),
        ),
      )
      .sort();
  return Promise.all(
    (
      [
        'sales_days',
        'sales_product_days',
        'sales_customer_days',
        'sales_products',
        'sales_customers',
      ] as const
    ).map(rows),
  );
}

describe('the kept sales figures', () => {
  it('equal a recomputation from the orders after any sequence of sales, completions, cancellations and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const m: Merchant = await createMerchant(t);
        const products = [
          await createProduct(t, m, { price: 120_000, cost_price: 80_000, quantity: 10_000 }),
          await createProduct(t, m, { price: 45_050, quantity: 10_000 }),
          await createProduct(t, m, { price: 999_999, cost_price: 500_001, quantity: 10_000 }),
        ];
        const customers = [null, (await createCustomer(t, m)).id, (await createCustomer(t, m)).id];
        await t.call('POST', '/discounts', {
          token: m.token,
          body: { name: 'Promo', code: 'PROMO7', type: 'percentage', value: 7.5 },
        });
        const placed: Array<{ id: string; productIds: string[] }> = [];
        for (const s of steps) {
          if (s.kind === 'wait') {
            t.clock.advance(s.hours * 3_600_000);
            const res = await t.call('POST', '/user/signin', {
              body: { email: m.email, password: PASSWORD },
            });
            m.token = res.body.data.userToken;
            continue;
          }
          if (s.kind === 'rollUp') {
            if (s.background) await rollUpWaitingSalesFigures(t.db);
            else await rollUpSalesFigures(t.db, m.storeId);
            continue;
          }
          if (s.kind === 'sale') {
            const lines = s.lines.map(([p, quantity, d]) => ({
              product_id: products[p]!.id,
              quantity,
              ...(d ? { discount: d * 1_001 } : {}),
            }));
            const body = {
              items: lines,
              customer_id: customers[s.customer],
              ...(s.code ? { discount_code: 'PROMO7' } : {}),
            };
            const quote = await t.call('POST', '/order/quote', { token: m.token, body });
            if (quote.status !== 200) continue;
            const res = await order(t, m, {
              ...body,
              channel: s.pos ? 'pos' : 'dashboard',
              amount_received: s.pos ? quote.body.data.total : 0,
            });
            if (res.status === 201)
              placed.push({ id: res.body.data.id, productIds: lines.map((l) => l.product_id) });
            continue;
          }
          if (!placed.length) continue;
          const target = placed[s.pick % placed.length]!;
          if (s.kind === 'complete') {
            for (const status of ['processing', 'success'])
              await t.call('PATCH', `/order/status/${target.id}`, { token: m.token, body: { status } });
          } else if (s.kind === 'cancel') {
            await t.call('PATCH', `/order/status/${target.id}`, {
              token: m.token,
              body: { status: 'cancelled' },
            });
          } else {
            await t.call('POST', `/order/${target.id}/refund`, {
              token: m.token,
              body: {
                reason: 'Returned',
                ...(s.units ? { items: [{ product_id: target.productIds[0], quantity: s.units }] } : {}),
              },
            });
          }
        }
        const kept = await figures(m.storeId);
        await rebuildSalesFigures(t.db, [m.storeId]);
        expect(await figures(m.storeId)).toEqual(kept);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 300_000);
});
