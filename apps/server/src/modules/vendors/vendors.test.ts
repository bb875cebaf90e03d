import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, type Merchant, auditOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

const address = (over: Record<string, unknown> = {}) => ({
  type: 'billing',
  line1: '14 Creek Road',
  city: 'Apapa',
  state: 'Lagos',
  country: 'Nigeria',
  ...over,
});

async function vendor(body: Record<string, unknown> = {}, who: Merchant = m) {
  const res = await t.call('POST', '/vendor', {
    token: who.token,
    body: { name: 'Dangote Distributors', ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('vendors', () => {
  it('creates a vendor with addresses, the first of each type being the default', async () => {
    const v = await vendor({
      company_name: 'Dangote Group',
      email: 'Sales@Dangote.ng',
      phone_number: '+2348020000001',
      website: 'dangote.com',
      addresses: [
        address(),
        address({ line1: '2 Marina', label: 'Head office' }),
        address({ type: 'shipping', line1: 'Warehouse 7' }),
      ],
    });
    expect(v).toMatchObject({
      name: 'Dangote Distributors',
      email: 'sales@dangote.ng',
      website: 'https://dangote.com',
      status: 'active',
      open_purchase_orders: 0,
    });
    const billing = v.addresses.filter((a: { type: string }) => a.type === 'billing');
    expect(billing.map((a: { is_default: boolean }) => a.is_default).sort()).toEqual([false, true]);
    expect(billing.find((a: { is_default: boolean }) => a.is_default).line1).toBe('14 Creek Road');
    expect(v.addresses.find((a: { type: string }) => a.type === 'shipping').is_default).toBe(true);
    expect(v.purchase_orders_summary).toEqual({
      count: 0,
      open_count: 0,
      total_ordered: 0,
      last_order_date: null,
    });
  });

  it('validates the vendor and its addresses, naming each field', async () => {
    const res = await t.call('POST', '/vendor', {
      token: m.token,
      body: {
        name: '',
        email: 'nope',
        phone_number: '12',
        addresses: [{ type: 'home', line1: '', country: 'Nigeria' }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: 'Vendor name is required',
      email: 'Enter a valid email address',
      phone_number: 'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
      'addresses.0.type': 'Type must be billing or shipping',
      'addresses.0.line1': 'Address line 1 is required',
      'addresses.0.city': 'City is required',
    });
    expect(
      (await t.call('GET', '/vendor', { token: m.token, query: { search: 'nope' } })).body.pagination.total,
    ).toBe(0);
  });

  it('accepts only http and https web addresses for a vendor', async () => {
    for (const website of ['javascript:alert(1)', 'data:text/html,<b>x</b>']) {
      const res = await t.call('POST', '/vendor', {
        token: m.token,
        body: { name: 'Hostile Supplies', website },
      });
      expect(res.status, website).toBe(400);
      expect(res.body.error.fields.website).toBe(
        'Only web addresses starting with http:// or https:// are allowed',
      );
    }
    const ok = await t.call('POST', '/vendor', {
      token: m.token,
      body: { name: 'Kind Supplies', website: 'kind.ng' },
    });
    expect(ok.body.data.website).toBe('https://kind.ng');
    const edit = await t.call('PATCH', `/vendor/update/${ok.body.data.id}`, {
      token: m.token,
      body: { website: 'javascript:alert(1)' },
    });
    expect(edit.status).toBe(400);
  });

  it('filters by status and searches', async () => {
    const a = await vendor({ name: 'Aba Textiles Ltd' });
    const b = await vendor({ name: 'Kano Grains', status: 'inactive' });
    const active = await t.call('GET', '/vendor', {
      token: m.token,
      query: { status: 'active', perPage: 100 },
    });
    expect(active.body.data.every((v: { status: string }) => v.status === 'active')).toBe(true);
    expect(active.body.data.map((v: { id: string }) => v.id)).toContain(a.id);
    const inactive = await t.call('GET', '/vendor', { token: m.token, query: { status: 'inactive' } });
    expect(inactive.body.data.map((v: { id: string }) => v.id)).toEqual([b.id]);
    const search = await t.call('GET', '/vendor', { token: m.token, query: { search: 'TEXTILES' } });
    expect(search.body.data.map((v: { id: string }) => v.id)).toEqual([a.id]);
    const bad = await t.call('GET', '/vendor', { token: m.token, query: { status: 'gone' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBe('Status must be active or inactive');
  });

  it('edits a vendor with an audit row', async () => {
    const v = await vendor();
    const res = await t.call('PATCH', `/vendor/update/${v.id}`, {
      token: m.token,
      body: { status: 'inactive', notes: 'Late deliveries' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'inactive', notes: 'Late deliveries' });
    const audit = await auditOf(t, 'vendor.deactivated', { entityId: v.id });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'inactive', notes: 'Late deliveries' });
  });

  it('keeps one default address per type through add, edit and delete', async () => {
    const v = await vendor({ addresses: [address()] });
    const first = v.addresses[0];
    const second = (
      await t.call('POST', `/vendor/${v.id}/addresses`, {
        token: m.token,
        body: address({ line1: 'New HQ', is_default: true }),
      })
    ).body.data;
    expect(second.is_default).toBe(true);
    let detail = (await t.call('GET', `/vendor/${v.id}`, { token: m.token })).body.data;
    expect(detail.addresses.find((a: { id: string }) => a.id === first.id).is_default).toBe(false);
    const edited = await t.call('PATCH', `/vendor/update/address/${first.id}`, {
      token: m.token,
      body: { is_default: true, city: 'Ikeja' },
    });
    expect(edited.body.data).toMatchObject({ is_default: true, city: 'Ikeja' });
    detail = (await t.call('GET', `/vendor/${v.id}`, { token: m.token })).body.data;
    expect(detail.addresses.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    expect((await t.call('DELETE', `/vendor/delete/address/${first.id}`, { token: m.token })).status).toBe(
      200,
    );
    detail = (await t.call('GET', `/vendor/${v.id}`, { token: m.token })).body.data;
    expect(detail.addresses).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
    expect((await t.call('DELETE', `/vendor/delete/address/${first.id}`, { token: m.token })).status).toBe(
      404,
    );
  });

  it("answers 404 for another store's vendor and address, changing nothing", async () => {
    const theirs = await vendor({ name: 'Their Vendor', addresses: [address()] }, other);
    expect((await t.call('GET', `/vendor/${theirs.id}`, { token: m.token })).status).toBe(404);
    expect(
      (await t.call('PATCH', `/vendor/update/${theirs.id}`, { token: m.token, body: { name: 'Mine' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('POST', `/vendor/${theirs.id}/addresses`, { token: m.token, body: address() })).status,
    ).toBe(404);
    expect(
      (
        await t.call('PATCH', `/vendor/update/address/${theirs.addresses[0].id}`, {
          token: m.token,
          body: { city: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/vendor/delete/address/${theirs.addresses[0].id}`, { token: m.token })).status,
    ).toBe(404);
    expect((await t.call('GET', `/purchase_order/vendor/${theirs.id}`, { token: m.token })).status).toBe(404);
    const still = (await t.call('GET', `/vendor/${theirs.id}`, { token: other.token })).body.data;
    expect(still).toMatchObject({
      name: 'Their Vendor',
      addresses: [expect.objectContaining({ city: 'Apapa' })],
    });
    const mine = await t.call('GET', '/vendor', { token: m.token, query: { perPage: 100 } });
    expect(mine.body.data.map((v: { id: string }) => v.id)).not.toContain(theirs.id);
  });

  it('keeps vendors from a cashier (403)', async () => {
    expect((await t.call('GET', '/vendor', { token: cashier.token })).status).toBe(403);
    expect((await t.call('POST', '/vendor', { token: cashier.token, body: { name: 'X' } })).status).toBe(403);
  });
});
