import type { AgeingBucket } from '@tillbook/contract/customer-accounts';
import { localDate } from '../../lib/local-dates.js';

/**
 * The ageing of what a customer owes (decision 0065), worked out in TypeScript over the customer's
 * entries, oldest first: everything that lowered the account (repayments, refunds, write-offs,
 * credit) pays the oldest debt first (FIFO), whenever it came; each debt (a `sale`, or credit
 * spent, `credit_used`) that is left unpaid is counted by the days from its date to today, both
 * in the store's time zone. The buckets then add up to the balance exactly.
 */

export type Ageing = Record<AgeingBucket, number>;

export interface AgeingResult {
  ageing: Ageing;
  /** When the oldest debt still (partly) unpaid was made; null when nothing is owed. */
  oldestUnpaidAt: string | null;
  /** When the customer last paid towards the account. */
  lastPaymentAt: string | null;
}

const DAY_MS = 86_400_000;

export const bucketOf = (days: number): AgeingBucket =>
  days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90_plus';

/** Whole days between two local dates (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export function ageEntries(
  entries: ReadonlyArray<{ kind: string; amount: number; created_at: string }>,
  now: Date,
  timeZone: string,
): AgeingResult {
  const ageing: Ageing = { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
  let paid = 0;
  let lastPaymentAt: string | null = null;
  for (const e of entries) {
    if (e.amount < 0) paid -= e.amount;
    if (e.kind === 'repayment' && (!lastPaymentAt || e.created_at > lastPaymentAt))
      lastPaymentAt = e.created_at;
  }
  const today = localDate(now, timeZone);
  let oldestUnpaidAt: string | null = null;
  // Debts oldest first take what was paid until it runs out; what is left of each is owed.
  for (const e of entries) {
    if (e.amount <= 0) continue;
    const settled = Math.min(paid, e.amount);
    paid -= settled;
    const left = e.amount - settled;
    if (left <= 0) continue;
    oldestUnpaidAt ??= e.created_at;
    ageing[bucketOf(daysBetween(localDate(e.created_at, timeZone), today))] += left;
  }
  return { ageing, oldestUnpaidAt, lastPaymentAt };
}
