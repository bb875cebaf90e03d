import type { webhookDeliveriesQuery, WebhookDelivery, WebhookEndpoint } from '@tillbook/contract/webhooks';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.tables.js';

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
  };
}

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
