import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PlanClaim, RequestContext } from './context.js';

export type { PlanClaim };

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
