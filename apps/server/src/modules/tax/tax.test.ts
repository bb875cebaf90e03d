import { MESSAGES } from '@tillbook/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, createStaff, type Merchant, auditOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant, manager: Merchant;
beforeAll(async () => {
  ({ t, m, other, cashier } = await appWithTwoStores());
  manager = await createStaff(t, m, 'manager');
});
afterAll(async () => t.close());

const vat = { name: 'VAT', rate: 7.5 };

async function rule(body: Record<string, unknown>, who: Merchant = m) {
  const res = await t.call('POST', '/tax', { token: who.token, body: { rates: [vat], ...body } });
  if (res.status !== 201) throw new Error(`tax create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const listOf = async (who: Merchant) =>
  (await t.call('GET', `/tax/store/${who.storeId}`, { token: who.token })).body.data as Array<{ id: string }>;

describe('tax rules', () => {
  it("answers the spec's three messages as a 400 naming each field", async () => {
    const res = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: '', states: [], rates: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      country: MESSAGES.taxCountryEmpty,
      states: MESSAGES.taxStatesEmpty,
      rates: MESSAGES.taxRatesEmpty,
    });
    const missing = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'Nigeria', states: ['Lagos'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Rates must contain at least one item');
    expect(missing.body.error.fields).toEqual({ rates: MESSAGES.taxRatesEmpty });
    const rate = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'Nigeria', states: ['Lagos'], rates: [{ name: 'VAT', rate: 7.555 }] },
    });
    expect(rate.body.error.fields).toEqual({ 'rates.0.rate': 'Rate can have at most two decimals' });
    expect(await listOf(m)).toEqual([]);
  });

  it('adds a rule, keeps the rate exactly as basis points, lists it for the store and audits it', async () => {
    const created = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: ' Nigeria ', states: ['Ogun', 'Oyo'], rates: [vat, { name: 'Levy', rate: 0.29 }] },
    });
    expect(created.status).toBe(201);
    const r = created.body.data;
    expect(r).toMatchObject({
      country: 'Nigeria',
      states: ['Ogun', 'Oyo'],
      rates: [vat, { name: 'Levy', rate: 0.29 }],
      inclusive: false,
    });
    const stored = await t.db
      .selectFrom('tax_rules')
      .select('rates')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.rates)).toEqual([
      { name: 'VAT', rate_bp: 750 },
      { name: 'Levy', rate_bp: 29 },
    ]);
    const list = await t.call('GET', `/tax/store/${m.storeId}`, { token: m.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual(r);
    const audit = await auditOf(t, 'tax_rule.created', { entityId: r.id });
    expect(audit.summary).toBe('Tax rule for Nigeria (Ogun, Oyo) added: VAT 7.5% + Levy 0.29%');
    expect(audit.store_id).toBe(m.storeId);
  });

  it('lets a state belong to one rule per country: 409 with a sentence naming it', async () => {
    const kano = await rule({ country: 'Nigeria', states: ['Kano', 'Kaduna'] });
    const again = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'nigeria', states: ['Katsina', ' kano '], rates: [vat] },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'kano already has a tax rule in nigeria. A state can belong to only one tax rule per country: edit that rule, or leave it out of this one.',
    );
    expect(again.body.error.fields).toEqual({ states: 'Already in another tax rule: kano' });
    // Another country's Kano is another place; another store's rules are its own.
    await rule({ country: 'Ghana', states: ['Kano'] });
    await rule({ country: 'Nigeria', states: ['Kano'] }, other);

    // Editing the rule itself keeps its states; moving another rule onto them is refused.
    const edited = await t.call('PATCH', `/tax/update/${kano.id}`, {
      token: m.token,
      body: { states: ['Kano', 'Kaduna', 'Katsina'], inclusive: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ states: ['Kano', 'Kaduna', 'Katsina'], inclusive: true });
    const sokoto = await rule({ country: 'Nigeria', states: ['Sokoto'] });
    const move = await t.call('PATCH', `/tax/update/${sokoto.id}`, {
      token: m.token,
      body: { states: ['Sokoto', 'Katsina', 'Kaduna'] },
    });
    expect(move.status).toBe(409);
    expect(move.body.message).toMatch(/^Katsina and Kaduna already have a tax rule in Nigeria\./);

    // Deleting a rule frees its states.
    expect((await t.call('DELETE', `/tax/delete/${kano.id}`, { token: m.token })).status).toBe(200);
    const moved = await t.call('PATCH', `/tax/update/${sokoto.id}`, {
      token: m.token,
      body: { states: ['Sokoto', 'Katsina', 'Kaduna'] },
    });
    expect(moved.status).toBe(200);
  });

  it('lets one of several saves racing for a state have it; the others get the same 409', async () => {
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('POST', '/tax', {
          token: m.token,
          body: { country: 'Nigeria', states: ['Rivers'], rates: [vat] },
        }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of tries.filter((x) => x.status === 409)) {
      expect(r.body.error.fields).toEqual({ states: 'Already in another tax rule: Rivers' });
    }
  });

  it('has one rule for all states (*) per country', async () => {
    const all = await rule({ country: 'Benin', states: ['*'] });
    expect(all.states).toEqual(['*']);
    const second = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'BENIN', states: ['*'], rates: [vat] },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'BENIN already has a tax rule for all its states (*). A country can have one such rule: edit that rule instead.',
    );
    // A named state next to the country's * rule is allowed: it wins for that state.
    await rule({ country: 'Benin', states: ['Littoral'] });
    const mixed = await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'Togo', states: ['*', 'Maritime'], rates: [vat] },
    });
    expect(mixed.body.error.fields).toEqual({ states: 'Use * on its own to mean every state' });
  });

  it('edits rates and audits the change', async () => {
    const r = await rule({ country: 'Kenya', states: ['Nairobi'] });
    const res = await t.call('PATCH', `/tax/update/${r.id}`, {
      token: m.token,
      body: { rates: [{ name: 'VAT', rate: 16 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rates).toEqual([{ name: 'VAT', rate: 16 }]);
    const audit = await auditOf(t, 'tax_rule.updated', { entityId: r.id });
    expect(JSON.parse(audit.before!)).toEqual({ rates: [vat] });
    expect(JSON.parse(audit.after!)).toEqual({ rates: [{ name: 'VAT', rate: 16 }] });
    const empty = await t.call('PATCH', `/tax/update/${r.id}`, { token: m.token, body: { states: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ states: MESSAGES.taxStatesEmpty });
  });

  // Issue 15, conformance: the path's store decides, not the session's current store.
  it('lists the rules of the store named in the path when the user belongs to it, current or not', async () => {
    const second = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: 'Ibadan branch tax' },
    });
    const secondId = second.body.data.id as string;
    const added = await t.call('POST', '/tax', {
      token: m.token,
      query: { storeId: secondId },
      body: { country: 'Nigeria', states: ['Oyo'], rates: [{ name: 'Oyo levy', rate: 2 }] },
    });
    expect(added.status).toBe(201);

    const listed = await t.call('GET', `/tax/store/${secondId}`, { token: m.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([added.body.data.id]);
    // A different ?storeId= does not override the path.
    const both = await t.call('GET', `/tax/store/${secondId}`, {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(both.body.data.map((x: { id: string }) => x.id)).toEqual([added.body.data.id]);
    // The current store still answers for itself, without the other store's rules.
    const current = await t.call('GET', `/tax/store/${m.storeId}`, { token: m.token });
    expect(current.status).toBe(200);
    expect(current.body.data.map((x: { id: string }) => x.id)).not.toContain(added.body.data.id);
    // A store the caller is not a member of is 404, for a stranger and for the cashier of the first store.
    for (const who of [other, cashier]) {
      const refused = await t.call('GET', `/tax/store/${secondId}`, { token: who.token });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(added.body.data.id);
    }
    expect((await t.call('GET', `/tax/store/no-such-store`, { token: m.token })).status).toBe(404);
  });

  it("answers 404 for another store's rules and list, and changes nothing", async () => {
    const mine = await rule({ country: 'Nigeria', states: ['Enugu'] });
    const theirs = await t.call('GET', `/tax/store/${m.storeId}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Store not found.');
    expect(
      (await t.call('GET', '/tax/store/01970000-0000-7000-8000-000000000000', { token: m.token })).status,
    ).toBe(404);
    const edit = await t.call('PATCH', `/tax/update/${mine.id}`, {
      token: other.token,
      body: { inclusive: true },
    });
    expect(edit.status).toBe(404);
    expect((await t.call('DELETE', `/tax/delete/${mine.id}`, { token: other.token })).status).toBe(404);
    expect((await listOf(m)).find((r) => r.id === mine.id)).toMatchObject({ inclusive: false });
    expect((await listOf(other)).map((r) => r.id)).not.toContain(mine.id);
  });

  it('lets any member read the rules and only settings.manage change them', async () => {
    const r = await rule({ country: 'Nigeria', states: ['Imo'] });
    expect((await t.call('GET', `/tax/store/${m.storeId}`, { token: cashier.token })).status).toBe(200);
    for (const who of [cashier, manager]) {
      const create = await t.call('POST', '/tax', {
        token: who.token,
        body: { country: 'Nigeria', states: ['Abia'], rates: [vat] },
      });
      expect(create.status).toBe(403);
      expect(create.body.message).toContain('settings.manage');
      expect(
        (await t.call('PATCH', `/tax/update/${r.id}`, { token: who.token, body: { inclusive: true } }))
          .status,
      ).toBe(403);
      expect((await t.call('DELETE', `/tax/delete/${r.id}`, { token: who.token })).status).toBe(403);
    }
    expect((await t.call('GET', `/tax/store/${m.storeId}`)).status).toBe(401);
  });
});
