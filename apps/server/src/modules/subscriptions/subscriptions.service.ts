import { DEFAULT_TIMEZONE, MESSAGES } from '@tillbook/contract/constants';
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
import { AppError, badRequest, conflict, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { localDateText } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import type { PlanClaim } from '../../lib/plan-limits.js';
import { assertPaymentConfirmed, payFromWallet } from '../wallet/wallet.public.js';
import {
  countActiveMembers,
  countMembers,
  countOwnedStores,
  lockOwnerForPlan,
  lockStoreForPlan,
  memberSeat,
  oneConnectionPerNode,
  ownerStores,
  runningPlans,
  storeSeat,
} from './plan-usage.js';
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
  const [row, members, stores, standing] = await Promise.all([
    activeSubscription(db, ctx.storeId, today),
    countMembers(db, ctx.storeId),
    countOwnedStores(db, ctx.access.store.owner_user_id),
    standingOf(ctx, ctx.access.store, ctx.access.membershipId, db),
  ]);
  const own = planFor(ctx.deps.config, row?.plan_code);
  return {
    // A branch without its own subscription is on its main store's plan.
    plan: row ? own : standing.plan,
    active: Boolean(row),
    start_date: row?.start_date ?? null,
    end_date: row?.end_date ?? null,
    days_left: row ? daysBetween(today, row.end_date) + 1 : null,
    usage: { members, stores },
    over_limit: { members: standing.membersOver, stores: standing.storesOver },
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
    amount: r.amount,
    currency: r.currency,
    start_date: r.start_date,
    end_date: r.end_date,
    active: isActive(r, today),
    wallet_transaction_id: r.wallet_transaction_id,
    created_at: r.created_at,
  }));
  return pageOf(items, count.n, q);
}

/**
 * Subscribes the store to a plan, paid from its wallet in the same transaction as the
 * subscription row and its audit (ledger type `subscription`), confirmed with the user's
 * password or transaction PIN as a transfer is. Paid periods never overlap: a new one starts
 * the day after the store's last paid day (today when none runs), and at most one period is
 * paid ahead. The store's row is locked first, so concurrent subscribes (whatever their keys)
 * see each other's periods: each one paid extends the plan by what it paid, or is refused
 * (decision 0044). Enterprise takes no payment and answers with where to reach sales.
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
        `The store is on ${current.plan.name} until ${dateText(current.end_date!)}; it returns to Starter when that ends.`,
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
  if (!ctx.user) {
    throw new AppError(
      'FORBIDDEN',
      'Paying for a plan is confirmed with a person’s password or PIN: sign in to Tillbook to subscribe.',
    );
  }
  await assertPaymentConfirmed(ctx, ctx.user.id, body);
  const today = todayIn(ctx.now, ctx.access.store.timezone);
  const price = plan.price!;
  // The secret is no part of the request a repeat must match.
  const { password: _password, pin: _pin, ...request } = body;
  const outcome = await runIdempotent(ctx, idempotencyKey, 'subscription.subscribe', request, async (trx) => {
    await lockStoreForPlan(trx, ctx.storeId);
    const paid = await paidPeriods(trx, ctx.storeId, today);
    if (paid.ahead) {
      throw conflict(
        `${paid.ahead.plan_name} is already paid until ${dateText(paid.ahead.end_date)}. You can pay for the next period from ${dateText(paid.ahead.start_date)}.`,
      );
    }
    const start = paid.lastDay ? addDay(paid.lastDay) : today;
    const end = addMonths(start, plan.period === 'year' ? 12 : 1);
    let payment;
    try {
      payment = await payFromWallet(trx, ctx, {
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
      wallet_transaction_id: payment.id,
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
      body: { subscription: await currentOf(ctx, trx), contact: null, wallet_transaction_id: payment.id },
    };
  });
  // What this process remembers of stores within their plans is asked again (an upgrade lifts a
  // read-only store at once here; other processes see it within a minute).
  withinPlanUntil.delete(ctx.deps);
  return { answer: outcome.body, message: MESSAGES.subscribed };
}

const dateText = (date: string) => localDateText(`${date}T12:00:00Z`, 'UTC');

/**
 * The store's paid days from today on: the last paid day (null when no period runs today or
 * later), and a period paid ahead that has not started yet, if any.
 */
async function paidPeriods(db: Db, storeId: string, today: string) {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['plan_name', 'start_date', 'end_date'])
    .where('store_id', '=', storeId)
    .where('end_date', '>=', today)
    .orderBy('end_date', 'desc')
    .execute();
  return {
    lastDay: rows[0]?.end_date ?? null,
    ahead: rows.find((r) => r.start_date > today) ?? null,
  };
}

const idOf = (row: { id: string }) => row.id;

/**
 * The best plan among an owner's stores decides how many stores the owner may have: the plans
 * running today in any of them (`runningPlans` of the owner's stores).
 */
function bestPlanOf(ctx: RequestContext, running: ReadonlyArray<{ plan_code: string }>): Plan {
  let best = planFor(ctx.deps.config, null);
  for (const { plan_code } of running) {
    const plan = planFor(ctx.deps.config, plan_code);
    if ((plan.stores ?? Infinity) > (best.stores ?? Infinity)) best = plan;
  }
  return best;
}

/**
 * A store's plan among the plans running today (`runningPlans`, latest first): its own latest,
 * else its main store's (a branch is covered by the plan of the store it belongs to), else
 * Starter.
 */
function planAmong(
  ctx: RequestContext,
  running: ReadonlyArray<{ store_id: string; plan_code: string }>,
  store: { id: string; parent_store_id?: string | null | undefined },
): Plan {
  const row =
    running.find((r) => r.store_id === store.id) ??
    running.find((r) => store.parent_store_id != null && r.store_id === store.parent_store_id);
  return planFor(ctx.deps.config, row?.plan_code);
}

const upgradeHint = (plan: Plan) =>
  plan.code === 'FREEMIUM'
    ? ' Upgrade to GROWTH in Settings → Subscription for more.'
    : plan.code.startsWith('GRO')
      ? ' Contact sales for Enterprise.'
      : '';

const membersText = (plan: Plan) =>
  `The ${plan.name} plan allows ${plan.members} team member${plan.members === 1 ? '' : 's'} per store, the owner included.`;
const storesText = (plan: Plan) =>
  `The ${plan.name} plan allows ${plan.stores} store${plan.stores === 1 ? '' : 's'}, branches included.`;

/**
 * Installed as `deps.planLimits`, the check behind `claimPlanRoom` (lib/plan-limits.ts). It runs
 * in the transaction of the insert it guards: it locks the row the limit belongs to (the store
 * for members, the owner's account for stores), then counts, so concurrent requests take the
 * room one at a time (decision 0044). One more member or store past the limit is a 402 naming
 * the plan and the limit.
 */
export async function enforcePlanLimits(
  trx: Transaction<Database>,
  ctx: RequestContext,
  claim: PlanClaim,
): Promise<void> {
  await oneConnectionPerNode(trx);
  if (claim.resource === 'members') {
    const store = await lockStoreForPlan(trx, claim.storeId);
    if (!store) return;
    const plan = await storePlan(ctx, trx, store, todayIn(ctx.now, store.timezone));
    if (plan.members === null) return;
    if (claim.joining) {
      if ((await countActiveMembers(trx, store.id)) >= plan.members) {
        throw new AppError(
          'PLAN_LIMIT',
          `${membersText(plan)} This store's team is full: ask the store owner to upgrade the plan or remove a member, then open the invitation again.`,
        );
      }
      return;
    }
    if ((await countMembers(trx, store.id)) >= plan.members) {
      throw new AppError('PLAN_LIMIT', `${membersText(plan)}${upgradeHint(plan)}`);
    }
    return;
  }
  await lockOwnerForPlan(trx, claim.ownerId);
  const owned = await ownerStores(trx, claim.ownerId);
  // The first store is always allowed: a new account has no plan yet.
  if (owned.length === 0) return;
  const today = todayIn(ctx.now, ctx.access?.store.timezone ?? DEFAULT_TIMEZONE);
  const plan = bestPlanOf(ctx, await runningPlans(trx, owned.map(idOf), today));
  if (plan.stores !== null && owned.length >= plan.stores) {
    throw new AppError('PLAN_LIMIT', `${storesText(plan)}${upgradeHint(plan)}`);
  }
}

/** A store's plan today (see `planAmong`). */
async function storePlan(
  ctx: RequestContext,
  db: Db,
  store: { id: string; parent_store_id?: string | null | undefined },
  today: string,
): Promise<Plan> {
  const ids = store.parent_store_id ? [store.id, store.parent_store_id] : [store.id];
  return planAmong(ctx, await runningPlans(db, ids, today), store);
}

/** The plan a store is on today (see `storePlan`): metering asks it. */
export async function planOfStore(
  ctx: RequestContext,
  store: { id: string; timezone: string; parent_store_id?: string | null },
): Promise<Plan> {
  return storePlan(ctx, ctx.db, store, todayIn(ctx.now, store.timezone));
}

interface StandingStore {
  id: string;
  owner_user_id: string;
  parent_store_id: string | null;
  timezone: string;
}

/**
 * Whether a store, and a member in it, are within what the plan allows today (decision 0044):
 * the owner's stores past the count of the owner's best plan (by opening time), and a store's
 * members past its plan's count (the owner first, then by invitation time), are over.
 */
async function standingOf(
  ctx: RequestContext,
  store: StandingStore,
  membershipId: string | null,
  db: Db = ctx.db,
) {
  const today = todayIn(ctx.now, store.timezone);
  // The owner's stores first (a table on every node), then the plans of those stores and of
  // this one and its main store, read by their ids in one statement.
  const owned = await ownerStores(db, store.owner_user_id);
  const ownedIds = new Set(owned.map(idOf));
  const ids = new Set([...ownedIds, store.id, ...(store.parent_store_id ? [store.parent_store_id] : [])]);
  const running = await runningPlans(db, [...ids], today);
  const ownerPlan = bestPlanOf(
    ctx,
    running.filter((r) => ownedIds.has(r.store_id)),
  );
  const storesOver = ownerPlan.stores !== null && storeSeat(owned, store.id) > ownerPlan.stores;
  const plan = planAmong(ctx, running, store);
  const membersOver =
    plan.members !== null &&
    membershipId !== null &&
    (await memberSeat(db, store, membershipId)) > plan.members;
  return { ownerPlan, plan, storesOver, membersOver };
}

/** How long a store found within its plan is not asked again (per process; plans end at midnight). */
const STANDING_TTL_MS = 60_000;
const withinPlanUntil = new WeakMap<object, Map<string, number>>();

/**
 * Installed as `deps.planStanding`: run before a change in a store (not for reads). A store over
 * what its owner's plan allows is read-only for everyone, and a member past the store's plan is
 * read-only, until the merchant upgrades or removes some: a 402 saying so. Routes marked
 * `overPlan: 'allowed'` (paying, removing a member, the wallet's own money) skip it. A store
 * found within its plan is remembered for a minute, so a sale asks nothing more.
 */
export async function checkPlanStanding(ctx: StoreContext): Promise<void> {
  const store = ctx.access.store;
  if ((store as { sandbox_of?: string | null }).sandbox_of) return;
  let seen = withinPlanUntil.get(ctx.deps);
  if (!seen) withinPlanUntil.set(ctx.deps, (seen = new Map()));
  const key = `${store.id}:${ctx.access.membershipId ?? ''}`;
  const now = ctx.now.getTime();
  if ((seen.get(key) ?? 0) > now) return;
  const standing = await standingOf(ctx, store, ctx.access.membershipId);
  if (standing.storesOver) {
    throw new AppError(
      'PLAN_LIMIT',
      `This store is read-only: ${storesText(standing.ownerPlan)} This one was opened after them, so it can be looked at but not changed.${upgradeHint(standing.ownerPlan)}`,
    );
  }
  if (standing.membersOver) {
    throw new AppError(
      'PLAN_LIMIT',
      `You can look but not change anything in this store: ${membersText(standing.plan)} Ask the store owner to upgrade the plan or remove a member.`,
    );
  }
  if (seen.size > 10_000) seen.clear();
  seen.set(key, now + STANDING_TTL_MS);
}
