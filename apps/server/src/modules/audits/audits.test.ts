import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMerchant, createStaff, PASSWORD } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('audit log', () => {
  it('lists the store’s changes newest first, with actor and before/after', async () => {
    const m = await createMerchant(t);
    await t.call('PATCH', '/stores/currency', { token: m.token, body: { currency: 'GHS' } });
    await t.call('POST', '/roles', {
      token: m.token,
      body: { name: 'Viewer', permissions: ['orders.view'] },
    });
    const res = await t.call('GET', '/audits', { token: m.token, query: { perPage: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, perPage: 3 });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(4);
    const [newest, previous] = res.body.data;
    expect(newest).toMatchObject({
      action: 'role.created',
      entity: 'role',
      actor_type: 'user',
      actor_id: m.user.id,
      store_id: m.storeId,
    });
    expect(previous).toMatchObject({
      action: 'store.currency_updated',
      before: { currency: 'NGN' },
      after: { currency: 'GHS' },
    });
    expect(newest.created_at >= previous.created_at).toBe(true);
    expect(newest.ip).toMatch(/^10\./);
  });

  it('filters by action, entity, actor and date, and searches', async () => {
    const m = await createMerchant(t);
    const admin = await createStaff(t, m, 'admin');
    await t.call('PATCH', '/stores/details', { token: admin.token, body: { industry: 'Pharmacy' } });
    const byAction = await t.call('GET', '/audits', {
      token: m.token,
      query: { action: 'store.details_updated' },
    });
    expect(byAction.body.data.every((a: { action: string }) => a.action === 'store.details_updated')).toBe(
      true,
    );
    expect(byAction.body.data.length).toBeGreaterThan(0);
    const byActor = await t.call('GET', '/audits', { token: m.token, query: { actor_id: admin.user.id } });
    const actorIds = byActor.body.data.map((a: { actor_id: string }) => a.actor_id);
    // The admin's own entries only: joining and the change, none of the owner's (who invited).
    expect(byActor.body.data.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['store.details_updated', 'member.joined']),
    );
    expect(actorIds).toEqual(actorIds.map(() => admin.user.id));
    expect(byActor.body.pagination.total).toBe(actorIds.length);
    // Query parameters are camelCase (issue 15, conformance); the snake_case spelling still works.
    const everything = (await t.call('GET', '/audits', { token: m.token, query: { perPage: 100 } })).body
      .data;
    const fromAdmin = everything.filter((a: { actor_id: string }) => a.actor_id === admin.user.id);
    expect(fromAdmin.length).toBeGreaterThan(0);
    expect(fromAdmin.length).toBeLessThan(everything.length);
    for (const query of [{ actorId: admin.user.id }, { actor_id: admin.user.id }]) {
      const byActor = await t.call('GET', '/audits', { token: m.token, query: { ...query, perPage: 100 } });
      expect(byActor.body.data.map((a: { id: string }) => a.id)).toEqual(
        fromAdmin.map((a: { id: string }) => a.id),
      );
    }
    const storeRow = fromAdmin.find((a: { entity_id: string | null }) => a.entity_id === m.storeId);
    expect(storeRow).toBeDefined();
    for (const query of [{ entityId: m.storeId }, { entity_id: m.storeId }]) {
      const byRecord = await t.call('GET', '/audits', { token: m.token, query: { ...query, perPage: 100 } });
      expect(byRecord.body.data.length).toBeGreaterThan(0);
      expect(byRecord.body.data.length).toBeLessThan(everything.length);
      expect(byRecord.body.data.every((a: { entity_id: string }) => a.entity_id === m.storeId)).toBe(true);
    }
    const byEntity = await t.call('GET', '/audits', { token: m.token, query: { entity: 'member' } });
    expect(byEntity.body.data.some((a: { action: string }) => a.action === 'member.invited')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await t.call('GET', '/audits', { token: m.token, query: { from: today, to: today } })).body.pagination
        .total,
    ).toBeGreaterThan(0);
    expect(
      (await t.call('GET', '/audits', { token: m.token, query: { to: '2020-01-01' } })).body.pagination.total,
    ).toBe(0);
    const bad = await t.call('GET', '/audits', { token: m.token, query: { from: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.from).toBe('Must be a date like 2026-01-31');
    // Search looks in the action, record, summary, actor and record id, in any case.
    const search = await t.call('GET', `/audits/search/${encodeURIComponent('STORE DETAILS')}`, {
      token: m.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.data.map((a: { action: string; summary: string }) => [a.action, a.summary])).toEqual([
      ['store.details_updated', 'Store details updated'],
    ]);
    const searchAdmin = await t.call('GET', `/audits/search/${encodeURIComponent('Staff admin')}`, {
      token: m.token,
    });
    const byName = searchAdmin.body.data.map((a: { actor_name: string; action: string }) => a.actor_name);
    expect(byName).toEqual(byName.map(() => 'Staff admin'));
    expect(searchAdmin.body.data.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['store.details_updated', 'member.joined']),
    );
    const wildcard = await t.call('GET', `/audits/search/${encodeURIComponent('%')}`, { token: m.token });
    expect(wildcard.body.pagination.total).toBe(0);
  });

  it('records sign-in and sign-out, and masks secrets', async () => {
    const m = await createMerchant(t);
    const token = (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }))
      .body.data.userToken;
    await t.call('PATCH', '/user/update-user-password', {
      token,
      body: { current_password: PASSWORD, password: 'second-pass-2', confirm_password: 'second-pass-2' },
    });
    await t.call('POST', '/user/signout', { token });
    const log = (
      await t.call('GET', '/audits', {
        token: (await t.call('POST', '/user/signin', { body: { email: m.email, password: 'second-pass-2' } }))
          .body.data.userToken,
        query: { perPage: 50 },
      })
    ).body.data;
    const actions = log.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user.signed_in', 'user.password_changed', 'user.signed_out']),
    );
    expect(JSON.stringify(log)).not.toMatch(/second-pass-2|argon2/);
  });

  it('shows one entry, 404 for another store’s entry, and 403 without audits.view', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    const mine = (await t.call('GET', '/audits', { token: m.token })).body.data[0];
    expect((await t.call('GET', `/audits/${mine.id}`, { token: m.token })).body.data.id).toBe(mine.id);
    const theirs = (await t.call('GET', '/audits', { token: other.token })).body.data[0];
    expect((await t.call('GET', `/audits/${theirs.id}`, { token: m.token })).status).toBe(404);
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/audits', { token: cashier.token })).status).toBe(403);
  });

  it('offers no way to change or delete an entry', async () => {
    const m = await createMerchant(t);
    const entry = (await t.call('GET', '/audits', { token: m.token })).body.data[0];
    expect((await t.call('DELETE', `/audits/${entry.id}`, { token: m.token })).status).toBe(404);
    expect(
      (await t.call('PATCH', `/audits/${entry.id}`, { token: m.token, body: { summary: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', `/audits/${entry.id}`, { token: m.token })).body.data.summary).toBe(
      entry.summary,
    );
  });
});
