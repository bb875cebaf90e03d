import type { Store, StoreSummary } from '@tillbook/contract/stores';
import { BUILT_IN_ROLES, BUILT_IN_ROLE_KEYS } from '@tillbook/contract/permissions';
import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import { acrossStores } from '../../db/store-key-check.js';
import type { Database, StoresTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { rolePermissions } from '../../lib/roles.js';

type Db = Kysely<Database> | Transaction<Database>;

export function toStore(row: StoresTable): Store {
  // `sandbox_of` is internal (decision 0032): members only ever see live stores.
  const { owner_user_id: _owner, sandbox_of: _sandboxOf, ...store } = row;
  return store;
}

export const findStore = (db: Db, id: string) =>
  db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();

/** A new store, with the row that keeps its time zone beside its own data (`store_zones`). */
export async function insertStore(db: Db, values: StoresTable): Promise<void> {
  await db.insertInto('stores').values(values).execute();
  await db.insertInto('store_zones').values({ store_id: values.id, timezone: values.timezone }).execute();
}

/**
 * Changes a store's details. A new time zone is also written to its `store_zones` row, after the
 * store row (every writer takes the two in this order): the sales that worked their day out in
 * the old zone hold that row and are waited for; the next ones find the new zone.
 */
export async function updateStore(
  db: Db,
  id: string,
  values: Partial<Omit<StoresTable, 'id'>>,
): Promise<StoresTable> {
  const row = await db
    .updateTable('stores')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (values.timezone !== undefined)
    await db
      .updateTable('store_zones')
      .set({ timezone: values.timezone })
      .where('store_id', '=', id)
      .execute();
  return row;
}

/**
 * The statement that answers the store's id while its figures are dated in `zone`, and nothing
 * once the zone has changed: `store` and `zone` are the caller's parameter placeholders. On
 * PostgreSQL it takes a share lock on the store's zone row: a change of zone waits for the
 * transaction, and a statement that meets the change waits for it and then reads the new zone
 * (a key-share lock would not: changing a column that is no key takes a lock that does not
 * conflict with it). The row sits with the store's data, so on Citus the lock stays on the
 * store's worker (decision 0049).
 */
export const zoneGuardSql = (store: string, zone: string, postgres: boolean): string =>
  `select z.store_id from store_zones z where z.store_id = ${store} and z.timezone = ${zone}${
    postgres ? ' for share' : ''
  }`;

/**
 * Holds the store's time zone still until the transaction ends (PostgreSQL; SQLite runs one
 * writer at a time). Taken by work that must not overlap a change of zone.
 */
export async function holdStoreZone(db: Db, storeId: string): Promise<void> {
  if (engineOf(db as never) !== 'postgres') return;
  await db.selectFrom('store_zones').select('store_id').where('store_id', '=', storeId).forShare().execute();
}

/**
 * The store row, locked until the transaction ends. On PostgreSQL `for update` also waits for
 * every transaction that has inserted a row naming the store (their foreign-key checks hold a
 * key-share lock on it: every sale) and holds back the next ones until this one commits.
 * SQLite runs one writing transaction at a time, so a plain read is enough there.
 */
export async function lockStore(db: Db, id: string): Promise<StoresTable> {
  let q = db.selectFrom('stores').selectAll().where('id', '=', id);
  if (engineOf(db as never) === 'postgres') q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}

/** Creates the four built-in roles of a new store and returns their ids by key. */
export async function insertBuiltInRoles(
  db: Db,
  storeId: string,
  now: string,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const rows = BUILT_IN_ROLE_KEYS.map((key) => {
    ids[key] = newId();
    return {
      id: ids[key]!,
      store_id: storeId,
      key,
      name: BUILT_IN_ROLES[key].name,
      description: BUILT_IN_ROLES[key].description,
      permissions: null,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('roles').values(rows).execute();
  return ids;
}

/** A custom role, copied into another store of the same family (a new branch). */
export async function copyCustomRole(
  db: Db,
  fromStoreId: string,
  roleId: string,
  toStoreId: string,
  now: string,
) {
  const role = await db
    .selectFrom('roles')
    .select(['name', 'description', 'permissions'])
    .where('store_id', '=', fromStoreId)
    .where('id', '=', roleId)
    .executeTakeFirstOrThrow();
  const id = newId();
  await db
    .insertInto('roles')
    .values({ id, store_id: toStoreId, key: null, ...role, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** How many stores (and branches) the user owns. */
export async function countOwnedStores(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', userId)
    // A sandbox twin is not a store of the plan (decision 0032).
    .where('sandbox_of', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertMembership(
  db: Db,
  values: {
    storeId: string;
    userId: string;
    roleId: string;
    status: 'active' | 'invited';
    invitedBy: string | null;
    now: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('memberships')
    .values({
      id,
      store_id: values.storeId,
      user_id: values.userId,
      role_id: values.roleId,
      status: values.status,
      invited_by: values.invitedBy,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
  return id;
}

/** What a store summary reads: the store, and the member's role in it. */
const summaryQuery = (db: Db, userId: string) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('stores as s', 's.id', 'm.store_id')
    .innerJoin('roles as r', (j) => j.onRef('r.store_id', '=', 'm.store_id').onRef('r.id', '=', 'm.role_id'))
    .selectAll('s')
    .select([
      'r.id as role_id',
      'r.name as role_name',
      'r.key as role_key',
      'r.permissions as role_permissions',
    ])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active');

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow, currentStoreId: string | null): StoreSummary {
  const { role_id, role_name, role_key, role_permissions, ...store } = row;
  return {
    ...toStore(store),
    store_id: store.id,
    store_name: store.business_name,
    role: { id: role_id, name: role_name, key: role_key as StoreSummary['role']['key'] },
    permissions: [...rolePermissions(role_key, role_permissions)],
    is_current: store.id === currentStoreId,
  };
}

/**
 * Every store the user is an active member of, oldest membership first, with role and
 * permissions. Asked at sign-in, onboarding and for the account's own page and store list, not
 * on every request.
 */
export async function listUserStores(
  db: Db,
  userId: string,
  currentStoreId: string | null,
): Promise<StoreSummary[]> {
  // A user's stores are spread over the workers: this one asks them all, by design.
  const rows = await acrossStores(
    summaryQuery(db, userId).orderBy('m.created_at', 'asc').orderBy('s.id', 'asc'),
  ).execute();
  return rows.map((row) => toSummary(row, currentStoreId));
}

/** One store of the user's, as `listUserStores` has it, if they are an active member of it. */
export async function findUserStore(
  db: Db,
  userId: string,
  storeId: string,
  currentStoreId: string | null,
): Promise<StoreSummary | undefined> {
  const row = await summaryQuery(db, userId).where('m.store_id', '=', storeId).executeTakeFirst();
  return row && toSummary(row, currentStoreId);
}

/** The store a session is in now (read again inside a transaction, after a lock). */
export async function sessionStoreId(db: Db, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('current_store_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.current_store_id ?? null;
}

export async function setSessionStore(db: Db, sessionId: string, storeId: string | null): Promise<void> {
  await db.updateTable('sessions').set({ current_store_id: storeId }).where('id', '=', sessionId).execute();
}
