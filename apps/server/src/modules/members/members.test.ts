import { PERMISSIONS } from '@tillbook/contract/permissions';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../test/with-test-app.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createMerchant,
  createStaff,
  latestMail,
  PASSWORD,
  signUpBody,
  uniqueEmail,
  auditOf,
} from '../../test/fixtures.js';

let t: TestApp;
withTestApp((app) => (t = app));

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

  it('adds a person who already has an account only as an invitation, which they accept by signing in', async () => {
    const m = await createMerchant(t);
    const existing = await createMerchant(t);
    const before = await t.call('GET', '/stores', { token: existing.token });
    expect(before.body.data.map((s: { id: string }) => s.id)).not.toContain(m.storeId);
    const res = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: existing.email, role_id: await roleId(m.token, 'admin') },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Invitation sent');
    expect(res.body.data.status).toBe('invited');
    // Not a member yet: the store is not theirs to open.
    const invited = await t.call('GET', '/stores', { token: existing.token });
    expect(invited.body.data.map((s: { id: string }) => s.id)).not.toContain(m.storeId);
    expect(
      (await t.call('GET', '/roles', { token: existing.token, query: { storeId: m.storeId } })).status,
    ).toBe(404);
    const mail = await latestMail(t, existing.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await t.call('GET', `/members/invitation/${token}`)).body.data.has_account).toBe(true);
    const noPassword = await t.call('POST', '/members/accept-invite', { body: { token } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields.password).toBe('Enter your password to accept');
    const wrong = await t.call('POST', '/members/accept-invite', {
      body: { token, password: 'not-my-pass-1' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.fields.password).toBe('Email or password is incorrect');
    const stillInvited = (await t.call('GET', '/members/all-members', { token: m.token })).body.data.find(
      (x: { email: string }) => x.email === existing.email,
    );
    expect(stillInvited.status).toBe('invited');
    const accepted = await t.call('POST', '/members/accept-invite', { body: { token, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.store_id).toBe(m.storeId);
    const after = await t.call('GET', '/stores', { token: existing.token });
    expect(after.body.data.map((s: { id: string }) => s.id)).toContain(m.storeId);
    const joined = (await t.call('GET', '/members/all-members', { token: m.token })).body.data.find(
      (x: { email: string }) => x.email === existing.email,
    );
    expect(joined).toMatchObject({ status: 'active', user_id: existing.user.id });
    // Their password is the one they had: accepting checked it, it did not replace it.
    expect(
      (await t.call('POST', '/user/signin', { body: { email: existing.email, password: PASSWORD } })).status,
    ).toBe(200);
    const dup = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: existing.email, role_id: await roleId(m.token, 'admin') },
    });
    expect(dup.status).toBe(409);
  });

  it('lets the invited account accept while signed in, without typing the password again', async () => {
    const m = await createMerchant(t);
    const existing = await createMerchant(t);
    await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: existing.email, role_id: await roleId(m.token, 'cashier') },
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, existing.email)).text)![1]!;
    // Someone else's session does not accept it for them.
    const stranger = await createMerchant(t);
    const other = await t.call('POST', '/members/accept-invite', { token: stranger.token, body: { token } });
    expect(other.status).toBe(400);
    const accepted = await t.call('POST', '/members/accept-invite', {
      token: existing.token,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.email).toBe(existing.email);
    const stores = await t.call('GET', '/stores', { token: existing.token });
    expect(stores.body.data.find((s: { id: string }) => s.id === m.storeId).role.key).toBe('cashier');
    expect(
      (await t.call('GET', '/stores', { token: stranger.token })).body.data.map((s: { id: string }) => s.id),
    ).not.toContain(m.storeId);
  });

  it('never lets an unverified account into a store: only the emailed link, which proves the address, does', async () => {
    const m = await createMerchant(t);
    // Someone signs up with a future staff member's email and never verifies it.
    const email = uniqueEmail('future.staff');
    const squatter = await t.call('POST', '/user/signup', {
      body: signUpBody({ email, password: 'squatter-pass-1' }),
    });
    expect(squatter.status).toBe(201);
    const squatterToken = squatter.body.data.userToken as string;
    const add = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'manager') },
    });
    expect(add.status).toBe(201);
    expect(add.body.data.status).toBe('invited');
    // The unverified account cannot reach the store, its customers or its team.
    for (const path of ['/customers/paginated-results', '/roles', '/members/all-members']) {
      const res = await t.call('GET', path, { token: squatterToken, query: { storeId: m.storeId } });
      expect(res.status).toBe(404);
    }
    const stores = await t.call('GET', '/stores', { token: squatterToken });
    expect(stores.body.data.map((s: { id: string }) => s.id)).not.toContain(m.storeId);
    const member = (await t.call('GET', '/members/all-members', { token: m.token })).body.data.find(
      (x: { email: string }) => x.email === email,
    );
    expect(member.status).toBe('invited');
    // The person who reads the mailbox opens the link: an unverified account is theirs to claim.
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    expect((await t.call('GET', `/members/invitation/${token}`)).body.data.has_account).toBe(false);
    const weak = await t.call('POST', '/members/accept-invite', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toBe('Password must be at least 8 characters');
    const accepted = await t.call('POST', '/members/accept-invite', {
      body: { token, password: 'real-owner-pass-2' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.email_verified).toBe(true);
    expect(accepted.body.data.store_id).toBe(m.storeId);
    // The squatter's session and password no longer work.
    expect((await t.call('GET', '/stores', { token: squatterToken })).status).toBe(401);
    expect(
      (await t.call('POST', '/user/signin', { body: { email, password: 'squatter-pass-1' } })).status,
    ).toBe(401);
    const active = (await t.call('GET', '/members/all-members', { token: m.token })).body.data.find(
      (x: { email: string }) => x.email === email,
    );
    expect(active.status).toBe('active');
  });

  it('answers an invitation the same way whether or not the email has an account', async () => {
    const m = await createMerchant(t);
    const existing = await createMerchant(t);
    const role = await roleId(m.token, 'cashier');
    const invite = async (email: string) => {
      const before = t.statements();
      const res = await t.call('POST', '/members/add-member', {
        token: m.token,
        body: { email, role_id: role, first_name: 'Ada', last_name: 'Eze' },
      });
      return { res, statements: t.statements() - before };
    };
    // A first change in the store checks its plan standing, which is then remembered for a
    // minute (decision 0044): both invitations below are measured after it.
    expect((await invite(uniqueEmail('first'))).res.status).toBe(201);
    const known = await invite(existing.email);
    const unknown = await invite(uniqueEmail('nobody'));
    expect(known.res.status).toBe(201);
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.body.message).toBe(known.res.body.message);
    // The same work: the database is asked the same number of statements either way.
    expect(unknown.statements).toBe(known.statements);
    const shape = (d: Record<string, unknown>) => ({
      ...d,
      id: typeof d.id,
      email: typeof d.email,
      created_at: typeof d.created_at,
      invitation_expires_at: typeof d.invitation_expires_at,
    });
    expect(shape(known.res.body.data)).toEqual(shape(unknown.res.body.data));
    // Nothing of the account shows: the names are the inviter's, no user id until they join.
    expect(known.res.body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Eze',
      user_id: null,
      status: 'invited',
    });
    const listed = (await t.call('GET', '/members/all-members', { token: m.token })).body.data.find(
      (x: { email: string }) => x.email === existing.email,
    );
    expect(listed).toMatchObject({ first_name: 'Ada', last_name: 'Eze', user_id: null });
    // The mail differs only for the person who reads it.
    expect((await latestMail(t, existing.email)).subject).toBe(
      (await latestMail(t, unknown.res.body.data.email)).subject,
    );
  });

  it('lets two stores invite the same new email at the same moment', async () => {
    const stores = await Promise.all([1, 2, 3, 4].map(() => createMerchant(t)));
    const roles = await Promise.all(stores.map((s) => roleId(s.token, 'cashier')));
    const email = uniqueEmail('wanted');
    const answers = await Promise.all(
      stores.map((s, i) =>
        t.call('POST', '/members/add-member', { token: s.token, body: { email, role_id: roles[i] } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    for (const s of stores) {
      const list = (await t.call('GET', '/members/all-members', { token: s.token })).body.data;
      expect(list.find((x: { email: string }) => x.email === email).status).toBe('invited');
    }
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
    const audit = await auditOf(t, 'member.role_changed', { entityId: cashierMember.id });
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

describe('invitations are not a mail relay', () => {
  it('keeps the store’s and the inviter’s own words out of the subject, and quotes them in the text', async () => {
    const m = await createMerchant(t, { business_name: 'Refund due – claim at refunds.example' });
    const email = uniqueEmail('relay');
    await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'cashier') },
    });
    const mail = await latestMail(t, email);
    expect(mail.subject).toBe('You are invited to join a team on Tillbook');
    expect(mail.text).toContain('the store “Refund due – claim at refunds.example”');
  });

  it('limits the invitations one address receives, resends included', async () => {
    const m = await createMerchant(t);
    const email = uniqueEmail('spammed');
    const add = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: await roleId(m.token, 'cashier') },
    });
    const mailsTo = async () =>
      Number(
        (
          await t.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('to_address', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 1; i < t.config.INVITATIONS_PER_RECIPIENT_DAY; i++) {
      expect(
        (await t.call('POST', `/members/resend-invite/${add.body.data.id}`, { token: m.token })).status,
      ).toBe(200);
    }
    const refused = await t.call('POST', `/members/resend-invite/${add.body.data.id}`, { token: m.token });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many invitations to this address\. Try again in \d+ (hours|minutes)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo()).toBe(t.config.INVITATIONS_PER_RECIPIENT_DAY);
    // Another store cannot add to that address's pile either.
    const other = await createMerchant(t);
    const fromOther = await t.call('POST', '/members/add-member', {
      token: other.token,
      body: { email, role_id: await roleId(other.token, 'cashier') },
    });
    expect(fromOther.status).toBe(429);
    expect(await mailsTo()).toBe(t.config.INVITATIONS_PER_RECIPIENT_DAY);
    t.clock.advance(24 * 3600_000 + 1000);
    const owner = (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }))
      .body.data.userToken;
    expect(
      (await t.call('POST', `/members/resend-invite/${add.body.data.id}`, { token: owner })).status,
    ).toBe(200);
  });

  it('limits the invitations one store sends in an hour', async () => {
    const small = await createTestApp({ INVITATIONS_PER_STORE_HOUR: '3' });
    try {
      const m = await createMerchant(small);
      const roles = await small.call('GET', '/roles', { token: m.token });
      const role = roles.body.data.find((r: { key: string }) => r.key === 'cashier').id;
      const invite = () =>
        small.call('POST', '/members/add-member', {
          token: m.token,
          body: { email: uniqueEmail('many'), role_id: role },
        });
      for (let i = 0; i < 3; i++) expect((await invite()).status).toBe(201);
      const refused = await invite();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many invitations from this store\. Try again in \d+ minutes\.$/,
      );
      expect((await small.call('GET', '/members/all-members', { token: m.token })).body.data).toHaveLength(4);
      small.clock.advance(3600_000 + 1000);
      const owner = (
        await small.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } })
      ).body.data.userToken;
      expect(
        (
          await small.call('POST', '/members/add-member', {
            token: owner,
            body: { email: uniqueEmail('later'), role_id: role },
          })
        ).status,
      ).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('nobody acts on more rights than they hold', () => {
  const customRole = async (owner: string, name: string, permissions: string[]) =>
    (await t.call('POST', '/roles', { token: owner, body: { name, permissions } })).body.data.id as string;

  /** A member holding a custom role: invited by the owner, accepted through the link. */
  async function memberWith(m: Awaited<ReturnType<typeof createMerchant>>, role: string) {
    const email = uniqueEmail('custom');
    const added = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email, role_id: role },
    });
    expect(added.status).toBe(201);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    const accepted = await t.call('POST', '/members/accept-invite', { body: { token, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    return {
      token: accepted.body.data.userToken as string,
      email,
      membershipId: added.body.data.id as string,
    };
  }

  it('does not let a custom role with members.manage remove, or re-invite, an Admin', async () => {
    const m = await createMerchant(t);
    const admin = await createStaff(t, m, 'admin');
    const teamLead = await memberWith(m, await customRole(m.token, 'Team lead', ['members.manage']));
    const members = (await t.call('GET', '/members/all-members', { token: m.token })).body.data;
    const adminMember = members.find((x: { email: string }) => x.email === admin.email);
    const removal = await t.call('DELETE', `/members/delete-member/${adminMember.id}`, {
      token: teamLead.token,
    });
    expect(removal.status).toBe(403);
    expect(removal.body.message).toMatch(
      /^You cannot act on a member whose role has permissions you do not have yourself: .*customers\.view/,
    );
    expect(
      (await t.call('GET', '/members/all-members', { token: m.token })).body.data.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(adminMember.id);
    const pendingAdmin = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: uniqueEmail('pending.admin'), role_id: await roleId(m.token, 'admin') },
    });
    const resend = await t.call('POST', `/members/resend-invite/${pendingAdmin.body.data.id}`, {
      token: teamLead.token,
    });
    expect(resend.status).toBe(403);
    // A member whose rights the team lead does hold is theirs to remove.
    const peer = await memberWith(m, await customRole(m.token, 'Greeter', ['members.manage']));
    expect(
      (await t.call('DELETE', `/members/delete-member/${peer.membershipId}`, { token: teamLead.token }))
        .status,
    ).toBe(200);
  });

  it('does not let a role editor strip, rename or delete a role holding permissions they lack', async () => {
    const m = await createMerchant(t);
    const treasurer = await customRole(m.token, 'Treasurer', ['wallet.transfer', 'reports.view']);
    const editor = await memberWith(
      m,
      await customRole(m.token, 'Role editor', ['roles.manage', 'reports.view']),
    );
    const strip = await t.call('PATCH', `/roles/${treasurer}`, {
      token: editor.token,
      body: { permissions: ['reports.view'] },
    });
    expect(strip.status).toBe(403);
    expect(strip.body.message).toBe(
      'You cannot change a role that has permissions you do not have yourself: wallet.transfer.',
    );
    expect(
      (await t.call('PATCH', `/roles/${treasurer}`, { token: editor.token, body: { name: 'Cash desk' } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/roles/${treasurer}`, { token: editor.token })).status).toBe(403);
    const roles = (await t.call('GET', '/roles', { token: m.token })).body.data;
    expect(roles.find((r: { id: string }) => r.id === treasurer)).toMatchObject({
      name: 'Treasurer',
      permissions: ['wallet.transfer', 'reports.view'],
    });
    // A role within the editor's own rights stays theirs to edit.
    const viewer = await customRole(m.token, 'Viewer', ['reports.view']);
    expect(
      (await t.call('PATCH', `/roles/${viewer}`, { token: editor.token, body: { name: 'Report viewer' } }))
        .status,
    ).toBe(200);
  });
});

describe('credit approvers (the till PIN dialog, decision 0065)', () => {
  it('lists to a cashier the active members who may approve a sale past a credit limit, and nobody else', async () => {
    const m = await createMerchant(t);
    const manager = await createStaff(t, m, 'manager');
    const cashier = await createStaff(t, m, 'cashier');
    // Invited and not yet joined: not someone who can type a PIN at the till.
    const invited = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: uniqueEmail('invited.manager'), role_id: await roleId(m.token, 'manager') },
    });
    expect(invited.status).toBe(201);
    const res = await t.call('GET', '/members/credit-approvers', { token: cashier.token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: { user_id: string }) => a.user_id);
    expect(ids).toEqual(expect.arrayContaining([m.user.id, manager.user.id]));
    expect(ids).not.toContain(cashier.user.id);
    expect(ids).toHaveLength(2);
    expect(res.body.data.find((a: { user_id: string }) => a.user_id === manager.user.id).name).toBe(
      'Staff manager',
    );
  });
});
