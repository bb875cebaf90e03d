import { z } from 'zod';
import { defineRoutes, paginationQuery, trimmed } from './common.js';

/** Plan codes (spec section 3): any code other than these three is Starter (FREEMIUM). */
export const PLAN_CODES = ['FREEMIUM', 'GRO001', 'GRO002', 'ENT001'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const planSchema = z.object({
  code: z.enum(PLAN_CODES),
  /** FREEMIUM, GROWTH, 'GROWTH - Yearly', ENTERPRISE. */
  name: z.string(),
  label: z.string(),
  /** In minor units of `currency`; null for Enterprise (custom). */
  price: z.number().int().nullable(),
  currency: z.string(),
  period: z.enum(['month', 'year']).nullable(),
  /** Limits; null is unlimited. Team members count the owner. */
  members: z.number().int().nullable(),
  stores: z.number().int().nullable(),
  live_api_calls: z.number().int().nullable(),
  /** The button the plan card shows: 'Select Plan', 'Upgrade to plan' or 'Contact Sales'. */
  button: z.string(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const currentSubscriptionSchema = z.object({
  plan: planSchema,
  /** A paid plan whose end date is not before today; false on Starter. */
  active: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_left: z.number().int().nullable(),
  usage: z.object({ members: z.number().int(), stores: z.number().int() }),
  /**
   * Where the store is over what its plan allows now (a paid plan ended): the store itself is one
   * of the owner's stores past the plan's count, or it has more active members than the plan
   * allows. Over-limit stores and members are read-only until the merchant upgrades or removes
   * some (decision 0044).
   */
  over_limit: z.object({ members: z.boolean(), stores: z.boolean() }),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const subscriptionRecordSchema = z.object({
  id: z.string(),
  plan_code: z.string(),
  plan_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  active: z.boolean(),
  wallet_transaction_id: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

export const subscribeAnswerSchema = z.object({
  subscription: currentSubscriptionSchema,
  /** Enterprise is sold by people: where to reach them (no payment is taken). */
  contact: z.string().nullable(),
  wallet_transaction_id: z.string().nullable(),
});
export type SubscribeAnswer = z.infer<typeof subscribeAnswerSchema>;

/** The plans paid from the wallet: subscribing to one is confirmed as a transfer is. */
export const PAID_PLAN_CODES: readonly PlanCode[] = ['GRO001', 'GRO002'];

export const subscribeBody = z
  .object({
    plan_code: trimmed('Plan code', 20),
    /**
     * A paid plan takes money from the wallet: the user's password, or their transaction PIN
     * when they have set one, confirms it, exactly as for `POST /wallet/transfer`.
     */
    password: z.string().max(128).optional(),
    pin: z.string().max(20).optional(),
  })
  .refine(
    (b) => !PAID_PLAN_CODES.includes(b.plan_code as PlanCode) || Boolean(b.password) || Boolean(b.pin),
    { path: ['password'], error: 'Enter your password or transaction PIN to pay for the plan' },
  );

export const subscriptionHistoryQuery = paginationQuery;

export const subscriptionsRoutes = defineRoutes({
  current: {
    method: 'GET',
    path: '/subscription',
    access: 'member',
    summary: "The store's current plan, whether it is active, and what it uses of its limits",
    response: currentSubscriptionSchema,
  },
  all: {
    method: 'GET',
    path: '/subscription/all',
    access: 'member',
    summary: 'Every plan with its price and limits',
    response: z.array(planSchema),
  },
  history: {
    method: 'GET',
    path: '/subscription/user',
    access: 'member',
    summary: "The store's subscriptions, newest first",
    query: subscriptionHistoryQuery,
    response: subscriptionRecordSchema,
    paginated: true,
  },
  subscribe: {
    method: 'POST',
    path: '/subscription/subscribe',
    access: 'subscription.manage',
    summary:
      'Subscribe to a plan, paid from the wallet and confirmed with the password or transaction PIN (Enterprise answers with a contact)',
    body: subscribeBody,
    idempotent: true,
    overPlan: 'allowed',
    response: subscribeAnswerSchema,
  },
});
