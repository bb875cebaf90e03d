import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKeyProblems } from '../db/store-key-check.js';
import { runSql } from '../lib/sql.js';
import { createMerchant, signUpBody, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { SESSION_LOOKUP_TEXTS } from './request-context.js';
import { onCitus } from '../db/distribution.js';

describe('the session lookup every request runs (decision 0049)', () => {
  // The harness checks them as they run too; this holds them to the rule with no database.
  it('reads the store-bound tables by the store id only', () => {
    expect(storeKeyProblems(SESSION_LOOKUP_TEXTS.session)).toEqual([]);
    expect(storeKeyProblems(SESSION_LOOKUP_TEXTS.access)).toEqual([]);
    expect(storeKeyProblems(SESSION_LOOKUP_TEXTS.sessionInStore)).toEqual([]);
  });

  describe('on the database', () => {
    let t: TestApp;
    let m: Merchant;
    beforeAll(async () => {
      t = await createTestApp();
      m = await createMerchant(t);
    });
    afterAll(async () => t.close());

    it('costs one statement in a store off Citus (session and membership together; two on Citus) and one for an account with none', async () => {
      // The first request of a session that names no store reads the session, then the
      // membership; the process then knows the session's current store and joins it.
      expect((await t.call('GET', '/roles', { token: m.token })).status).toBe(200);
      let before = t.statements();
      expect((await t.call('GET', '/roles', { token: m.token })).status).toBe(200);
      // The session and the membership (one statement off Citus), the roles.
      expect(t.statements() - before).toBe(onCitus() ? 3 : 2);
      before = t.statements();
      expect((await t.call('GET', '/roles', { token: m.token, query: { storeId: m.storeId } })).status).toBe(
        200,
      );
      expect(t.statements() - before).toBe(onCitus() ? 3 : 2);

      const signUp = await t.call<{ data: { userToken: string } }>('POST', '/user/signup', {
        body: signUpBody(),
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      before = t.statements();
      const refused = await t.call('GET', '/roles', { token: signUp.body.data.userToken });
      expect(refused.status).toBe(404);
      expect(t.statements() - before).toBe(1);
    });

    it('follows a session to the store it switched to, whatever store this process saw it in last', async () => {
      const owner = await createMerchant(t);
      const first = await t.call<{ data: { store: { id: string } } }>('POST', '/user/singleuser', {
        token: owner.token,
      });
      expect(first.body.data.store.id).toBe(owner.storeId);
      const second = await t.call<{ data: { id: string } }>('POST', '/stores/create-store', {
        token: owner.token,
        body: { business_name: 'Second shop' },
      });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      // Switched with the database's own statement, as another process of the app would: this
      // process still remembers the first store.
      await runSql(t.database.db, 'update sessions set current_store_id = ? where user_id = ?', [
        second.body.data.id,
        owner.user.id,
      ]);
      for (let i = 0; i < 2; i++) {
        const me = await t.call<{ data: { store: { id: string } } }>('POST', '/user/singleuser', {
          token: owner.token,
        });
        expect(me.status).toBe(200);
        expect(me.body.data.store.id).toBe(second.body.data.id);
      }
      // A store the user is no member of any more is not found, guessed or not.
      await runSql(
        t.database.db,
        `update memberships set status = 'invited' where store_id = ? and user_id = ?`,
        [second.body.data.id, owner.user.id],
      );
      expect((await t.call('GET', '/roles', { token: owner.token })).status).toBe(404);
    });

    it('reads the membership by the store: on Citus on the one worker holding it, elsewhere by its key', async () => {
      if (t.database.engine === 'sqlite') {
        const plan = await runSql<{ detail: string }>(
          t.database.db,
          `explain query plan ${SESSION_LOOKUP_TEXTS.access}`,
          [m.storeId, m.storeId, m.user.id],
        );
        expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH m USING INDEX/);
        return;
      }
      if (!onCitus()) {
        const plan = await runSql<{ 'QUERY PLAN': string }>(
          t.database.db,
          `explain ${SESSION_LOOKUP_TEXTS.access}`,
          [m.storeId, m.storeId, m.user.id],
        );
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
          /Index (Only )?Scan using memberships/,
        );
        return;
      }
      const plan = await runSql<{ 'QUERY PLAN': string }>(
        t.database.db,
        `explain ${SESSION_LOOKUP_TEXTS.access}`,
        [m.storeId, m.storeId, m.user.id],
      );
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).not.toContain('Distributed Subplan');
      expect(text).toMatch(/Task Count: 1\b/);
    });
  });
});
