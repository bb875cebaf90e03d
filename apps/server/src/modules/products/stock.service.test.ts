import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { appWithTwoOwners, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { applyStockMovements, STOCK_STAMP_MS, type StockMovementInput } from './stock.service.js';

let t: TestApp, m: Merchant, other: Merchant;
beforeAll(async () => ({ t, m, other } = await appWithTwoOwners()));
afterAll(async () => t.close());

const who = (storeId: string) => ({
  storeId,
  now: new Date(),
  actor: { type: 'system' as const, id: null, name: 'Stock test' },
});

async function product(body: Record<string, unknown>, owner = m): Promise<string> {
  const res = await t.call('POST', '/product/create', {
    token: owner.token,
    body: { price: 100000, ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const apply = (movements: StockMovementInput[], storeId = m.storeId) =>
  t.db.transaction().execute((trx) => applyStockMovements(trx, who(storeId), movements));

async function quantityOf(id: string) {
  const row = await t.db
    .selectFrom('products')
    .select('quantity')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}

async function ledgerOf(id: string) {
  return t.db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).orderBy('id').execute();
}

async function failure(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the call to fail');
}

describe('applyStockMovements', () => {
  it('takes stock out and records each line with quantities before and after and its reference', async () => {
    const id = await product({ name: 'Peak Milk 400g', quantity: 10 });
    const results = await apply([
      { productId: id, change: -4, reason: 'sale', referenceType: 'order', referenceId: 'ord-1' },
    ]);
    expect(results).toEqual([
      { productId: id, variantId: id, quantityBefore: 10, quantityAfter: 6, tracked: true },
    ]);
    expect(await quantityOf(id)).toBe(6);
    const ledger = await ledgerOf(id);
    expect(
      ledger.map((l) => [
        l.reason,
        Number(l.quantity_change),
        Number(l.quantity_before),
        Number(l.quantity_after),
      ]),
    ).toEqual([
      ['initial', 10, 0, 10],
      ['sale', -4, 10, 6],
    ]);
    expect(ledger[1]).toMatchObject({
      reference_type: 'order',
      reference_id: 'ord-1',
      actor_name: 'Stock test',
    });
  });

  it('moves the stock state with every change and the change stamp at most once in STOCK_STAMP_MS', async () => {
    const id = await product({ name: 'Stamp probe', quantity: 10, low_stock_threshold: 3 });
    const row = async () => {
      const r = await t.db
        .selectFrom('products')
        .select(['quantity', 'stock_state', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { quantity: Number(r.quantity), state: r.stock_state, at: Date.parse(r.updated_at) };
    };
    const made = (await row()).at;
    const take = (ms: number, change: number) =>
      t.db
        .transaction()
        .execute((trx) =>
          applyStockMovements(trx, { ...who(m.storeId), now: new Date(made + ms) }, [
            { productId: id, change, reason: 'sale', referenceType: 'order', referenceId: `ord-${ms}` },
          ]),
        );
    // Within the window: the quantity moves, the stamp stays (no index entry written).
    await take(500, -1);
    expect(await row()).toEqual({ quantity: 9, state: 'in_stock', at: made });
    // The state moves even within the window: the stock lists filter on it.
    await take(1_000, -6);
    expect(await row()).toEqual({ quantity: 3, state: 'low_stock', at: made });
    // Past the window since the stamp: it moves to now.
    const later = STOCK_STAMP_MS + 1;
    await take(later, -3);
    expect(await row()).toEqual({ quantity: 0, state: 'out_of_stock', at: made + later });
    await take(later + 1, 5);
    expect(await row()).toEqual({ quantity: 5, state: 'in_stock', at: made + later });
  });

  it('refuses the whole call when a line lacks stock, naming the product and what is left', async () => {
    const milk = await product({ name: 'Peak Milk 400g Tin', quantity: 3 });
    const rice = await product({ name: 'Mama Gold Rice 5kg', quantity: 8 });
    const error = await failure(
      apply([
        { productId: rice, change: -2, reason: 'sale' },
        { productId: milk, change: -5, reason: 'sale' },
      ]),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Only 3 left of "Peak Milk 400g Tin".');
    expect(error.fields).toEqual({ 'items.1.quantity': 'Only 3 left' });
    expect(await quantityOf(rice)).toBe(8);
    expect(await quantityOf(milk)).toBe(3);
    expect((await ledgerOf(rice)).length).toBe(1);
  });

  it('names every short product, and says when one is out of stock', async () => {
    const a = await product({ name: 'Golden Penny Semovita 1kg', quantity: 0 });
    const b = await product({ name: 'Kings Oil 1L', quantity: 1 });
    const error = await failure(
      apply([
        { productId: a, change: -1, reason: 'sale' },
        { productId: b, change: -2, reason: 'sale' },
      ]),
    );
    expect(error.message).toContain('"Golden Penny Semovita 1kg" is out of stock');
    expect(error.message).toContain('Only 1 left of "Kings Oil 1L"');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['items.0.quantity', 'items.1.quantity']);
  });

  it('combines lines of one product: the total decides, each line keeps its own ledger row', async () => {
    const id = await product({ name: 'Indomie Chicken 70g', quantity: 5 });
    const short = await failure(
      apply([
        { productId: id, change: -3, reason: 'sale' },
        { productId: id, change: -3, reason: 'sale' },
      ]),
    );
    expect(short.message).toBe('Only 5 left of "Indomie Chicken 70g".');
    expect(short.fields).toEqual({ 'items.0.quantity': 'Only 5 left', 'items.1.quantity': 'Only 5 left' });

    const results = await apply([
      { productId: id, change: -6, reason: 'sale', referenceId: 'a' },
      { productId: id, change: 4, reason: 'adjustment_return', referenceId: 'b' },
    ]);
    expect(await quantityOf(id)).toBe(3);
    // The positive line is recorded first, so no running quantity is negative.
    expect(results).toEqual([
      { productId: id, variantId: id, quantityBefore: 9, quantityAfter: 3, tracked: true },
      { productId: id, variantId: id, quantityBefore: 5, quantityAfter: 9, tracked: true },
    ]);
    const ledger = await ledgerOf(id);
    expect(ledger.every((l) => Number(l.quantity_after) >= 0)).toBe(true);
  });

  it('never blocks untracked products and leaves their quantity and ledger alone', async () => {
    const id = await product({ name: 'Gift Wrapping', track_stock: false, quantity: 0 });
    const results = await apply([{ productId: id, change: -50, reason: 'sale' }]);
    expect(results).toEqual([
      { productId: id, variantId: id, quantityBefore: 0, quantityAfter: 0, tracked: false },
    ]);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it("treats another store's product as not found", async () => {
    const theirs = await product({ name: 'Their Milk', quantity: 10 }, other);
    const error = await failure(apply([{ productId: theirs, change: -1, reason: 'sale' }]));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.fields).toEqual({ 'items.0.quantity': 'This product does not exist' });
    expect(await quantityOf(theirs)).toBe(10);
  });

  it('lets a caller key the fields its own way', async () => {
    const id = await product({ name: 'Cabin Biscuits', quantity: 1 });
    const error = await failure(
      t.db.transaction().execute((trx) =>
        applyStockMovements(trx, who(m.storeId), [{ productId: id, change: -2, reason: 'sale' }], {
          fieldKey: (i) => `lines.${i}.qty`,
        }),
      ),
    );
    expect(error.fields).toEqual({ 'lines.0.qty': 'Only 1 left' });
  });

  it('does not oversell under concurrent sales', async () => {
    const id = await product({ name: 'Malta Guinness Can', quantity: 10 });
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () => apply([{ productId: id, change: -1, reason: 'sale' }])),
    );
    const accepted = attempts.filter((a) => a.status === 'fulfilled').length;
    expect(accepted).toBe(10);
    for (const a of attempts) {
      if (a.status === 'rejected') expect((a.reason as AppError).code).toBe('CONFLICT');
    }
    expect(await quantityOf(id)).toBe(0);
    expect((await ledgerOf(id)).filter((l) => l.reason === 'sale')).toHaveLength(10);
  });

  it('moves the stock of more products than one statement takes, all or nothing', async () => {
    // 1,100 products at 0, copied from one made through the API: three update statements' worth.
    const template = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', await product({ name: 'Bulk template', quantity: 0 }))
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: 1100 }, () => newId());
    for (let i = 0; i < ids.length; i += 100) {
      await t.db
        .insertInto('products')
        .values(
          ids.slice(i, i + 100).map((id, j) => ({
            ...template,
            id,
            name: `Bulk ${i + j}`,
            sku: `BULK-${i + j}`,
            barcode: `BULK-${i + j}`,
          })),
        )
        .execute();
      // Every product is sold as its own variant (decision 0064), where its stock is kept.
      await t.db
        .insertInto('product_variants')
        .values(
          ids.slice(i, i + 100).map((id, j) => ({
            store_id: template.store_id,
            id,
            product_id: id,
            position: 0,
            option_values: '{}',
            name: '',
            sku: `BULK-${i + j}`,
            barcode: `BULK-${i + j}`,
            price: template.price,
            cost_price: template.cost_price,
            sale_price: template.sale_price,
            track_stock: template.track_stock,
            quantity: template.quantity,
            low_stock_threshold: template.low_stock_threshold,
            image: null,
            status: 'active' as const,
            created_at: template.created_at,
            updated_at: template.updated_at,
          })),
        )
        .execute();
    }
    const received = await apply(
      ids.map((productId) => ({ productId, change: 5, reason: 'purchase_receipt' })),
    );
    expect(received.every((r) => r.tracked && r.quantityBefore === 0 && r.quantityAfter === 5)).toBe(true);
    expect(await quantityOf(ids[0]!)).toBe(5);
    expect(await quantityOf(ids[1099]!)).toBe(5);

    // One product of the last statement's share is short: nothing of the call stays.
    const last = ids.toSorted().at(-1)!;
    const error = await failure(
      apply(ids.map((productId) => ({ productId, change: productId === last ? -6 : -1, reason: 'sale' }))),
    );
    expect(error.message).toBe('Only 5 left of "Bulk 1099".');
    const sold = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', m.storeId)
      .where('product_id', 'in', ids)
      .where('reason', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(0);
    expect(await quantityOf(ids[0]!)).toBe(5);

    // Every product short: the products left unchanged are read back in parts too.
    const allShort = await failure(
      apply(ids.map((productId) => ({ productId, change: -6, reason: 'sale' }))),
    );
    expect(allShort.code).toBe('CONFLICT');
    expect(Object.keys(allShort.fields ?? {})).toHaveLength(1100);
    expect(allShort.message).toContain('"Bulk 1099"');
  });

  it('refuses changes of one product that add up beyond a safe whole number', async () => {
    const a = await product({ name: 'Peak Milk 400g', quantity: 3 });
    const error = await failure(
      apply([
        { productId: a, change: Number.MAX_SAFE_INTEGER, reason: 'adjustment_count' },
        { productId: a, change: Number.MAX_SAFE_INTEGER, reason: 'adjustment_count' },
      ]),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['items.0.quantity', 'items.1.quantity']);
    expect(await quantityOf(a)).toBe(3);
  });

  it('takes rows in id order, so opposite line orders in concurrent calls do not deadlock', async () => {
    const a = await product({ name: 'Eva Water 75cl', quantity: 100 });
    const b = await product({ name: 'Coca-Cola 50cl', quantity: 100 });
    const calls = Array.from({ length: 20 }, (_, i) =>
      apply(
        i % 2
          ? [
              { productId: a, change: -1, reason: 'sale' },
              { productId: b, change: -1, reason: 'sale' },
            ]
          : [
              { productId: b, change: -1, reason: 'sale' },
              { productId: a, change: -1, reason: 'sale' },
            ],
      ),
    );
    await Promise.all(calls);
    expect(await quantityOf(a)).toBe(80);
    expect(await quantityOf(b)).toBe(80);
  });

  // PostgreSQL only: on SQLite no other transaction is open while a sale runs.
  if (process.env.TEST_DATABASE_URL) {
    it('does not wait for a transaction that only points at the product (a foreign key check)', async () => {
      const a = await product({ name: 'Milo 400g', quantity: 10 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // What PostgreSQL takes on the product while another transaction inserts a row whose
      // foreign key points at it (a purchase order's line, a category link), until it commits.
      const holder = t.db.transaction().execute(async (trx) => {
        await sql`select id from products where store_id = ${m.storeId} and id = ${a} for key share`.execute(
          trx,
        );
        locked();
        await released;
      });
      await isLocked;
      const sale = apply([{ productId: a, change: -2, reason: 'sale' }]);
      const outcome = await Promise.race([
        sale.then(() => 'sold'),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 3000)),
      ]);
      release();
      await holder;
      await sale;
      expect(outcome).toBe('sold');
      expect(await quantityOf(a)).toBe(8);
    });
  }
});
