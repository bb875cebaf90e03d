import type { ApiKeyEnv, ApiKeyType } from '@tillbook/contract/developers';
import type { Kysely, Transaction } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';
import type { ApiKeysTable } from './developers.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The developers tables, bound to one (live) store so no query forgets the tenant. */
export function developersRepository(db: Db, storeId: string) {
  return {
    /** The key of an environment and type that is not rolled. */
    current(env: ApiKeyEnv, type: ApiKeyType): Promise<ApiKeysTable | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('env', '=', env)
        .where('type', '=', type)
        .where('expires_at', 'is', null)
        .executeTakeFirst();
    },

    find(id: string): Promise<ApiKeysTable | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Current keys and rolled keys still working at `now`. */
    working(now: string): Promise<ApiKeysTable[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('env')
        .orderBy('type')
        .orderBy('created_at', 'desc')
        .execute();
    },

    insert(row: ApiKeysTable): Promise<unknown> {
      return db.insertInto('api_keys').values(row).execute();
    },

    /** Ends a key at `at`, only if it is still current (a second roll of the same key finds nothing). */
    async expire(id: string, at: string, replacedBy: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ expires_at: at, replaced_by: replacedBy })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('expires_at', 'is', null)
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    setScope(id: string, scope: ApiKeysTable['scope']): Promise<unknown> {
      return db
        .updateTable('api_keys')
        .set({ scope })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    /** The store's sandbox twin, if it has one. */
    async twinId(): Promise<string | null> {
      const row = await db
        .selectFrom('sandbox_twins')
        .select('twin_store_id')
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return row?.twin_store_id ?? null;
    },

    /**
     * Claims `twinId` as the store's twin unless one exists; answers the twin that holds. The
     * primary key makes two first uses agree on one twin.
     */
    async claimTwin(twinId: string, now: string): Promise<{ id: string; created: boolean }> {
      const inserted = await db
        .insertInto('sandbox_twins')
        .values({ store_id: storeId, twin_store_id: twinId, created_at: now })
        .onConflict((oc) => oc.column('store_id').doNothing())
        .returning('twin_store_id')
        .executeTakeFirst();
      if (inserted) return { id: twinId, created: true };
      return { id: (await this.twinId())!, created: false };
    },

    /** Points the store's sandbox (and its sandbox keys) at a new twin. */
    async replaceTwin(twinId: string, now: string): Promise<void> {
      await db
        .updateTable('sandbox_twins')
        .set({ twin_store_id: twinId, created_at: now })
        .where('store_id', '=', storeId)
        .execute();
      await db
        .updateTable('api_keys')
        .set({ acts_on_store_id: twinId })
        .where('store_id', '=', storeId)
        .where('env', '=', 'sandbox')
        .execute();
    },

    /**
     * Counts a live call in the month by a conditional upsert that passes only while the count is
     * under `allowance` (null: no limit): the new count, or none when it did not pass.
     */
    countLiveCall: (month: string, allowance: number | null) =>
      db
        .insertInto('api_usage_months')
        .values({ store_id: storeId, month, live_calls: 1 })
        .onConflict((oc) => {
          const update = oc
            .columns(['store_id', 'month'])
            .doUpdateSet((eb) => ({ live_calls: eb('api_usage_months.live_calls', '+', 1) }));
          return allowance === null ? update : update.where('api_usage_months.live_calls', '<', allowance);
        })
        .returning('live_calls')
        .executeTakeFirst(),

    async countDayCall(day: string, env: ApiKeyEnv): Promise<void> {
      await db
        .insertInto('api_usage_days')
        .values({ store_id: storeId, day, env, calls: 1 })
        .onConflict((oc) =>
          oc
            .columns(['store_id', 'day', 'env'])
            .doUpdateSet((eb) => ({ calls: eb('api_usage_days.calls', '+', 1) })),
        )
        .execute();
    },

    async markUsed(id: string, at: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    monthUsage: (month: string) =>
      db
        .selectFrom('api_usage_months')
        .select('live_calls')
        .where('store_id', '=', storeId)
        .where('month', '=', month)
        .executeTakeFirst(),

    /** The calls counted per day and environment from `from` to `to`, both included. */
    dayUsage: (from: string, to: string) =>
      db
        .selectFrom('api_usage_days')
        .select(['day', 'env', 'calls'])
        .where('store_id', '=', storeId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute(),
  };
}

/**
 * The key with this hash and the store it acts on, in one look-up per request. `storeId` is the
 * store the key names (decision 0049); a key made before keys carried their store names none
 * (null): found by its hash in every store.
 */
export function keyWithStoreByHash(db: Db, keyHash: string, storeId: string | null) {
  const byHash = db
    .selectFrom('api_keys as k')
    .innerJoin('stores as st', 'st.id', 'k.acts_on_store_id')
    .selectAll('st')
    .select([
      'k.id as key_id',
      'k.store_id as key_store_id',
      'k.acts_on_store_id',
      'k.env',
      'k.type',
      'k.scope',
      'k.expires_at',
      'k.last4',
    ])
    .where('k.key_hash', '=', keyHash);
  return (
    storeId === null ? acrossStores(byHash) : byHash.where('k.store_id', '=', storeId)
  ).executeTakeFirst();
}
