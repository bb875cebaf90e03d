import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { down, up } from './0009-hardening.js';

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

describe('migration 0009-hardening (0008-hardening until renumbered) on a database with data', () => {
  it('fills the inside-word index from the customers already there, and clears non-web website addresses', async () => {
    for (const [first_name, phone_number] of [
      ['Adebayo', '+2348031234567'],
      ['Chiamaka', '08059876543'],
    ]) {
      const res = await t.call('POST', '/customers/create', {
        token: m.token,
        body: { first_name, last_name: 'Okonkwo', phone_number },
      });
      expect(res.status).toBe(201);
    }
    await t.db
      .updateTable('stores')
      .set({ website: 'javascript:alert(1)' })
      .where('id', '=', m.storeId)
      .execute();
    await t.db
      .updateTable('users')
      .set({ website: 'https://mamaput.ng' })
      .where('id', '=', m.user.id)
      .execute();
    const search = async (first: string) =>
      (await t.call('GET', '/customers/search/name', { token: m.token, query: { first } })).body.data.map(
        (c: { full_name: string }) => c.full_name,
      );

    // Back to before the migration (no suffix table), then forward again over the data.
    await down(t.db);
    await up(t.db);

    expect(await search('bayo')).toEqual(['Adebayo Okonkwo']);
    expect(await search('9876')).toEqual(['Chiamaka Okonkwo']);
    expect(await search('onkwo')).toEqual(['Adebayo Okonkwo', 'Chiamaka Okonkwo']);
    const store = await t.db
      .selectFrom('stores')
      .select('website')
      .where('id', '=', m.storeId)
      .executeTakeFirstOrThrow();
    expect(store.website).toBeNull();
    const user = await t.db
      .selectFrom('users')
      .select('website')
      .where('id', '=', m.user.id)
      .executeTakeFirstOrThrow();
    expect(user.website).toBe('https://mamaput.ng');
  });
});
