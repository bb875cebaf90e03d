import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoOwners, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { fileUpload } from '../../test/multipart.js';
import { createProduct, sendOfflineSale } from '../../test/sales-fixtures.js';

/**
 * Prices changed by a product import are price history like an edited price (decision 0036):
 * an offline sale priced from a copy made before the import is current-at-time-of-sale; one
 * priced at the old price from a copy made after it is not.
 */

let t: TestApp, m: Merchant, other: Merchant;
beforeAll(async () => ({ t, m, other } = await appWithTwoOwners()));
afterAll(async () => t.close());

type OrderAnswer = {
  offline_state: string | null;
  offline_issues: Array<{ kind: string; product_id: string | null }>;
  total: number;
};

let counter = 0;
const upload = (who: Merchant, csv: string) =>
  t.call('POST', '/product/upload', { token: who.token, ...fileUpload(csv, 'prices.csv', 'text/csv') });

async function sendOffline(
  who: Merchant,
  productId: string,
  unitPrice: number,
  times: { sold_at: string; catalogue_at: string },
) {
  const n = ++counter;
  return sendOfflineSale<{ data: OrderAnswer }>(
    t,
    who,
    [{ product_id: productId, quantity: 1, unit_price: unitPrice }],
    {
      key: `import-prices-${n}`,
      number: `OFF-IMPORT-${n}`,
      ...times,
    },
  );
}

const productAudits = (productId: string) =>
  t.db
    .selectFrom('audits')
    .select(['action', 'before', 'after', 'store_id', 'summary'])
    .where('entity', '=', 'product')
    .where('entity_id', '=', productId)
    .where('action', '=', 'product.updated')
    .execute();

describe('prices changed by an import are price history (decision 0036)', () => {
  it('an offline sale at the price before an import, from a copy made before it, is current; one from a copy made after is flagged', async () => {
    const sku = `IMP-${Date.now()}`;
    const p = await createProduct(t, m, { name: 'Peak Milk Tin', sku, price: 40_000, quantity: 20 });
    const copyBefore = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const soldBefore = t.clock.now().toISOString();
    t.clock.advance(60_000);

    const imported = await upload(m, `name,sku,price\nPeak Milk Tin,${sku},450\n`);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ updated: 1, rejected: [] });
    const got = await t.call('GET', `/product/${p.id}`, { token: m.token });
    expect(got.body.data.price).toBe(45_000);
    // The import wrote the product's own history row, as an edit does.
    const audits = await productAudits(p.id);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.before!)).toMatchObject({ price: 40_000 });
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ price: 45_000 });
    expect(audits[0]!.store_id).toBe(m.storeId);
    expect(audits[0]!.summary).toContain('prices.csv');

    t.clock.advance(60_000);
    const copyAfter = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const soldAfter = t.clock.now().toISOString();

    // Made offline before the import, from a copy of then: the till's price was the price.
    const early = await sendOffline(m, p.id, 40_000, { sold_at: soldBefore, catalogue_at: copyBefore });
    expect(early.status).toBe(201);
    expect(early.body.data.total).toBe(40_000);
    expect(early.body.data.offline_state).toBe('accepted');
    expect(early.body.data.offline_issues.map((i) => i.kind)).toEqual(['price_changed']);

    // Made after the import from a copy that already had the new price: the old one was not current.
    const late = await sendOffline(m, p.id, 40_000, { sold_at: soldAfter, catalogue_at: copyAfter });
    expect(late.status).toBe(201);
    expect(late.body.data.offline_state).toBe('needs_review');
    expect(late.body.data.offline_issues).toEqual([
      expect.objectContaining({ kind: 'price_not_current', product_id: p.id }),
    ]);
  });

  it('a sale price changed on its own is history too (the price before is read field by field)', async () => {
    const sku = `SALE-${Date.now()}`;
    const p = await createProduct(t, m, { sku, price: 40_000, sale_price: 35_000, quantity: 20 });
    const copyAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    // The import ends the sale price (an empty cell); then the price itself is edited.
    expect((await upload(m, `sku,price,sale_price\n${sku},400,\n`)).body.data).toMatchObject({ updated: 1 });
    t.clock.advance(60_000);
    expect(
      (await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { price: 42_000 } })).status,
    ).toBe(200);
    t.clock.advance(60_000);
    const sale = await sendOffline(m, p.id, 35_000, {
      sold_at: new Date(Date.parse(copyAt) + 30_000).toISOString(),
      catalogue_at: copyAt,
    });
    expect(sale.body.data.offline_state).toBe('accepted');
    expect(sale.body.data.offline_issues.map((i) => i.kind)).toEqual(['price_changed']);
  });

  it("another store's import is not this store's price history", async () => {
    const sku = `CROSS-${Date.now()}`;
    const mine = await createProduct(t, m, { sku, price: 40_000, quantity: 20 });
    const theirs = await createProduct(t, other, { sku, price: 40_000, quantity: 20 });
    const copyAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    // The other store imports a new price for its own product with the same SKU.
    expect((await upload(other, `sku,price\n${sku},300\n`)).body.data).toMatchObject({ updated: 1 });
    expect((await productAudits(mine.id)).length).toBe(0);
    expect((await productAudits(theirs.id)).map((a) => a.store_id)).toEqual([other.storeId]);
    // This store's price never changed: a sale at 300 (the other store's new price) is not current.
    t.clock.advance(60_000);
    const sale = await sendOffline(m, mine.id, 30_000, {
      sold_at: t.clock.now().toISOString(),
      catalogue_at: copyAt,
    });
    expect(sale.body.data.offline_state).toBe('needs_review');
    expect(sale.body.data.offline_issues.map((i) => i.kind)).toContain('price_not_current');
    // And the other store's product is not reachable from this store.
    const cross = await sendOffline(m, theirs.id, 30_000, {
      sold_at: t.clock.now().toISOString(),
      catalogue_at: copyAt,
    });
    expect(cross.status).toBe(404);
  });
});
