import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let m: Merchant;
let other: Merchant;
let manager: Merchant;
let cashier: Merchant;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  manager = await createStaff(t, m, 'manager');
  cashier = await createStaff(t, m, 'cashier');
  vendorId = (await t.call('POST', '/vendor', { token: m.token, body: { name: 'Nestlé Nigeria' } })).body.data
    .id;
});
afterAll(async () => t.close());

async function product(name: string, quantity = 0, who: Merchant = m) {
  const res = await t.call('POST', '/product/create', {
    token: who.token,
    body: { name, price: 50000, quantity, cost_price: 30000 },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; quantity: number };
}

/** A purchase order of `who`'s store, to the file's vendor unless `extra` names another. */
async function po(
  items: Array<{ product_id: string; quantity: number; unit_cost: number }>,
  extra: Record<string, unknown> = {},
  who: Merchant = m,
) {
  const res = await t.call('POST', '/purchase_order', {
    token: who.token,
    body: { vendor_id: vendorId, items, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const stock = async (id: string) =>
  (await t.call('GET', `/product/${id}`, { token: m.token })).body.data.quantity as number;
const receive = (
  id: string,
  items: Array<{ product_id: string; quantity: number }>,
  key?: string,
  who: Merchant = m,
) =>
  t.call('POST', `/purchase_order/${id}/receive`, {
    token: who.token,
    body: { items },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('purchase orders', () => {
  it('raises a draft with server totals and the next PO number', async () => {
    const milo = await product('Milo 500g');
    const nido = await product('Nido 400g');
    const a = await po(
      [
        { product_id: milo.id, quantity: 12, unit_cost: 185000 },
        { product_id: nido.id, quantity: 6, unit_cost: 210050 },
      ],
      { expected_date: '2026-12-01', notes: 'Deliver to back door' },
    );
    expect(a).toMatchObject({
      status: 'draft',
      subtotal: 12 * 185000 + 6 * 210050,
      total: 12 * 185000 + 6 * 210050,
      quantity_ordered: 18,
      received_percent: 0,
      vendor: { id: vendorId, name: 'Nestlé Nigeria' },
    });
    expect(a.number).toMatch(/^PO-\d{6}$/);
    expect(
      a.items.map((i: { product_name: string; line_total: number }) => [i.product_name, i.line_total]),
    ).toEqual([
      ['Milo 500g', 2220000],
      ['Nido 400g', 1260300],
    ]);
    const b = await po([{ product_id: milo.id, quantity: 1, unit_cost: 1 }]);
    expect(Number(b.number.slice(3))).toBe(Number(a.number.slice(3)) + 1);
  });

  it('validates lines: unknown products, duplicates, zero quantities', async () => {
    const p = await product('Golden Penny Semovita');
    const theirs = await product('Their product', 0, other);
    const res = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: {
        vendor_id: vendorId,
        items: [
          { product_id: p.id, quantity: 0, unit_cost: -5 },
          { product_id: p.id, quantity: 2, unit_cost: 100 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      'items.0.quantity': 'Quantity must be at least 1',
      'items.0.unit_cost': 'Unit cost cannot be negative',
      'items.1.product_id': "This product is already on line 1; change that line's quantity",
    });
    const foreign = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: { vendor_id: vendorId, items: [{ product_id: theirs.id, quantity: 1, unit_cost: 1 }] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields['items.0.product_id']).toBe('Product not found');
    const none = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: { vendor_id: vendorId, items: [] },
    });
    expect(none.body.error.fields.items).toBe('Add at least one product');
  });

  it('refuses a new PO to an inactive vendor (409) or another store’s vendor (404)', async () => {
    const p = await product('Indomie Chicken');
    const sleepy = (
      await t.call('POST', '/vendor', {
        token: m.token,
        body: { name: 'Sleepy Supplies', status: 'inactive' },
      })
    ).body.data;
    const res = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: { vendor_id: sleepy.id, items: [{ product_id: p.id, quantity: 1, unit_cost: 100 }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Sleepy Supplies is inactive. Activate the vendor before raising a purchase order.',
    );
    const theirVendor = (
      await t.call('POST', '/vendor', { token: other.token, body: { name: 'Other vendor' } })
    ).body.data;
    const foreign = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: { vendor_id: theirVendor.id, items: [{ product_id: p.id, quantity: 1, unit_cost: 100 }] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.fields.vendor_id).toBe('Choose one of your vendors');
  });

  it('edits only while draft', async () => {
    const p = await product('Peak Milk Tin');
    const q = await product('Three Crowns Milk');
    const order = await po([{ product_id: p.id, quantity: 5, unit_cost: 100 }]);
    const edited = await t.call('PATCH', `/purchase_order/${order.id}`, {
      token: m.token,
      body: { items: [{ product_id: q.id, quantity: 3, unit_cost: 250 }], notes: 'Changed' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      total: 750,
      notes: 'Changed',
      items: [expect.objectContaining({ product_name: 'Three Crowns Milk', quantity: 3 })],
    });
    expect((await t.call('POST', `/purchase_order/${order.id}/issue`, { token: m.token })).status).toBe(200);
    const late = await t.call('PATCH', `/purchase_order/${order.id}`, {
      token: m.token,
      body: { notes: 'Too late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Only a draft can be edited; ${order.number} is issued.`);
  });

  it('walks every allowed transition and refuses the others', async () => {
    const p = await product('Bournvita 900g');
    const line = [{ product_id: p.id, quantity: 4, unit_cost: 100 }];
    const draft = await po(line);
    expect((await receive(draft.id, [{ product_id: p.id, quantity: 1 }])).body.message).toBe(
      `${draft.number} is a draft. Issue it before receiving stock.`,
    );
    expect(
      (await t.call('POST', `/purchase_order/${draft.id}/cancel`, { token: m.token })).body.data.status,
    ).toBe('cancelled');
    const cancelledIssue = await t.call('POST', `/purchase_order/${draft.id}/issue`, { token: m.token });
    expect(cancelledIssue.status).toBe(409);
    expect(cancelledIssue.body.message).toBe(`Only a draft can be issued; ${draft.number} is cancelled.`);
    const cancelledReceive = await receive(draft.id, [{ product_id: p.id, quantity: 1 }]);
    expect(cancelledReceive.status).toBe(409);
    expect(cancelledReceive.body.message).toBe(`${draft.number} is cancelled; nothing can be received.`);

    const issued = await po(line, { status: 'issued' });
    expect(issued.status).toBe('issued');
    expect(issued.issued_at).toBeTruthy();
    expect((await t.call('POST', `/purchase_order/${issued.id}/issue`, { token: m.token })).status).toBe(409);
    expect((await receive(issued.id, [{ product_id: p.id, quantity: 1 }])).body.data.status).toBe(
      'partially_received',
    );
    const cancelPartial = await t.call('POST', `/purchase_order/${issued.id}/cancel`, { token: m.token });
    expect(cancelPartial.status).toBe(409);
    expect(cancelPartial.body.message).toBe(
      `${issued.number} has stock received already and cannot be cancelled.`,
    );
    expect((await receive(issued.id, [{ product_id: p.id, quantity: 3 }])).body.data).toMatchObject({
      status: 'received',
      received_percent: 100,
    });
    expect((await receive(issued.id, [{ product_id: p.id, quantity: 1 }])).body.message).toBe(
      `${issued.number} is already fully received.`,
    );
    expect((await t.call('POST', `/purchase_order/${issued.id}/cancel`, { token: m.token })).status).toBe(
      409,
    );

    const issuedThenCancelled = await po(line, { status: 'issued' });
    expect(
      (await t.call('POST', `/purchase_order/${issuedThenCancelled.id}/cancel`, { token: m.token })).body.data
        .status,
    ).toBe('cancelled');
  });

  it('adds exactly the received quantities to stock through the ledger, partial then full', async () => {
    const rice = await product('Mama Gold Rice 50kg', 2);
    const oil = await product('Kings Oil 5L', 0);
    const order = await po(
      [
        { product_id: rice.id, quantity: 10, unit_cost: 4500000 },
        { product_id: oil.id, quantity: 6, unit_cost: 980000 },
      ],
      { status: 'issued' },
    );
    const first = await receive(order.id, [{ product_id: rice.id, quantity: 4 }]);
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((i: { quantity_received: number }) => i.quantity_received)).toEqual([
      4, 0,
    ]);
    expect(first.body.data.received_percent).toBe(25);
    expect(await stock(rice.id)).toBe(6);
    expect(await stock(oil.id)).toBe(0);
    const second = await receive(order.id, [
      { product_id: rice.id, quantity: 6 },
      { product_id: oil.id, quantity: 6 },
    ]);
    expect(second.body.data).toMatchObject({ status: 'received', quantity_received: 16 });
    expect(second.body.data.receipts).toHaveLength(2);
    expect(await stock(rice.id)).toBe(12);
    expect(await stock(oil.id)).toBe(6);
    const movements = await t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('reference_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(movements.map((mv) => [mv.product_id, Number(mv.quantity_change), mv.reason])).toEqual([
      [rice.id, 4, 'purchase_receipt'],
      [rice.id, 6, 'purchase_receipt'],
      [oil.id, 6, 'purchase_receipt'],
    ]);
    const history = await t.call('GET', `/product/${rice.id}/stock-movements`, { token: m.token });
    expect(history.status).toBe(200);
    // The receipt set the cost price to what was paid.
    expect((await t.call('GET', `/product/${rice.id}`, { token: m.token })).body.data.cost_price).toBe(
      4500000,
    );
  });

  it('refuses to receive more than ordered, changing nothing', async () => {
    const p = await product('Dano Milk Sachet', 1);
    const order = await po([{ product_id: p.id, quantity: 5, unit_cost: 100 }], { status: 'issued' });
    await receive(order.id, [{ product_id: p.id, quantity: 3 }]);
    const over = await receive(order.id, [{ product_id: p.id, quantity: 3 }]);
    expect(over.status).toBe(409);
    expect(over.body.error.fields['items.0.quantity']).toBe(
      'Only 2 of "Dano Milk Sachet" remain to be received',
    );
    const notOnPo = await receive(order.id, [{ product_id: (await product('Stranger')).id, quantity: 1 }]);
    expect(notOnPo.status).toBe(422);
    expect(await stock(p.id)).toBe(4);
    expect(
      (await t.call('GET', `/purchase_order/${order.id}`, { token: m.token })).body.data.quantity_received,
    ).toBe(3);
  });

  it('does not receive twice for a repeated Idempotency-Key, and refuses the key for another body', async () => {
    const p = await product('Cabin Biscuits', 0);
    const order = await po([{ product_id: p.id, quantity: 10, unit_cost: 100 }], { status: 'issued' });
    const first = await receive(order.id, [{ product_id: p.id, quantity: 4 }], 'receipt-123');
    const again = await receive(order.id, [{ product_id: p.id, quantity: 4 }], 'receipt-123');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(await stock(p.id)).toBe(4);
    const other = await receive(order.id, [{ product_id: p.id, quantity: 5 }], 'receipt-123');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
    expect(await stock(p.id)).toBe(4);
  });

  it('receives concurrently without ever exceeding the ordered quantity', async () => {
    const p = await product('Coke 50cl crate', 0);
    const order = await po([{ product_id: p.id, quantity: 10, unit_cost: 100 }], { status: 'issued' });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => receive(order.id, [{ product_id: p.id, quantity: 1 }])),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(accepted).toBe(10);
    expect(await stock(p.id)).toBe(10);
    const detail = (await t.call('GET', `/purchase_order/${order.id}`, { token: m.token })).body.data;
    expect(detail).toMatchObject({ status: 'received', quantity_received: 10 });
    expect(detail.receipts).toHaveLength(10);
  });

  it('lists with filters and search, shows a vendor’s orders and incoming stock', async () => {
    const p = await product('Hollandia Yoghurt', 0);
    const v2 = (await t.call('POST', '/vendor', { token: m.token, body: { name: 'Chi Limited' } })).body.data;
    const a = await po([{ product_id: p.id, quantity: 8, unit_cost: 100 }], {
      vendor_id: v2.id,
      status: 'issued',
      expected_date: '2026-12-24',
    });
    await receive(a.id, [{ product_id: p.id, quantity: 3 }]);
    // An order to another vendor, which the vendor filter leaves out.
    await po([{ product_id: p.id, quantity: 1, unit_cost: 100 }]);
    // Query parameters are camelCase (issue 15, conformance); the snake_case spelling still works.
    for (const query of [{ vendorId: v2.id }, { vendor_id: v2.id }]) {
      const list = await t.call('GET', '/purchase_order', { token: m.token, query });
      expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
      expect(list.body.pagination).toEqual({ page: 1, perPage: 10, total: 1, totalPages: 1 });
    }
    expect(
      (
        await t.call('GET', '/purchase_order', {
          token: m.token,
          query: { status: 'partially_received', search: a.number },
        })
      ).body.data,
    ).toHaveLength(1);
    expect(
      (await t.call('GET', '/purchase_order', { token: m.token, query: { search: 'chi lim' } })).body.data[0]
        .id,
    ).toBe(a.id);
    expect(
      (await t.call('GET', '/purchase_order', { token: m.token, query: { to: '2000-01-01' } })).body
        .pagination.total,
    ).toBe(0);
    const byVendor = await t.call('GET', `/purchase_order/vendor/${v2.id}`, { token: m.token });
    expect(byVendor.body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const incoming = await t.call('GET', `/purchase_order/incoming/${p.id}`, { token: m.token });
    expect(incoming.body.data).toMatchObject({
      incoming: 5,
      orders: [{ id: a.id, outstanding: 5, vendor_name: 'Chi Limited', expected_date: '2026-12-24' }],
    });
    const vendor = (await t.call('GET', `/vendor/${v2.id}`, { token: m.token })).body.data;
    expect(vendor).toMatchObject({
      open_purchase_orders: 1,
      purchase_orders_summary: { count: 1, open_count: 1, total_ordered: 800 },
    });
    expect(
      (await t.call('GET', '/purchase_order', { token: m.token, query: { status: 'lost' } })).status,
    ).toBe(400);
  });

  it('reorders a product from its last vendor at its last cost', async () => {
    const p = await product('Titus Sardine', 1);
    await po([{ product_id: p.id, quantity: 24, unit_cost: 65000 }], { status: 'issued' });
    const res = await t.call('POST', '/purchase_order/reorder', {
      token: m.token,
      body: { product_id: p.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'draft',
      vendor: { id: vendorId },
      items: [expect.objectContaining({ product_id: p.id, quantity: 24, unit_cost: 65000 })],
    });
    const fresh = await product('Never Ordered');
    const none = await t.call('POST', '/purchase_order/reorder', {
      token: m.token,
      body: { product_id: fresh.id },
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(
      '"Never Ordered" has not been ordered before. Create a purchase order and choose a vendor.',
    );
  });

  it("answers 404 for another store's purchase order and leaves it alone", async () => {
    const theirProduct = await product('Their goods', 0, other);
    const theirVendor = (
      await t.call('POST', '/vendor', { token: other.token, body: { name: 'Their vendor' } })
    ).body.data;
    const theirs = await po(
      [{ product_id: theirProduct.id, quantity: 5, unit_cost: 10 }],
      { vendor_id: theirVendor.id, status: 'issued' },
      other,
    );
    expect((await t.call('GET', `/purchase_order/${theirs.id}`, { token: m.token })).status).toBe(404);
    expect((await receive(theirs.id, [{ product_id: theirProduct.id, quantity: 5 }])).status).toBe(404);
    expect((await t.call('POST', `/purchase_order/${theirs.id}/cancel`, { token: m.token })).status).toBe(
      404,
    );
    expect(
      (await t.call('PATCH', `/purchase_order/${theirs.id}`, { token: m.token, body: { notes: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/purchase_order/incoming/${theirProduct.id}`, { token: m.token })).status,
    ).toBe(404);
    const still = (await t.call('GET', `/purchase_order/${theirs.id}`, { token: other.token })).body.data;
    expect(still).toMatchObject({ status: 'issued', quantity_received: 0 });
  });

  it('lets a manager receive but not a cashier (403), and audits each step', async () => {
    const p = await product('Ovaltine', 0);
    const order = await po([{ product_id: p.id, quantity: 2, unit_cost: 100 }], { status: 'issued' });
    expect((await receive(order.id, [{ product_id: p.id, quantity: 1 }], undefined, cashier)).status).toBe(
      403,
    );
    expect((await t.call('GET', '/purchase_order', { token: cashier.token })).status).toBe(403);
    expect((await receive(order.id, [{ product_id: p.id, quantity: 1 }], undefined, manager)).status).toBe(
      200,
    );
    const actions = await t.db
      .selectFrom('audits')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', order.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['purchase_order.created', 'purchase_order.received']);
    expect(actions[1]!.actor_id).toBe(manager.user.id);
  });
});
