import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import type { Store, StoreSummary } from '@tillbook/contract/stores';
import type {
  addBranchBody,
  createStoreBody,
  storeAddressBody,
  storeCurrencyBody,
  storeDetailsBody,
} from '@tillbook/contract/stores';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, StoresTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext, UserContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { claimPlanRoom } from '../../lib/plan-limits.js';
import { readImageUpload } from '../../lib/uploads.js';
import type { FastifyRequest } from 'fastify';
import {
  copyCustomRole,
  countOwnedStores,
  findStore,
  findUserStore,
  insertBuiltInRoles,
  insertMembership,
  insertStore,
  listUserStores,
  lockStore,
  setSessionStore,
  toStore,
  updateStore,
} from './stores.repository.js';

export interface NewStore {
  business_name: string;
  industry?: string | null;
  email?: string | null;
  phone_number?: string | null;
  website?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  currency?: string;
  timezone?: string;
  registration_number?: string | null;
  tin?: string | null;
}

/**
 * Who opened a branch, with the role they hold where they opened it. They get that same role
 * in the branch (a built-in one by its key, a custom one copied): never more than they had.
 */
export interface BranchCreator {
  userId: string;
  fromStoreId: string;
  role: { id: string; key: string | null };
}

/**
 * Creates a store (or a branch), its built-in roles and the owner's membership, in the
 * caller's transaction. Returns the new store row.
 */
export async function createStoreRecords(
  trx: Transaction<Database>,
  ctx: RequestContext,
  input: NewStore,
  owner: { userId: string; parentStoreId: string | null; creator?: BranchCreator | null },
): Promise<StoresTable> {
  const now = ctx.now.toISOString();
  const row: StoresTable = {
    id: newId(),
    parent_store_id: owner.parentStoreId,
    owner_user_id: owner.userId,
    business_name: input.business_name,
    industry: input.industry ?? null,
    email: input.email ?? null,
    phone_number: input.phone_number ?? null,
    website: input.website ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    country: input.country ?? null,
    currency: input.currency ?? DEFAULT_CURRENCY,
    timezone: input.timezone ?? DEFAULT_TIMEZONE,
    logo_url: null,
    registration_number: input.registration_number ?? null,
    tin: input.tin ?? null,
    created_at: now,
    updated_at: now,
  };
  await insertStore(trx, row);
  const roles = await insertBuiltInRoles(trx, row.id, now);
  await insertMembership(trx, {
    storeId: row.id,
    userId: owner.userId,
    roleId: roles.owner!,
    status: 'active',
    invitedBy: null,
    now,
  });
  const creator = owner.creator;
  if (creator && creator.userId !== owner.userId) {
    // Only the store's owner holds Owner; anyone else holding it elsewhere gets Admin, which is less.
    const builtIn = creator.role.key === 'owner' ? 'admin' : creator.role.key;
    const roleId = builtIn
      ? roles[builtIn]!
      : await copyCustomRole(trx, creator.fromStoreId, creator.role.id, row.id, now);
    await insertMembership(trx, {
      storeId: row.id,
      userId: creator.userId,
      roleId,
      status: 'active',
      invitedBy: owner.userId,
      now,
    });
  }
  await writeAudit(trx, ctx, {
    storeId: row.id,
    action: owner.parentStoreId ? 'branch.created' : 'store.created',
    entity: 'store',
    entityId: row.id,
    summary: `${owner.parentStoreId ? 'Branch' : 'Store'} "${row.business_name}" created`,
    after: toStore(row),
  });
  return row;
}

export const listStores = (ctx: UserContext): Promise<StoreSummary[]> =>
  listUserStores(ctx.db, ctx.user.id, ctx.access?.store.id ?? null);

/**
 * An unverified account may open its first store and try the product there; more stores, and
 * branches, wait for a verified email (decision 0020).
 */
async function assertMayOpenAnotherStore(trx: Transaction<Database>, ctx: UserContext): Promise<void> {
  if (ctx.user.email_verified) return;
  if ((await countOwnedStores(trx, ctx.user.id)) > 0) {
    throw new AppError('FORBIDDEN', 'Verify your email address before opening another store.');
  }
}

export async function createStore(ctx: UserContext, body: z.output<typeof createStoreBody>): Promise<Store> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The owner's account is locked and their stores counted in the transaction that adds one,
    // so concurrent requests cannot pass the plan (decision 0044).
    await claimPlanRoom(trx, ctx, { resource: 'stores', ownerId: ctx.user.id });
    await assertMayOpenAnotherStore(trx, ctx);
    const created = await createStoreRecords(trx, ctx, body, { userId: ctx.user.id, parentStoreId: null });
    // A user's first store becomes their current one.
    if (!ctx.access) await setSessionStore(trx, ctx.sessionId, created.id);
    return created;
  });
  return toStore(row);
}

export async function addBranch(ctx: StoreContext, body: z.output<typeof addBranchBody>): Promise<Store> {
  if (ctx.actor.type === 'user' && !ctx.user?.email_verified) {
    throw new AppError('FORBIDDEN', 'Verify your email address before opening another store.');
  }
  // Branches hang off a top-level store; a branch of a branch joins its parent's family instead.
  const requestedParent = body.parent_store_id ?? ctx.storeId;
  if (requestedParent !== ctx.storeId) throw notFound('Store');
  const root = ctx.access.store.parent_store_id ?? ctx.storeId;
  const parent = await findStore(ctx.db, root);
  if (!parent) throw notFound('Store');
  const { parent_store_id: _p, ...fields } = body;
  const row = await ctx.db.transaction().execute(async (trx) => {
    await claimPlanRoom(trx, ctx, { resource: 'stores', ownerId: parent.owner_user_id });
    return createStoreRecords(
      trx,
      ctx,
      { currency: parent.currency, timezone: parent.timezone, country: parent.country, ...fields },
      {
        userId: parent.owner_user_id,
        parentStoreId: parent.id,
        creator:
          ctx.actor.type === 'user' && ctx.access.role
            ? {
                userId: ctx.actor.id,
                fromStoreId: ctx.storeId,
                role: { id: ctx.access.role.id, key: ctx.access.role.key },
              }
            : null,
      },
    );
  });
  return toStore(row);
}

export async function switchStore(ctx: UserContext, storeId: string): Promise<StoreSummary> {
  // The one store asked for, read on its worker: the user's other stores are not needed here.
  const store = await findUserStore(ctx.db, ctx.user.id, storeId, storeId);
  if (!store) throw notFound('Store');
  await setSessionStore(ctx.db, ctx.sessionId, storeId);
  return store;
}

/** Work another module does in a store change's transaction, once the row is updated. */
export type AlongStoreChange = (
  trx: Transaction<Database>,
  before: StoresTable,
  after: StoresTable,
) => Promise<void>;

async function changeStore(
  ctx: StoreContext,
  values: Partial<StoresTable>,
  action: string,
  summary: string,
  along?: AlongStoreChange,
): Promise<Store> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    // With work alongside, the store row is read again and locked first, so that work starts
    // from the row as it is now, not as this request found it.
    const before = along ? await lockStore(trx, ctx.storeId) : ctx.access.store;
    const updated = await updateStore(trx, ctx.storeId, { ...values, updated_at: ctx.now.toISOString() });
    if (along) await along(trx, before as StoresTable, updated);
    await writeAudit(trx, ctx, {
      action,
      entity: 'store',
      entityId: ctx.storeId,
      summary,
      before: toStore(before),
      after: toStore(updated),
    });
    return updated;
  });
  return toStore(row);
}

export const updateStoreDetails = (ctx: StoreContext, body: z.output<typeof storeDetailsBody>) =>
  changeStore(ctx, body, 'store.details_updated', 'Store details updated');

export const updateStoreCurrency = (ctx: StoreContext, body: z.output<typeof storeCurrencyBody>) =>
  changeStore(ctx, body, 'store.currency_updated', `Store currency set to ${body.currency}`);

/**
 * The address and time zone. `along` runs in the same transaction: the reports module rebuilds
 * the store's sales figures for a new time zone there (decision 0031), so it registers the route.
 */
export const updateStoreAddress = (
  ctx: StoreContext,
  body: z.output<typeof storeAddressBody>,
  along?: AlongStoreChange,
) => changeStore(ctx, body, 'store.address_updated', 'Store address updated', along);

export async function uploadBrandPhoto(ctx: StoreContext, request: FastifyRequest): Promise<Store> {
  const url = await readImageUpload(ctx, request);
  return changeStore(ctx, { logo_url: url }, 'store.logo_updated', 'Store logo uploaded');
}

/**
 * A new sandbox twin of a live store (decision 0032): a stores row with the live store's
 * details, currency and time zone, pointing at it through `sandbox_of`. It has no members and
 * no roles (only its sandbox keys reach it), so no switcher lists it and no plan counts it.
 */
export async function createSandboxTwin(
  trx: Transaction<Database>,
  ctx: RequestContext,
  live: StoresTable,
  id: string,
): Promise<StoresTable> {
  const now = ctx.now.toISOString();
  const row: StoresTable = {
    ...live,
    id,
    parent_store_id: null,
    business_name: `${live.business_name} (sandbox)`.slice(0, 200),
    logo_url: null,
    sandbox_of: live.id,
    created_at: now,
    updated_at: now,
  };
  await insertStore(trx, row);
  await writeAudit(trx, ctx, {
    storeId: live.id,
    action: 'sandbox.created',
    entity: 'store',
    entityId: row.id,
    summary: `Sandbox of "${live.business_name}" created`,
  });
  return row;
}
