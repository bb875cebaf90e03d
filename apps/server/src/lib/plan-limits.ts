import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RequestContext } from './context.js';

/**
 * What an insert takes of a plan's limits:
 * - `members`: one more person in a store. An invitation counts open invitations too (they are
 *   seats promised); `joining` (accepting an invitation) counts the active members, so a plan
 *   that ended since the invitation was sent is checked again.
 * - `stores`: one more store or branch of the owner.
 */
export type PlanClaim =
  { resource: 'members'; storeId: string; joining?: boolean } | { resource: 'stores'; ownerId: string };

/**
 * The one place plan limits are enforced (domain.md "Subscription plans"). Call it inside the
 * transaction that inserts the member or store, before the insert: it locks the row the limit
 * belongs to (the store for members, the owner's account for stores) and counts under that
 * lock, so concurrent requests take the room one after another and never pass the limit
 * (decision 0044). The subscriptions module installs the check on the app's dependencies (it
 * knows the plans; `lib/` may not import a module); it throws `AppError('PLAN_LIMIT', …)`, a 402
 * naming the plan and the limit.
 */
export async function claimPlanRoom(
  trx: Transaction<Database>,
  ctx: RequestContext,
  claim: PlanClaim,
): Promise<void> {
  await ctx.deps.planLimits?.(trx, ctx, claim);
}
