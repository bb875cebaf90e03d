import { PERMISSIONS } from '@tillbook/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createMerchant,
  createStaff,
  latestMail,
  PASSWORD,
  signUpBody,
  uniqueEmail,
} from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const roleId = async (token: string, key: string) =>
  (await t.call('GET', '/roles', { token })).body.data.find((r: { key: string }) => r.key === key)
    .id as string;

describe('permissions and roles', () => {
  it('lists the permission catalogue grouped by area', async () => {
    const m = await createMerchant(t);
    const res = await t.call('GET', '/permissions', { token: m.token });
    expect(res.status).toBe(200);
    const keys = res.body.data.flatMap((g: { permissions: Array<{ key: string }> }) =>
      g.permissions.map((p) => p.key),
    );
    expect(keys).toEqual([...PERMISSIONS]);
    expect(res.body.data.map((g: { area: string }) => g.area)).toContain('Sales');
  });

  it('lists built-in roles with their permissions', async () => {
    const m = await createMerchant(t);
    const res = await t.call('GET', '/roles', { token: m.token });
    const byKey = Object.fromEntries(res.body.data.map((r: { key: string }) => [r.key, r]));
    expect(byKey.owner.permissions).toHaveLength(PERMISSIONS.length);
    expect(byKey.owner.members_count).toBe(1);
    expect(byKey.cashier.permissions).toContain('orders.create');
    expect(byKey.cashier.permissions).not.toContain('products.manage');
    expect(byKey.admin.is_system).toBe(true);
  });

  it('creates a custom role first in the list, refusing duplicates and unknown permissions', async () => {
    const m = await createMerchant(t);
    const res = await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'Stock keeper', permissions: ['products.view', 'products.manage'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Role created successfully');
    expect(res.body.data).toMatchObject({
      name: 'Stock keeper',
      is_system: false,
      permissions: ['products.view', 'products.manage'],
    });
    const list = await t.call('GET', '/roles', { token: m.token });
    expect(list.body.data[0].id).toBe(res.body.data.id);
    const dup = await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'stock KEEPER', permissions: ['products.view'] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.name).toBe('A role with this name already exists');
    const builtIn = await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'owner', permissions: ['products.view'] },
    });
    expect(builtIn.status).toBe(409);
    const unknown = await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'Odd', permissions: ['rockets.launch'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields['permissions.0']).toBe('Unknown permission');
    const empty = await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'Empty', permissions: [] },
    });
    expect(empty.body.error.fields.permissions).toBe('Choose at least one permission');
    const audit = await t.db
      .selectFrom('audits')
      .selectAll()
      .where('entity_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('role.created');
  });

  it('does not let anyone grant a permission they lack', async () => {
    const m = await createMerchant(t);
    const admin = await createStaff(t, m, 'admin');
    const res = await t.call('POST', '/roles', {
      token: admin.token,
      body: { name: 'Billing', permissions: ['subscription.manage'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'You cannot grant permissions you do not have yourself: subscription.manage.',
    );
  });

  it('edits and deletes custom roles but not built-in ones', async () => {
    const m = await createMerchant(t);
    const created = (
      await t.call('POST', '/roles', { token: m.token, body: { name: 'Temp', permissions: ['orders.view'] } })
    ).body.data;
    const edited = await t.call('PATCH', `/roles/${created.id}`, {
      token: m.token,
      body: { permissions: ['orders.view', 'orders.create'] },
    });
    expect(edited.body.data.permissions).toEqual(['orders.view', 'orders.create']);
    const cashierRole = await roleId(m.token, 'cashier');
    expect(
      (await t.call('PATCH', `/roles/${cashierRole}`, { token: m.token, body: { name: 'Till' } })).status,
    ).toBe(409);
    expect((await t.call('DELETE', `/roles/${cashierRole}`, { token: m.token })).status).toBe(409);
    expect((await t.call('DELETE', `/roles/${created.id}`, { token: m.token })).status).toBe(200);
    expect((await t.call('DELETE', `/roles/${created.id}`, { token: m.token })).status).toBe(404);
  });

  it('refuses role management to a cashier, and another store’s role is 404', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    const cashier = await createStaff(t, m, 'cashier');
    expect(
      (
        await t.call('POST', '/roles', {
          token: cashier.token,
          body: { name: 'X', permissions: ['orders.view'] },
        })
      ).status,
    ).toBe(403);
    const theirRole = (
      await t.call('POST', '/roles', {
        token: other.token,
        body: { name: 'Theirs', permissions: ['orders.view'] },
      })
    ).body.data;
    expect(
      (await t.call('PATCH', `/roles/${theirRole.id}`, { token: m.token, body: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/roles/${theirRole.id}`, { token: m.token })).status).toBe(404);
  });
});

describe('team members', () => {
  it('invites a new person, who sets a password through the link and joins', async () => {
    const m = await createMerchant(t);
    const email = uniqueEmail('newstaff');
    const add = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'manager'), first_name: 'Emeka' },
    });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({
      email,
      status: 'invited',
      role: expect.objectContaining({ key: 'manager' }),
    });
    expect(add.body.data.invitation_expires_at).toBeTruthy();
    const mail = await latestMail(t, email);
    expect(mail.text).toContain('http://tillbook.test/auth/accept-invite?token=');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const details = await t.call('GET', `/members/invitation/${token}`);
    expect(details.body.data).toMatchObject({
      email,
      role: 'Manager',
      has_account: false,
      first_name: 'Emeka',
    });
    const accepted = await t.call('POST', '/members/accept-invite', {
      body: { token, password: PASSWORD, last_name: 'Obi' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.store_id).toBe(m.storeId);
    expect(accepted.body.data.email_verified).toBe(true);
    const list = await t.call('GET', '/members/all-members', { token: m.token });
    expect(list.body.data.find((x: { email: string }) => x.email === email).status).toBe('active');
    expect(
      (await t.call('POST', '/members/accept-invite', { body: { token, password: PASSWORD } })).status,
    ).toBe(404);
    expect((await t.call('POST', '/user/signin', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('lets an invitation expire after 7 days', async () => {
    const m = await createMerchant(t);
    const email = uniqueEmail('late');
    await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'cashier') },
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    const res = await t.call('POST', '/members/accept-invite', { body: { token, password: PASSWORD } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This invitation has expired. Ask the store owner to send a new one.');
    // The owner's session expired too (6 hours); signed in again, they send a new invitation that works.
    const owner = (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }))
      .body.data.userToken;
    const member = (await t.call('GET', '/members/all-members', { token: owner })).body.data.find(
      (x: { email: string }) => x.email === email,
    );
    expect((await t.call('POST', `/members/resend-invite/${member.id}`, { token: owner })).status).toBe(200);
    const fresh = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    expect(
      (await t.call('POST', '/members/accept-invite', { body: { token: fresh, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('adds a person who already has an account at once', async () => {
    const m = await createMerchant(t);
    const existing = await createMerchant(t);
    const res = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: existing.email, role_id: await roleId(m.token, 'admin') },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('active');
    expect((await latestMail(t, existing.email)).subject).toMatch(/You now have access to/);
    const stores = await t.call('GET', '/stores', { token: existing.token });
    expect(stores.body.data.map((s: { id: string }) => s.id)).toContain(m.storeId);
    const dup = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: existing.email, role_id: await roleId(m.token, 'admin') },
    });
    expect(dup.status).toBe(409);
  });

  it('lets a person invited before signing up complete the account by signing up', async () => {
    const m = await createMerchant(t);
    const email = uniqueEmail('early');
    await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'cashier') },
    });
    const up = await t.call('POST', '/user/signup', { body: signUpBody({ email }) });
    expect(up.status).toBe(201);
  });

  it('refuses the Owner role, unknown roles, and inviting before the email is verified', async () => {
    const m = await createMerchant(t);
    const owner = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: uniqueEmail(), role_id: await roleId(m.token, 'owner') },
    });
    expect(owner.status).toBe(422);
    expect(owner.body.error.fields.role_id).toBe('Choose another role');
    const unknown = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: uniqueEmail(), role_id: 'nope' },
    });
    expect(unknown.status).toBe(404);
    const up = await t.call('POST', '/user/signup', { body: signUpBody() });
    const tok = up.body.data.userToken;
    await t.call('PUT', `/user/business-info/${up.body.data.id}`, {
      token: tok,
      body: { business_name: 'Unverified', country: 'Nigeria' },
    });
    const res = await t.call('POST', '/members/add-member', {
      token: tok,
      body: { email: uniqueEmail(), role_id: await roleId(tok, 'cashier') },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Verify your email address before inviting team members.');
  });

  it('changes a role, but never the owner’s or one’s own', async () => {
    const m = await createMerchant(t);
    const admin = await createStaff(t, m, 'admin');
    const cashier = await createStaff(t, m, 'cashier');
    const members = (await t.call('GET', '/members/all-members', { token: m.token })).body.data;
    const cashierMember = members.find((x: { email: string }) => x.email === cashier.email);
    const ownerMember = members.find((x: { is_owner: boolean }) => x.is_owner);
    const adminMember = members.find((x: { email: string }) => x.email === admin.email);
    const changed = await t.call('POST', `/members/change-role/${cashierMember.id}`, {
      token: admin.token,
      body: { role_id: await roleId(m.token, 'manager') },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role.key).toBe('manager');
    const own = await t.call('POST', `/members/change-role/${adminMember.id}`, {
      token: admin.token,
      body: { role_id: await roleId(m.token, 'cashier') },
    });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot change your own role. Ask another admin.');
    const demote = await t.call('POST', `/members/change-role/${ownerMember.id}`, {
      token: admin.token,
      body: { role_id: await roleId(m.token, 'cashier') },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe("The store owner's role cannot be changed.");
    const audit = await t.db
      .selectFrom('audits')
      .selectAll()
      .where('entity_id', '=', cashierMember.id)
      .where('action', '=', 'member.role_changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ role: 'Manager' });
    // The new role applies on the member's next request.
    const cashierToken = cashier.token;
    expect(
      (await t.call('POST', '/user/singleuser', { token: cashierToken })).body.data.permissions,
    ).toContain('products.manage');
  });

  it('removes a member, who then loses the store; the owner cannot be removed', async () => {
    const m = await createMerchant(t);
    const cashier = await createStaff(t, m, 'cashier');
    const members = (await t.call('GET', '/members/all-members', { token: m.token })).body.data;
    const target = members.find((x: { email: string }) => x.email === cashier.email);
    const owner = members.find((x: { is_owner: boolean }) => x.is_owner);
    expect((await t.call('DELETE', `/members/delete-member/${owner.id}`, { token: m.token })).status).toBe(
      409,
    );
    const res = await t.call('DELETE', `/members/delete-member/${target.id}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(target.id);
    expect((await t.call('GET', '/roles', { token: cashier.token })).status).toBe(404);
    expect(
      (await t.call('GET', '/roles', { token: cashier.token, query: { storeId: m.storeId } })).status,
    ).toBe(404);
    const after = (await t.call('GET', '/members/all-members', { token: m.token })).body.data;
    expect(after.find((x: { id: string }) => x.id === target.id)).toBeUndefined();
  });

  it('keeps members of another store out of reach (404) and needs members.manage (403)', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    const theirCashier = await createStaff(t, other, 'cashier');
    const theirMember = (await t.call('GET', '/members/all-members', { token: other.token })).body.data.find(
      (x: { email: string }) => x.email === theirCashier.email,
    );
    expect(
      (await t.call('DELETE', `/members/delete-member/${theirMember.id}`, { token: m.token })).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/members/change-role/${theirMember.id}`, {
          token: m.token,
          body: { role_id: await roleId(m.token, 'admin') },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', '/members/all-members', { token: other.token })).body.data).toHaveLength(2);
    const cashier = await createStaff(t, m, 'cashier');
    const denied = await t.call('GET', '/members/all-members', { token: cashier.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
  });
});
