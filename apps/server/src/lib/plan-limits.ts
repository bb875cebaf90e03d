import type { RequestContext } from './context.js';

export type LimitedResource = 'stores' | 'members' | 'live_api_calls';

/**
 * The one place plan limits are enforced (domain.md "Subscription plans"). Plans are not
 * built yet, so every store may do everything; the subscriptions module will make this throw
 * `AppError('PLAN_LIMIT', …)` naming the plan and the limit.
 */
export async function assertPlanAllows(_ctx: RequestContext, _resource: LimitedResource): Promise<void> {
  return;
}
