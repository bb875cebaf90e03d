import { DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import type { Plan } from '@tillbook/contract/subscriptions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import type { PlanClaim } from '../../lib/plan-limits.js';
import {
  activeMembers,
  countActiveMembers,
  countMembers,
  lockOwnerForPlan,
  lockStoreForPlan,
  oneConnectionPerNode,
  ownerStores,
  runningPlans,
} from './plan-usage.queries.js';
import { planFor } from './plans.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Today in the store's time zone, YYYY-MM-DD. */
export const todayIn = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** Oldest first by the time each was made, the id breaking ties: the order of a plan's seats. */
const byCreation = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1;

/**
 * Where a member stands in a store's team: 1 for the owner, then the other active members by
 * the time they were invited. A plan of N members keeps the first N (decision 0044).
 */
export async function memberSeat(
  db: Db,
  store: { id: string; owner_user_id: string },
  membershipId: string,
): Promise<number> {
  const rows = await activeMembers(db, store.id);
  const others = rows.filter((r) => r.user_id !== store.owner_user_id).sort(byCreation);
  const mine = rows.find((r) => r.id === membershipId);
  if (!mine || mine.user_id === store.owner_user_id) return 1;
  return 2 + others.findIndex((r) => r.id === membershipId);
}

/**
 * Where a store stands among its owner's stores and branches (`ownerStores`), by the time each
 * was opened: a plan of N stores keeps the first N (decision 0044).
 */
export function storeSeat(owned: ReadonlyArray<{ id: string; created_at: string }>, storeId: string): number {
  return 1 + [...owned].sort(byCreation).findIndex((r) => r.id === storeId);
}

/**
 * A plan's limits (decision 0044): the room a new member or store takes, which plan a store is on
 * today, and whether a store within its plan may go on (metering).
 */

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
export async function standingOf(
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

/** Forgets what this process remembers of stores within their plans (after a plan is paid for). */
export function forgetPlanStandings(ctx: RequestContext): void {
  withinPlanUntil.delete(ctx.deps);
}
