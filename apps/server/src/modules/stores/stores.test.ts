import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createMerchant,
  createStaff,
  latestCode,
  latestMail,
  PASSWORD,
  signUpBody,
  uniqueEmail,
  auditsOf,
} from '../../test/fixtures.js';
import { expectAnswer } from '../../test/expect-answer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('stores and branches', () => {
  it("lists the user's stores with role and current marker", async () => {
    const m = await createMerchant(t, { business_name: 'Lagos Gadgets' });
    const res = await t.call('GET', '/stores', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: m.storeId,
        business_name: 'Lagos Gadgets',
        is_current: true,
        role: expect.objectContaining({ key: 'owner', name: 'Owner' }),
      }),
    ]);
    expect(res.body.data[0]).not.toHaveProperty('owner_user_id');
  });

  it('creates a store owned by the caller, with its own built-in roles', async () => {
    const m = await createMerchant(t);
    const res = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: 'Second Shop', currency: 'ghs', country: 'Ghana', timezone: 'Africa/Accra' },
    });
    // The spec's text, word for word (issue 15, conformance).
    expectAnswer(res, 201, 'Created New Store!!', {
      business_name: 'Second Shop',
      currency: 'GHS',
      timezone: 'Africa/Accra',
      parent_store_id: null,
    });
    const roles = await t.call('GET', '/roles', { token: m.token, query: { storeId: res.body.data.id } });
    expect(roles.body.data.map((r: { key: string }) => r.key).sort()).toEqual([
      'admin',
      'cashier',
      'manager',
      'owner',
    ]);
    const stores = await t.call('GET', '/stores', { token: m.token });
    expect(stores.body.data).toHaveLength(2);
    expect(stores.body.data.find((s: { is_current: boolean }) => s.is_current).id).toBe(m.storeId);
  });

  it('validates the store body', async () => {
    const m = await createMerchant(t);
    const res = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: '  ', currency: 'NAIRA', timezone: 'Mars/Base' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      business_name: 'Business name is required',
      currency: 'Currency must be a 3-letter ISO 4217 code, like NGN',
      timezone: 'Unknown time zone, use a name like Africa/Lagos',
    });
  });

  // Issue 15, finding 8: the store website took `javascript:` addresses, which run when clicked.
  it('accepts only http and https web addresses for the store, anywhere it is set', async () => {
    const m = await createMerchant(t);
    const HOSTILE = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox(1)',
      'ftp://files.shop.ng',
    ];
    const MESSAGE = 'Only web addresses starting with http:// or https:// are allowed';
    for (const website of HOSTILE) {
      const created = await t.call('POST', '/stores/create-store', {
        token: m.token,
        body: { business_name: 'Hostile', website },
      });
      expect(created.status, website).toBe(400);
      expect(created.body.error.fields.website).toBe(MESSAGE);
      const details = await t.call('PATCH', '/stores/details', { token: m.token, body: { website } });
      expect(details.status, website).toBe(400);
      expect(details.body.error.fields.website).toBe(MESSAGE);
      const branch = await t.call('POST', '/add-branch', {
        token: m.token,
        body: { business_name: 'Hostile branch', website },
      });
      expect(branch.status, website).toBe(400);
    }
    const stores = await t.call('GET', '/stores', { token: m.token });
    expect(stores.body.data.map((s: { business_name: string }) => s.business_name)).not.toContain('Hostile');

    const bare = await t.call('PATCH', '/stores/details', {
      token: m.token,
      body: { website: 'mamaput.ng' },
    });
    expect(bare.status).toBe(200);
    expect(bare.body.data.website).toBe('https://mamaput.ng');
    const plain = await t.call('PATCH', '/stores/details', {
      token: m.token,
      body: { website: 'http://mamaput.ng:8080/menu' },
    });
    expect(plain.body.data.website).toBe('http://mamaput.ng:8080/menu');
    const cleared = await t.call('PATCH', '/stores/details', { token: m.token, body: { website: '' } });
    expect(cleared.body.data.website).toBeNull();
  });

  it('adds a branch under the current store, owned by the store owner', async () => {
    const m = await createMerchant(t);
    const admin = await createStaff(t, m, 'admin');
    const res = await t.call('POST', '/add-branch', {
      token: admin.token,
      body: { business_name: 'Ikeja Branch', address: '1 Obafemi Awolowo Way' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      business_name: 'Ikeja Branch',
      parent_store_id: m.storeId,
      currency: 'NGN',
    });
    const ownerStores = await t.call('GET', '/stores', { token: m.token });
    const branch = ownerStores.body.data.find((s: { id: string }) => s.id === res.body.data.id);
    expect(branch.role.key).toBe('owner');
    const adminStores = await t.call('GET', '/stores', { token: admin.token });
    expect(adminStores.body.data.find((s: { id: string }) => s.id === res.body.data.id).role.key).toBe(
      'admin',
    );
    const [audit] = await auditsOf(t, 'branch.created', { storeId: res.body.data.id });
    expect(audit?.actor_id).toBe(admin.user.id);
  });

  it('gives the creator of a branch no more than they had: a custom role with stores.manage stays that role', async () => {
    const m = await createMerchant(t);
    const role = await t.call('POST', '/roles', {
      token: m.token,
      body: {
        name: 'Expansion',
        description: 'Opens branches',
        permissions: ['stores.manage', 'products.view'],
      },
    });
    const email = uniqueEmail('expansion');
    await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: role.body.data.id },
    });
    const invite = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    const member = (
      await t.call('POST', '/members/accept-invite', { body: { token: invite, password: PASSWORD } })
    ).body.data;
    const res = await t.call('POST', '/add-branch', {
      token: member.userToken,
      body: { business_name: 'Yaba Branch' },
    });
    expect(res.status).toBe(201);
    const mine = (await t.call('GET', '/stores', { token: member.userToken })).body.data.find(
      (s: { id: string }) => s.id === res.body.data.id,
    );
    expect(mine.role).toMatchObject({ name: 'Expansion', key: null });
    expect([...mine.permissions].sort()).toEqual(['products.view', 'stores.manage']);
    // So in the branch they cannot manage the team, change settings or see reports.
    for (const path of ['/members/all-members', '/audits', '/roles']) {
      const call = await t.call(path === '/roles' ? 'POST' : 'GET', path, {
        token: member.userToken,
        query: { storeId: res.body.data.id },
        ...(path === '/roles' ? { body: { name: 'Boss', permissions: ['orders.view'] } } : {}),
      });
      expect(call.status).toBe(403);
    }
    // The owner owns the branch.
    const ownerView = (await t.call('GET', '/stores', { token: m.token })).body.data.find(
      (s: { id: string }) => s.id === res.body.data.id,
    );
    expect(ownerView.role.key).toBe('owner');
  });

  it('lets an unverified account open its first store, but no second store or branch', async () => {
    const m = await createMerchant(t, { verify: false });
    expect(m.storeId).toBeTruthy();
    const second = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: 'Another Shop' },
    });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe('Verify your email address before opening another store.');
    const branch = await t.call('POST', '/add-branch', { token: m.token, body: { business_name: 'Branch' } });
    expect(branch.status).toBe(403);
    expect(branch.body.message).toBe('Verify your email address before opening another store.');
    expect((await t.call('GET', '/stores', { token: m.token })).body.data).toHaveLength(1);
    // Verified, they may.
    const code = await latestCode(t, m.email);
    expect((await t.call('POST', '/user/verify-email', { body: { email: m.email, code } })).status).toBe(200);
    expect(
      (
        await t.call('POST', '/stores/create-store', {
          token: m.token,
          body: { business_name: 'Another Shop' },
        })
      ).status,
    ).toBe(201);
  });

  it('lets a brand-new unverified account open its first store with create-store', async () => {
    const up = await t.call('POST', '/user/signup', { body: signUpBody() });
    const token = up.body.data.userToken;
    const first = await t.call('POST', '/stores/create-store', { token, body: { business_name: 'First' } });
    expect(first.status).toBe(201);
    const again = await t.call('POST', '/stores/create-store', { token, body: { business_name: 'Second' } });
    expect(again.status).toBe(403);
  });

  it('refuses a branch from a cashier (403)', async () => {
    const m = await createMerchant(t);
    const cashier = await createStaff(t, m, 'cashier');
    const res = await t.call('POST', '/add-branch', {
      token: cashier.token,
      body: { business_name: 'Sneaky' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('stores.manage');
  });

  it('switches the current store only to a store of the user', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    const second = (
      await t.call('POST', '/stores/create-store', { token: m.token, body: { business_name: 'Two' } })
    ).body.data;
    const sw = await t.call('POST', '/stores/switch', { token: m.token, body: { store_id: second.id } });
    expect(sw.status).toBe(200);
    expect(sw.body.data.id).toBe(second.id);
    const me = await t.call('POST', '/user/singleuser', { token: m.token });
    expect(me.body.data.store.id).toBe(second.id);
    expect(
      (await t.call('POST', '/stores/switch', { token: m.token, body: { store_id: other.storeId } })).status,
    ).toBe(404);
  });

  it('edits details, currency and address with an audit trail', async () => {
    const m = await createMerchant(t);
    const details = await t.call('PATCH', '/stores/details', {
      token: m.token,
      body: { business_name: 'New Name', email: 'SHOP@Example.ng', tin: '999' },
    });
    expectAnswer(details, 200, 'Saved!!', {
      business_name: 'New Name',
      email: 'shop@example.ng',
      tin: '999',
    });
    const currency = await t.call('PATCH', '/stores/currency', { token: m.token, body: { currency: 'usd' } });
    expect(currency.body.data.currency).toBe('USD');
    const address = await t.call('PATCH', '/stores/address', {
      token: m.token,
      body: { address: '3 Broad St', city: 'Lagos Island', country: 'Nigeria' },
    });
    expect(address.body.data).toMatchObject({ address: '3 Broad St', city: 'Lagos Island' });
    const noCountry = await t.call('PATCH', '/stores/address', { token: m.token, body: { address: 'x' } });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.error.fields.country).toBe('Country is required');
    const audits = await t.db
      .selectFrom('audits')
      .selectAll()
      .where('store_id', '=', m.storeId)
      .where('entity', '=', 'store')
      .orderBy('created_at')
      .execute();
    const currencyRow = audits.find((a) => a.action === 'store.currency_updated')!;
    expect(JSON.parse(currencyRow.before!)).toEqual({ currency: 'NGN' });
    expect(JSON.parse(currencyRow.after!)).toEqual({ currency: 'USD' });
  });

  it("answers 404 for another merchant's store and leaves it unchanged", async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t, { business_name: 'Victim Store' });
    const res = await t.call('PATCH', '/stores/details', {
      token: m.token,
      query: { storeId: other.storeId },
      body: { business_name: 'Hacked' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Store not found.');
    const theirs = await t.call('GET', '/stores', { token: other.token });
    expect(theirs.body.data[0].business_name).toBe('Victim Store');
    expect(
      (await t.call('GET', '/roles', { token: m.token, query: { storeId: other.storeId } })).status,
    ).toBe(404);
  });

  it('refuses store settings to a cashier', async () => {
    const m = await createMerchant(t);
    const cashier = await createStaff(t, m, 'cashier');
    expect(
      (await t.call('PATCH', '/stores/currency', { token: cashier.token, body: { currency: 'USD' } })).status,
    ).toBe(403);
    expect((await t.call('GET', '/stores', { token: cashier.token })).body.data[0].currency).toBe('NGN');
  });
});
