import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { acrossStores } from '../../db/store-key-check.js';
import type { Database } from '../../db/schema.js';
import { runEverySeconds } from '../../lib/background-rounds.js';
import type { Deps, RequestContext } from '../../lib/context.js';
import { requeryDeposits } from '../wallet/wallet.public.js';

/**
 * The requery round (decision 0065): a webhook lost in transit must still pay the sale waiting
 * for it. Every `TRANSFER_REQUERY_SECONDS`, for each store with a sale waiting for a transfer
 * (placed in the last day), the provider is asked for the deposits into the store's account since
 * the oldest such sale, and each goes through the webhook's path: credited once per provider
 * reference, hence matched once.
 */

/** How far back a sale still waiting is looked after: an older one is the "match it" queue's. */
const LOOK_BACK_MS = 24 * 3_600_000;
/** Deposits a little older than the sale are asked for too (the provider's and our clocks differ). */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The stores with sales waiting for a transfer, with the oldest one's time (every store, decision 0049). */
const storesWaiting = (db: Kysely<Database>, after: string) =>
  acrossStores(
    db
      .selectFrom('till_transfers')
      .select(['store_id', sql<string>`min(created_at)`.as('oldest')])
      .where('state', '=', 'awaiting')
      .where('created_at', '>', after)
      .groupBy('store_id'),
  ).execute();

/** One round; answers how many deposits it credited (each matched as the webhook's would be). */
export async function requeryTillTransfers(ctx: RequestContext): Promise<number> {
  const now = ctx.now.getTime();
  let credited = 0;
  for (const store of await storesWaiting(ctx.db, new Date(now - LOOK_BACK_MS).toISOString())) {
    const since = new Date(Date.parse(store.oldest) - CLOCK_SLACK_MS);
    try {
      credited += await requeryDeposits(ctx, store.store_id, since);
    } catch (error) {
      // One store's provider trouble leaves the others' rounds alone; the next round tries again.
      ctx.deps.log.warn({ err: error, storeId: store.store_id }, 'deposit requery failed');
    }
  }
  return credited;
}

export function startTillTransferRequery(app: FastifyInstance, db: Kysely<Database>, deps: Deps): void {
  runEverySeconds(app, deps.config.TRANSFER_REQUERY_SECONDS, 'till transfer requery', () =>
    requeryTillTransfers({
      db,
      deps,
      requestId: 'till-transfer-requery',
      ip: null,
      userAgent: null,
      now: deps.clock.now(),
      actor: { type: 'system', id: null, name: 'Transfer requery' },
      user: null,
      sessionId: null,
      access: null,
    }),
  );
}
