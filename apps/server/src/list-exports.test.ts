import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from './test/fixtures.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { createMemberWith, createProduct, order } from './test/sales-fixtures.js';

/**
 * The lists' CSV exports (decision 0051): each answers the list's own rows with the list's
 * filters, every page, from the caller's store only, and needs the list's permission.
 */

let t: TestApp;
let m: Merchant;
let other: Merchant;
let nobody: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  // A member who may see customers only.
  nobody = await createMemberWith(t, m, ['customers.view']);
});
afterAll(async () => t.close());

/** The export's lines, without the BOM and the final line break. */
async function exportLines(path: string, who: Merchant, query: Record<string, string> = {}) {
  const res = await t.call('GET', path, { token: who.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(String(res.headers['content-type'])).toContain('text/csv');
  expect(String(res.headers['content-disposition'])).toMatch(
    /^attachment; filename=".+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const text = String(res.body);
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).replace(/\r\n$/, '').split('\r\n');
}

async function post(path: string, who: Merchant, body: Record<string, unknown>) {
  const res = await t.call('POST', path, { token: who.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('GET /vendor/export', () => {
  it("writes the store's vendors with the list's filters, formula-like text marked", async () => {
    await post('/vendor', m, { name: 'Alpha Foods', company_name: '=HYPERLINK("x")' });
    await post('/vendor', m, { name: 'Beta Oils', status: 'inactive' });
    await post('/vendor', other, { name: 'Gamma Other Store' });
    // More than a list page: the export is every row, whatever page the list shows.
    for (let i = 0; i < 11; i++) await post('/vendor', m, { name: `Bulk vendor ${i}` });

    const all = await exportLines('/vendor/export', m, { page: '2', perPage: '1' });
    expect(all[0]).toBe('Name,Company,Phone,Email,Open purchase orders,Status');
    expect(all).toHaveLength(1 + 13);
    expect(all).toContain(`Alpha Foods,"'=HYPERLINK(""x"")",,,0,active`);
    expect(all.join('\n')).not.toContain('Gamma');

    const inactive = await exportLines('/vendor/export', m, { status: 'inactive' });
    expect(inactive.slice(1)).toEqual(['Beta Oils,,,,0,inactive']);
    const searched = await exportLines('/vendor/export', m, { search: 'alpha' });
    expect(searched).toHaveLength(2);
  });

  it('refuses a bad filter naming it, and a member without vendors.view', async () => {
    const bad = await t.call('GET', '/vendor/export', { token: m.token, query: { status: 'gone' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('status');
    expect((await t.call('GET', '/vendor/export', { token: nobody.token })).status).toBe(403);
  });
});

describe('GET /purchase_order/export', () => {
  it("writes the store's purchase orders with the list's filters", async () => {
    const v = await post('/vendor', m, { name: 'PO Vendor' });
    const p = await createProduct(t, m, { price: 50_000 });
    const po = await post('/purchase_order', m, {
      vendor_id: v.id,
      items: [{ product_id: p.id, quantity: 3, unit_cost: 12_550 }],
    });
    const ov = await post('/vendor', other, { name: 'Other PO Vendor' });
    const op = await createProduct(t, other);
    await post('/purchase_order', other, {
      vendor_id: ov.id,
      items: [{ product_id: op.id, quantity: 1, unit_cost: 100 }],
    });

    const lines = await exportLines('/purchase_order/export', m);
    expect(lines[0]).toBe('Number,Vendor,Date,Expected,Total,Ordered,Received,Received %,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${po.number},PO Vendor,\\d{4}-\\d{2}-\\d{2},,376\\.50,3,0,0,draft$`),
    );
    expect((await exportLines('/purchase_order/export', m, { status: 'received' })).slice(1)).toEqual([]);
    expect(await exportLines('/purchase_order/export', m, { vendor_id: ov.id })).toHaveLength(1);
    expect((await t.call('GET', '/purchase_order/export', { token: nobody.token })).status).toBe(403);
    const bad = await t.call('GET', '/purchase_order/export', { token: m.token, query: { from: 'May' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('from');
  });
});

describe('GET /payment_received/export', () => {
  it("writes the store's payments with the list's filters, in major units", async () => {
    const p = await createProduct(t, m, { price: 100_000 });
    const placed = await order(t, m, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await post('/payment_received/add_payment', m, {
      order_id: placed.body.data.id,
      amount: 40_050,
      payment_mode: 'bank_transfer',
      reference: '+cmd|calc',
    });
    const op = await createProduct(t, other);
    const theirs = await order(t, other, { items: [{ product_id: op.id, quantity: 1, unit_cost: 100 }] });
    await post('/payment_received/add_payment', other, {
      order_id: theirs.body.data.id,
      amount: 1_000,
      payment_mode: 'cash',
      reference: 'OTHER-STORE',
    });

    const lines = await exportLines('/payment_received/export', m, { mode: 'bank_transfer' });
    expect(lines[0]).toBe('Number,Date,Customer,Order,Mode,Reference,Amount,Recorded by');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Walk-in,${placed.body.data.number},bank_transfer,"'+cmd|calc",400.50,`);
    expect(lines.join('\n')).not.toContain('OTHER-STORE');
    expect(await exportLines('/payment_received/export', m, { mode: 'card' })).toHaveLength(1);
    expect((await t.call('GET', '/payment_received/export', { token: nobody.token })).status).toBe(403);
  });
});

describe('GET /order/export', () => {
  it("writes the store's orders with the list's filters, every page, in major units", async () => {
    const p = await createProduct(t, m, { price: 125_050, quantity: 100 });
    const sold: string[] = [];
    // More than a list page of paid sales, one unpaid order, and another store's sale.
    for (let i = 0; i < 11; i++) {
      const res = await order(t, m, {
        items: [{ product_id: p.id, quantity: 1 }],
        amount_received: 125_050,
        channel: 'pos',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sold.push(res.body.data.number);
    }
    const unpaid = await order(t, m, {
      items: [{ product_id: p.id, quantity: 2 }],
      amount_received: 0,
    });
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(201);
    const op = await createProduct(t, other);
    const theirs = await order(t, other, { items: [{ product_id: op.id, quantity: 1 }] });

    const listed = await t.call('GET', '/order', { token: m.token, query: { perPage: '1' } });
    const all = await exportLines('/order/export', m, { page: '2', perPage: '1' });
    expect(all[0]).toBe(
      'Number,Items,Amount,Received,Outstanding,Customer,Phone,Date,Payment type,Payment,Status,Offline number,Offline issues',
    );
    // Every order the list has (earlier tests sold in this store too), not one page of them.
    expect(listed.body.pagination.total).toBeGreaterThanOrEqual(12);
    expect(all).toHaveLength(1 + listed.body.pagination.total);
    // Numbers are per store: the other store's export has its own sale alone.
    const theirsListed = await t.call('GET', '/order', { token: other.token, query: { perPage: '1' } });
    const theirsOnly = await exportLines('/order/export', other);
    expect(theirsOnly).toHaveLength(1 + theirsListed.body.pagination.total);
    expect(theirsOnly.slice(1).map((l) => l.split(',')[0])).toContain(theirs.body.data.number);
    expect(theirsListed.body.pagination.total).toBeLessThan(listed.body.pagination.total);
    const first = all.find((l) => l.startsWith(`${sold[0]},`));
    expect(first).toMatch(
      /^ORD-\d{6},1,1250\.50,1250\.50,0\.00,Walk-in,,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+01:00,cash,paid,Completed,,$/,
    );

    const unpaidOnly = await exportLines('/order/export', m, { paymentState: 'unpaid' });
    expect(unpaidOnly.slice(1).map((l) => l.split(',')[0])).toEqual([unpaid.body.data.number]);
    expect(unpaidOnly[1]).toContain(',2501.00,0.00,2501.00,');
  });

  it('refuses a bad filter naming it, and a member without orders.view', async () => {
    const bad = await t.call('GET', '/order/export', { token: m.token, query: { status: 'gone' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('status');
    expect((await t.call('GET', '/order/export', { token: nobody.token })).status).toBe(403);
  });
});

describe('GET /discounts/export', () => {
  it("writes the store's discounts with the list's filters", async () => {
    await post('/discounts', m, { name: 'Weekend', code: 'WEEKEND10', type: 'percentage', value: 12.5 });
    await post('/discounts', m, { name: '@Naira off', code: 'NAIRA', type: 'fixed', value: 50_000 });
    await post('/discounts', other, { name: 'Theirs', code: 'THEIRS', type: 'fixed', value: 100 });

    const lines = await exportLines('/discounts/export', m);
    expect(lines[0]).toBe('Name,Code,Type,Value,Applies to,Minimum order,Used,Limit,Starts,Ends,Status');
    expect(lines).toHaveLength(3);
    expect(lines).toContain('Weekend,WEEKEND10,percentage,12.5,order,0.00,0,,,,active');
    expect(lines).toContain(`"'@Naira off",NAIRA,fixed,500.00,order,0.00,0,,,,active`);
    expect(lines.join('\n')).not.toContain('THEIRS');
    expect(await exportLines('/discounts/export', m, { search: 'weekend' })).toHaveLength(2);
    expect(await exportLines('/discounts/export', m, { status: 'expired' })).toHaveLength(1);
    expect((await t.call('GET', '/discounts/export', { token: nobody.token })).status).toBe(403);
  });
});

describe('GET /audits/export', () => {
  it("writes the store's audit rows with the list's filters", async () => {
    await post('/vendor', m, { name: 'Audited vendor' });
    await post('/vendor', other, { name: 'Unseen audited vendor' });

    const lines = await exportLines('/audits/export', m, { action: 'vendor.created' });
    expect(lines[0]).toBe('When,Who,Action,Record,Record id,Summary,IP');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.split(',')[2] === 'vendor.created')).toBe(true);
    expect(lines.join('\n')).toContain('Audited vendor');
    expect(lines.join('\n')).not.toContain('Unseen audited vendor');
    // The store's wall clock with its offset (Africa/Lagos): decision 0058.
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+01:00,/);
    expect((await t.call('GET', '/audits/export', { token: nobody.token })).status).toBe(403);
  });
});
