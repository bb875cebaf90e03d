import type { ApiUsage } from '@tillbook/contract/developers';
import type { StoreContext } from '../../lib/context.js';
import { localDate } from '../../lib/local-dates.js';
import { planOfStore } from '../subscriptions/subscriptions.public.js';
import { developersRepository } from './developers.repository.js';

/** This month's calls (the store's calendar month) against the plan's allowance, day by day. */
export async function getUsage(ctx: StoreContext): Promise<ApiUsage> {
  const store = ctx.access.store;
  const today = localDate(ctx.now, store.timezone);
  const month = today.slice(0, 7);
  const repo = developersRepository(ctx.db, ctx.storeId);
  const [plan, counted, days] = await Promise.all([
    planOfStore(ctx, store),
    repo.monthUsage(month),
    repo.dayUsage(`${month}-01`, today),
  ]);
  const byDay = new Map<string, { live: number; sandbox: number }>();
  const last = Number(today.slice(8, 10));
  for (let d = 1; d <= last; d++)
    byDay.set(`${month}-${String(d).padStart(2, '0')}`, { live: 0, sandbox: 0 });
  let sandboxCalls = 0;
  for (const row of days) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.env === 'production') entry.live += row.calls;
    else {
      entry.sandbox += row.calls;
      sandboxCalls += row.calls;
    }
  }
  return {
    month,
    plan_name: plan.name,
    allowance: plan.live_api_calls,
    live_calls: counted?.live_calls ?? 0,
    sandbox_calls: sandboxCalls,
    days: [...byDay].map(([date, v]) => ({ date, ...v })),
  };
}
