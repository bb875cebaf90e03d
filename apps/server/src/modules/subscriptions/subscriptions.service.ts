import { MESSAGES } from '@tillbook/contract/constants';
import type {
  CurrentSubscription,
  Plan,
  SubscribeAnswer,
  subscribeBody,
  SubscriptionRecord,
} from '@tillbook/contract/subscriptions';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { localDateText } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import type { LimitedResource } from '../../lib/plan-limits.js';
import { payFromWallet } from '../wallet/wallet.public.js';
import { countMembers, countOwnedStores, ownedStoreIds } from './plan-usage.js';
import { ENTERPRISE_CONTACT, planFor, plans } from './plans.js';
import type { SubscriptionsTable } from './subscriptions.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Today in the store's time zone, YYYY-MM-DD. */
const todayIn = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** A date plus months (clamped to the month's last day: 31 Jan + 1 month = 28/29 Feb). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
const addDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Spec section 4: a plan is active when it has a start date and an end date not before today. */
const isActive = (row: Pick<SubscriptionsTable, 'start_date' | 'end_date'>, today: string) =>
  Boolean(row.start_date) && Boolean(row.end_date) && row.end_date >= today;

/** The store's plan today: its latest active subscription, else Starter (an expired plan falls back). */
async function activeSubscription(db: Db, storeId: string, today: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('end_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function currentOf(ctx: StoreContext, db: Db = ctx.db): Promise<CurrentSubscription> {
  const today = todayIn(ctx.now, ctx.access.store.timezone);
  const [row, members, stores] = await Promise.all([
    activeSubscription(db, ctx.storeId, today),
    countMembers(db, ctx.storeId),
    countOwnedStores(db, ctx.access.store.owner_user_id),
  ]);
  const plan = planFor(ctx.deps.config, row?.plan_code);
  return {
    plan,
    active: Boolean(row),
    start_date: row?.start_date ?? null,
    end_date: row?.end_date ?? null,
    days_left: row ? daysBetween(today, row.end_date) + 1 : null,
    usage: { members, stores },
  };
}

export const getCurrentSubscription = (ctx: StoreContext) => currentOf(ctx);

export const listPlans = (ctx: RequestContext): Plan[] => plans(ctx.deps.config);

export async function listSubscriptions(ctx: StoreContext, q: { page: number; perPage: number }) {
  const today = todayIn(ctx.now, ctx.access.store.timezone);
  const base = ctx.db.selectFrom('subscriptions').where('store_id', '=', ctx.storeId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.perPage)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: SubscriptionRecord[] = rows.map((r) => ({
    id: r.id,
    plan_code: r.plan_code,
    plan_name: r.plan_name,
    amount: Number(r.amount),
    currency: r.currency,
    start_date: r.start_date,
    end_date: r.end_date,
    active: isActive(r, today),
    wallet_transaction_id: r.wallet_transaction_id,
    created_at: r.created_at,
  }));
  return pageOf(items, Number(count.n), q);
}

/**
 * Subscribes the store to a plan, paid from its wallet in the same transaction as the
 * subscription row and its audit (ledger type `subscription`). A renewal of the active plan
 * starts the day after it ends; another plan starts today. Enterprise takes no payment and
 * answers with where to reach sales.
 */
export async function subscribe(
  ctx: StoreContext,
  body: z.output<typeof subscribeBody>,
  idempotencyKey: string | undefined,
): Promise<{ answer: SubscribeAnswer; message: string }> {
  const plan = plans(ctx.deps.config).find((p) => p.code === body.plan_code);
  if (!plan) {
    throw badRequest('Unknown plan. Choose GRO001, GRO002, ENT001 or FREEMIUM.', {
      plan_code: 'Unknown plan',
    });
  }
  if (plan.code === 'ENT001') {
    return {
      answer: {
        subscription: await currentOf(ctx),
        contact: ENTERPRISE_CONTACT,
        wallet_transaction_id: null,
      },
      message: 'Our sales team will set up Enterprise with you',
    };
  }
  if (plan.code === 'FREEMIUM') {
    const current = await currentOf(ctx);
    if (current.active) {
      throw new AppError(
        'CONFLICT',
        `The store is on ${current.plan.name} until ${localDateText(`${current.end_date}T12:00:00Z`, 'UTC')}; it returns to Starter when that ends.`,
      );
    }
    return {
      answer: { subscription: current, contact: null, wallet_transaction_id: null },
      message: MESSAGES.subscribed,
    };
  }
  const currency = ctx.access.store.currency;
  if (currency !== plan.currency) {
    throw unprocessable(
      `Plans are priced in ${plan.currency}; a wallet in ${currency} cannot pay for them yet.`,
    );
  }
  const today = todayIn(ctx.now, ctx.access.store.timezone);
  const price = plan.price!;
  const outcome = await runIdempotent(ctx, idempotencyKey, 'subscription.subscribe', body, async (trx) => {
    const active = await activeSubscription(trx, ctx.storeId, today);
    const start = active && active.plan_code === plan.code ? addDay(active.end_date) : today;
    const end = addMonths(start, plan.period === 'year' ? 12 : 1);
    let paid;
    try {
      paid = await payFromWallet(trx, ctx, {
        amount: price,
        narration: `${plan.name} plan, ${start} to ${end}`,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw unprocessable(
          `Open the wallet and add ${formatMoney(price, currency)} to it to pay for ${plan.name}.`,
        );
      }
      throw error;
    }
    const row: SubscriptionsTable = {
      id: newId(),
      store_id: ctx.storeId,
      plan_code: plan.code,
      plan_name: plan.name,
      amount: price,
      currency,
      start_date: start,
      end_date: end,
      wallet_transaction_id: paid.id,
      actor_id: ctx.actor.id,
      created_at: ctx.now.toISOString(),
    };
    await trx.insertInto('subscriptions').values(row).execute();
    await writeAudit(trx, ctx, {
      action: 'subscription.subscribe',
      entity: 'subscription',
      entityId: row.id,
      summary: `Subscribed to ${plan.name} from ${start} to ${end} for ${formatMoney(price, currency)}`,
      after: { plan_code: plan.code, start_date: start, end_date: end, amount: price },
    });
    return {
      status: 200,
      body: { subscription: await currentOf(ctx, trx), contact: null, wallet_transaction_id: paid.id },
    };
  });
  return { answer: outcome.body, message: MESSAGES.subscribed };
}

/** The best plan among an owner's stores decides how many stores the owner may have. */
async function bestPlanOfOwner(ctx: RequestContext, ownerId: string, today: string): Promise<Plan> {
  const ids = await ownedStoreIds(ctx.db, ownerId);
  let best = planFor(ctx.deps.config, null);
  for (const id of ids) {
    const row = await activeSubscription(ctx.db, id, today);
    const plan = planFor(ctx.deps.config, row?.plan_code);
    if ((plan.stores ?? Infinity) > (best.stores ?? Infinity)) best = plan;
  }
  return best;
}

const upgradeHint = (plan: Plan) =>
  plan.code === 'FREEMIUM'
    ? ' Upgrade to GROWTH in Settings → Subscription for more.'
    : plan.code.startsWith('GRO')
      ? ' Contact sales for Enterprise.'
      : '';

/**
 * Installed as `deps.planLimits`, the check behind `assertPlanAllows` (lib/plan-limits.ts):
 * a 402 naming the plan and the limit when one more member or store would pass it.
 */
export async function enforcePlanLimits(ctx: RequestContext, resource: LimitedResource): Promise<void> {
  if (resource === 'members' && ctx.access) {
    const store = ctx.access.store;
    const today = todayIn(ctx.now, store.timezone);
    const plan = planFor(ctx.deps.config, (await activeSubscription(ctx.db, store.id, today))?.plan_code);
    if (plan.members === null) return;
    if ((await countMembers(ctx.db, store.id)) >= plan.members) {
      throw new AppError(
        'PLAN_LIMIT',
        `The ${plan.name} plan allows ${plan.members} team member${plan.members === 1 ? '' : 's'} per store, the owner included.${upgradeHint(plan)}`,
      );
    }
  }
  if (resource === 'stores') {
    const ownerId = ctx.access?.store.owner_user_id ?? ctx.user?.id;
    if (!ownerId) return;
    const today = todayIn(ctx.now, ctx.access?.store.timezone ?? 'Africa/Lagos');
    const owned = await countOwnedStores(ctx.db, ownerId);
    // The first store is always allowed: a new account has no plan yet.
    if (owned === 0) return;
    const plan = await bestPlanOfOwner(ctx, ownerId, today);
    if (plan.stores === null) return;
    if (owned >= plan.stores) {
      throw new AppError(
        'PLAN_LIMIT',
        `The ${plan.name} plan allows ${plan.stores} store${plan.stores === 1 ? '' : 's'}, branches included.${upgradeHint(plan)}`,
      );
    }
  }
}

/** The plan a store is on today (its latest active subscription, else Starter): metering asks it. */
export async function planOfStore(
  ctx: RequestContext,
  store: { id: string; timezone: string },
): Promise<Plan> {
  const row = await activeSubscription(ctx.db, store.id, todayIn(ctx.now, store.timezone));
  return planFor(ctx.deps.config, row?.plan_code);
}
