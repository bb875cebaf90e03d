import { MESSAGES } from '@tillbook/contract/constants';
import type {
  CurrentSubscription,
  Plan,
  PlanCode,
  SubscribeAnswer,
  subscribeBody,
  SubscriptionRecord,
} from '@tillbook/contract/subscriptions';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { localDateText } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import { pageOf } from '../../lib/pagination.js';
import { assertPaymentConfirmed, payFromWallet } from '../wallet/wallet.public.js';
import { countMembers, countOwnedStores, lockStoreForPlan } from './plan-usage.queries.js';
import { ENTERPRISE_CONTACT, planFor, plans } from './plans.js';
import { subscriptionsRepository } from './subscriptions.repository.js';
import type { SubscriptionsTable } from './subscriptions.tables.js';

import { forgetPlanStandings, standingOf, todayIn } from './plan-limits.service.js';

type Db = Kysely<Database> | Transaction<Database>;

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
const activeSubscription = (db: Db, storeId: string, today: string) =>
  subscriptionsRepository(db, storeId).running(today);

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
  const { rows, total } = await subscriptionsRepository(ctx.db, ctx.storeId).page(q);
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
  return pageOf(items, total, q);
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
    await subscriptionsRepository(trx, ctx.storeId).add(row);
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
  forgetPlanStandings(ctx);
  return { answer: outcome.body, message: MESSAGES.subscribed };
}

const dateText = (date: string) => localDateText(`${date}T12:00:00Z`, 'UTC');

/**
 * The store's paid days from today on: the last paid day (null when no period runs today or
 * later), and a period paid ahead that has not started yet, if any.
 */
async function paidPeriods(db: Db, storeId: string, today: string) {
  const rows = await subscriptionsRepository(db, storeId).periodsFrom(today);
  return {
    lastDay: rows[0]?.end_date ?? null,
    ahead: rows.find((r) => r.start_date > today) ?? null,
  };
}

/**
 * A plan given, not paid: a year of `code` from the store's today, no money moved (the row names
 * no wallet transaction and its amount is nought). Only the demo seed gives one: its owner,
 * three staff and a branch would be over the free Starter plan ("Team: 4 of 1") and read-only
 * past it (decision 0044). No route calls it.
 */
export async function givePlanForAYear(
  db: Db,
  config: AppConfig,
  store: { id: string; timezone: string; currency: string },
  code: PlanCode,
  actorId: string,
  now: Date,
): Promise<void> {
  const plan = planFor(config, code);
  const start = todayIn(now, store.timezone);
  await subscriptionsRepository(db, store.id).add({
    id: newId(),
    store_id: store.id,
    plan_code: plan.code,
    plan_name: plan.name,
    amount: 0,
    currency: store.currency,
    start_date: start,
    // As a paid yearly period runs (subscribe, above).
    end_date: addMonths(start, 12),
    wallet_transaction_id: null,
    actor_id: actorId,
    created_at: now.toISOString(),
  });
}
