import type { RequestContext } from './context.js';

export type LimitedResource = 'stores' | 'members' | 'live_api_calls';

/**
 * The one place plan limits are enforced (domain.md "Subscription plans"). The subscriptions
 * module installs the check on the app's dependencies (it knows the plans; `lib/` may not import
 * a module), and it throws `AppError('PLAN_LIMIT', …)`, a 402 naming the plan and the limit.
 */
export async function assertPlanAllows(ctx: RequestContext, resource: LimitedResource): Promise<void> {
  await ctx.deps.planLimits?.(ctx, resource);
}
