import { MESSAGES } from '@tillbook/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, type Merchant, auditOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

async function rate(body: Record<string, unknown> = {}, who: Merchant = m) {
  const res = await t.call('POST', '/shipping', {
    token: who.token,
    body: { name: 'Lagos express', country: 'Nigeria', states: ['Lagos'], fee: 150_000, ...body },
  });
  if (res.status !== 201) throw new Error(`shipping create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const listOf = async (who: Merchant) =>
  (await t.call('GET', `/shipping/store/${who.storeId}`, { token: who.token })).body.data as Array<{
    id: string;
  }>;

describe('shipping rates', () => {
  it('adds a rate, lists it first for the store and audits it', async () => {
    const res = await t.call('POST', '/shipping', {
      token: m.token,
      body: {
        name: 'Island delivery',
        country: 'Nigeria',
        states: ['Lagos', 'lagos'],
        fee: 250_000,
        estimated_days: 2,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Shipping rate added');
    const r = res.body.data;
    expect(r).toMatchObject({
      name: 'Island delivery',
      country: 'Nigeria',
      states: ['Lagos'],
      fee: 250_000,
      estimated_days: '2',
      is_active: true,
    });
    const nationwide = await rate({ name: 'Nationwide', states: [], estimated_days: '3-5 days', fee: 0 });
    expect(nationwide).toMatchObject({ states: [], estimated_days: '3-5 days', fee: 0 });
    const list = await t.call('GET', `/shipping/store/${m.storeId}`, { token: m.token });
    expect(list.status).toBe(200);
    expect(list.body.data.slice(0, 2)).toEqual([nationwide, r]);
    const audit = await auditOf(t, 'shipping_rate.created', { entityId: r.id });
    expect(audit.summary).toBe('Shipping rate "Island delivery" added: NGN 2,500.00 to Nigeria (Lagos)');
  });

  it('validates every field, naming it', async () => {
    const res = await t.call('POST', '/shipping', {
      token: m.token,
      body: { name: ' ', country: '', fee: -5, states: [''], estimated_days: { min: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      name: 'Name is required',
      country: MESSAGES.taxCountryEmpty,
      'states.0': 'Each state must have a name',
      fee: 'Fee cannot be negative',
      estimated_days: 'Estimated days must be text like "2-3" or a whole number of days',
    });
    const missing = await t.call('POST', '/shipping', {
      token: m.token,
      body: { name: 'X', country: 'Nigeria' },
    });
    expect(missing.body.error.fields).toEqual({ fee: 'Fee must be a number in minor units (kobo)' });
  });

  it('switches a rate off and on, clears its estimate, and audits the change', async () => {
    const r = await rate({ estimated_days: 'Same day' });
    const off = await t.call('PATCH', `/shipping/update/${r.id}`, {
      token: m.token,
      body: { is_active: false, estimated_days: null, fee: 175_000 },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({
      is_active: false,
      estimated_days: null,
      fee: 175_000,
      name: r.name,
    });
    const audit = await auditOf(t, 'shipping_rate.deactivated', { entityId: r.id });
    expect(JSON.parse(audit.before!)).toEqual({ is_active: true, estimated_days: 'Same day', fee: 150_000 });
    const nothing = await t.call('PATCH', `/shipping/update/${r.id}`, { token: m.token, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Send at least one field to change');
  });

  it('deletes a rate', async () => {
    const r = await rate();
    const res = await t.call('DELETE', `/shipping/delete/${r.id}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: r.id });
    expect((await listOf(m)).map((x) => x.id)).not.toContain(r.id);
    expect((await t.call('DELETE', `/shipping/delete/${r.id}`, { token: m.token })).status).toBe(404);
    const audit = await t.db
      .selectFrom('audits')
      .select('action')
      .where('entity_id', '=', r.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('shipping_rate.deleted');
  });

  // Issue 15, conformance: the path's store decides, not the session's current store.
  it('lists the rules of the store named in the path when the user belongs to it, current or not', async () => {
    const second = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: 'Ibadan branch shipping' },
    });
    const secondId = second.body.data.id as string;
    const added = await t.call('POST', '/shipping', {
      token: m.token,
      query: { storeId: secondId },
      body: { name: 'Second shop delivery', country: 'Nigeria', states: ['Oyo'], fee: 90_000 },
    });
    expect(added.status).toBe(201);

    const listed = await t.call('GET', `/shipping/store/${secondId}`, { token: m.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([added.body.data.id]);
    // A different ?storeId= does not override the path.
    const both = await t.call('GET', `/shipping/store/${secondId}`, {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(both.body.data.map((x: { id: string }) => x.id)).toEqual([added.body.data.id]);
    // The current store still answers for itself, without the other store's rules.
    const current = await t.call('GET', `/shipping/store/${m.storeId}`, { token: m.token });
    expect(current.status).toBe(200);
    expect(current.body.data.map((x: { id: string }) => x.id)).not.toContain(added.body.data.id);
    // A store the caller is not a member of is 404, for a stranger and for the cashier of the first store.
    for (const who of [other, cashier]) {
      const refused = await t.call('GET', `/shipping/store/${secondId}`, { token: who.token });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(added.body.data.id);
    }
    expect((await t.call('GET', `/shipping/store/no-such-store`, { token: m.token })).status).toBe(404);
  });

  it("answers 404 for another store's rates and list, and changes nothing", async () => {
    const mine = await rate({ name: 'Mine' });
    const theirs = await t.call('GET', `/shipping/store/${m.storeId}`, { token: other.token });
    expect(theirs.status).toBe(404);
    const edit = await t.call('PATCH', `/shipping/update/${mine.id}`, {
      token: other.token,
      body: { fee: 1 },
    });
    expect(edit.status).toBe(404);
    expect((await t.call('DELETE', `/shipping/delete/${mine.id}`, { token: other.token })).status).toBe(404);
    expect((await listOf(m)).find((r) => r.id === mine.id)).toMatchObject({ fee: 150_000 });
    expect((await listOf(other)).map((r) => r.id)).not.toContain(mine.id);
  });

  it('lets any member read the rates and only settings.manage change them', async () => {
    const r = await rate();
    const read = await t.call('GET', `/shipping/store/${m.storeId}`, { token: cashier.token });
    expect(read.status).toBe(200);
    expect(read.body.data.map((x: { id: string }) => x.id)).toContain(r.id);
    const create = await t.call('POST', '/shipping', {
      token: cashier.token,
      body: { name: 'X', country: 'Nigeria', fee: 1 },
    });
    expect(create.status).toBe(403);
    expect(
      (await t.call('PATCH', `/shipping/update/${r.id}`, { token: cashier.token, body: { fee: 1 } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/shipping/delete/${r.id}`, { token: cashier.token })).status).toBe(403);
  });
});
