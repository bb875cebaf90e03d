import type { businessInfoBody, businessNumberBody, User } from '@tillbook/contract/auth';
import type { StoreSummary } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { claimPlanRoom } from '../../lib/plan-limits.js';
import type { StoreContext, UserContext } from '../../lib/context.js';
import {
  createStoreRecords,
  findStore,
  listUserStores,
  sessionStoreId,
  setSessionStore,
  toStore,
  updateStore,
} from '../stores/stores.public.js';
import { toUser, updateUser } from '../users/users.public.js';

/** Onboarding: the business a new account runs, made into its first store. */

export async function businessInfo(
  ctx: UserContext,
  userId: string,
  body: z.output<typeof businessInfoBody>,
): Promise<{ user: User; store: ReturnType<typeof toStore>; userStore: StoreSummary[] }> {
  if (userId !== ctx.user.id) throw notFound('User');
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Updating the account's row locks it (PostgreSQL; SQLite runs one writer at a time), so the
    // same form sent several times at once is handled one after another.
    const user = await updateUser(trx, ctx.user.id, {
      business_name: body.business_name,
      updated_at: ctx.now.toISOString(),
    });
    // The session's store as it is now: a copy of this request sent a moment earlier may have
    // made the store already.
    const currentId = await sessionStoreId(trx, ctx.sessionId);
    const existing = currentId ? await findStore(trx, currentId) : undefined;
    if (existing && existing.owner_user_id === ctx.user.id) {
      // Onboarding sent twice: the answer updates the store it created the first time.
      const updated = await updateStore(trx, existing.id, {
        ...body,
        updated_at: ctx.now.toISOString(),
      });
      await writeAudit(trx, ctx, {
        storeId: existing.id,
        action: 'store.details_updated',
        entity: 'store',
        entityId: updated.id,
        summary: 'Business information updated',
        before: toStore(existing),
        after: toStore(updated),
      });
      return { user, store: updated };
    }
    // A new store: within the plan of the stores the account already owns (decision 0044).
    await claimPlanRoom(trx, ctx, { resource: 'stores', ownerId: ctx.user.id });
    const store = await createStoreRecords(trx, ctx, body, { userId: ctx.user.id, parentStoreId: null });
    await setSessionStore(trx, ctx.sessionId, store.id);
    return { user, store };
  });
  return {
    user: toUser(result.user),
    store: toStore(result.store),
    userStore: await listUserStores(ctx.db, ctx.user.id, result.store.id),
  };
}

export async function businessNumber(
  ctx: StoreContext,
  userId: string,
  body: z.output<typeof businessNumberBody>,
) {
  if (userId !== ctx.actor.id) throw notFound('User');
  const before = ctx.access.store;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateStore(trx, ctx.storeId, { ...body, updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, {
      action: 'store.details_updated',
      entity: 'store',
      entityId: ctx.storeId,
      summary: 'Business registration numbers updated',
      before: toStore(before),
      after: toStore(row),
    });
    return row;
  });
  return toStore(updated);
}
