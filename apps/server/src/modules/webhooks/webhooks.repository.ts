import type { webhookDeliveriesQuery, WebhookDelivery, WebhookEndpoint } from '@tillbook/contract/webhooks';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from './webhooks.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export const toEndpoint = (row: WebhookEndpointsTable): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as WebhookEndpoint['events'],
  enabled: row.enabled === 1,
  secret_hint: row.secret_hint,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Webhook endpoints, deliveries and attempts of one store. */
export function webhooksRepository(db: Db, storeId: string) {
  return {
    endpoints: (): Promise<WebhookEndpointsTable[]> =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('store_id', '=', storeId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    endpoint: (id: string): Promise<WebhookEndpointsTable | undefined> =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async countEndpoints(): Promise<number> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    delivery: (id: string): Promise<WebhookDeliveriesTable | undefined> =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A page of deliveries, newest first, each with its attempts (one read for the page's). */
    async deliveries(q: z.output<typeof webhookDeliveriesQuery>): Promise<Page<WebhookDelivery>> {
      let base = db.selectFrom('webhook_deliveries as d').where('d.store_id', '=', storeId);
      if (q.endpointId) base = base.where('d.endpoint_id', '=', q.endpointId);
      if (q.status) base = base.where('d.status', '=', q.status);
      if (q.event) base = base.where('d.event', '=', q.event);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('webhook_endpoints as e', (join) =>
            join.onRef('e.store_id', '=', 'd.store_id').onRef('e.id', '=', 'd.endpoint_id'),
          )
          .selectAll('d')
          .select('e.url as endpoint_url')
          .orderBy('d.created_at', 'desc')
          .orderBy('d.id', 'desc')
          .limit(q.perPage)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const attempts = rows.length
        ? await db
            .selectFrom('webhook_attempts')
            .selectAll()
            .where('store_id', '=', storeId)
            .where(
              'delivery_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('attempted_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        : [];
      const items = rows.map((r) => toDelivery(r, r.endpoint_url, attempts));
      return pageOf(items, count.n, q);
    },

    async deliveryAnswer(id: string): Promise<WebhookDelivery | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', (join) =>
          join.onRef('e.store_id', '=', 'd.store_id').onRef('e.id', '=', 'd.endpoint_id'),
        )
        .selectAll('d')
        .select('e.url as endpoint_url')
        .where('d.store_id', '=', storeId)
        .where('d.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const attempts = await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('delivery_id', '=', id)
        .orderBy('attempted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return toDelivery(row, row.endpoint_url, attempts);
    },

    addEndpoint: async (row: WebhookEndpointsTable) => {
      await db.insertInto('webhook_endpoints').values(row).execute();
    },

    changeEndpoint: async (id: string, patch: Partial<WebhookEndpointsTable>) => {
      await db
        .updateTable('webhook_endpoints')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * An endpoint with its deliveries and their attempts. Attempts and deliveries first: the
     * cascade is declared, but an explicit delete keeps both engines' behaviour the same whatever
     * their foreign-key settings.
     */
    async deleteEndpoint(id: string): Promise<void> {
      const deliveries = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('store_id', '=', storeId)
        .where('endpoint_id', '=', id);
      await db
        .deleteFrom('webhook_attempts')
        .where('store_id', '=', storeId)
        .where('delivery_id', 'in', deliveries)
        .execute();
      await db
        .deleteFrom('webhook_deliveries')
        .where('store_id', '=', storeId)
        .where('endpoint_id', '=', id)
        .execute();
      await db.deleteFrom('webhook_endpoints').where('store_id', '=', storeId).where('id', '=', id).execute();
    },

    changeDelivery: async (id: string, patch: Partial<WebhookDeliveriesTable>) => {
      await db
        .updateTable('webhook_deliveries')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    /** What the worker needs of a delivery's endpoint to send it. */
    endpointForSending: (id: string) =>
      db
        .selectFrom('webhook_endpoints')
        .select(['url', 'secret_sealed', 'enabled'])
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    addAttempt: async (row: Omit<WebhookAttemptsTable, 'store_id'>) => {
      await db
        .insertInto('webhook_attempts')
        .values({ ...row, store_id: storeId })
        .execute();
    },

    /** Records a send's outcome, only while the sender's claim holds: "send again" meanwhile made it due anew. */
    finishDelivery: async (
      delivery: Pick<WebhookDeliveriesTable, 'id' | 'claimed_until'>,
      patch: Partial<WebhookDeliveriesTable>,
    ) => {
      await db
        .updateTable('webhook_deliveries')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', delivery.id)
        .where('claimed_until', '=', delivery.claimed_until)
        .execute();
    },

    /** Claims a due delivery until `claimedUntil` unless another worker holds it: the row, or none. */
    claimDueDelivery: (id: string, now: string, claimedUntil: string) =>
      db
        .updateTable('webhook_deliveries')
        .set({ claimed_until: claimedUntil })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst(),
  };
}

/**
 * The worker's round is over every store's due deliveries (decision 0049): read across stores,
 * the oldest due first; each is then claimed and sent in its own store.
 */
export const dueDeliveries = (db: Db, now: string, limit: number) =>
  acrossStores(
    db
      .selectFrom('webhook_deliveries')
      .select(['store_id', 'id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit),
  ).execute();

function toDelivery(
  row: WebhookDeliveriesTable,
  url: string,
  attempts: ReadonlyArray<{
    id: string;
    delivery_id: string;
    attempted_at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
  }>,
): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    endpoint_url: url,
    event_id: row.event_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    payload: row.payload,
    attempt_log: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        id: a.id,
        attempted_at: a.attempted_at,
        status_code: a.status_code,
        error: a.error,
        duration_ms: a.duration_ms,
      })),
  };
}
