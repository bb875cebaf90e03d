import { WEBHOOK_RETRY_HOURS, type WebhookEvent } from '@tillbook/contract/webhooks';
import type { Order, OrderStatus } from '@tillbook/contract/orders';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrderFactScope, OrderFactSubscriber, StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import './webhooks.tables.js';

/**
 * What other modules may use of webhooks: raising events inside the transaction that makes the
 * change (an outbox, decision 0034). Webhooks sit at the bottom of the module order: this file
 * imports no module, and every module that raises events imports it. The order's events come
 * from `webhooksSubscriber` (below), on the app's list of the order's subscribers (decision
 * 0053): the orders module does not name webhooks.
 */

export interface WebhookEventInput {
  type: WebhookEvent;
  /** The event's object (an order, a product's stock, a payment, a transfer), sent as `data`. */
  data: unknown;
}

type Db = Kysely<Database> | Transaction<Database>;

const COLUMNS = ['store_id', 'event_id', 'event', 'payload', 'now', 'give_up_at'] as const;

/**
 * One delivery per enabled endpoint of the store subscribed to the event, made by one
 * `insert … select` over the events: no row when nobody listens, and no read before it. A
 * delivery's id is its event's UUIDv7 time prefix and random bits, so deliveries sort by time.
 * On PostgreSQL the endpoints are also filtered by the events' store ids as values (a `$n` may
 * be named twice there, a `?` may not): Citus routes by a value, not by a join to the events'
 * list, which it runs on every worker (decision 0049).
 */
function deliveriesText(values: string[][], postgres: boolean): string {
  const events = values
    .map((row) => `select ${row.map((v, i) => `cast(${v} as text) as ${COLUMNS[i]}`).join(', ')}`)
    .join(' union all ');
  const suffix = postgres ? `substr(md5(random()::text || e.id), 1, 12)` : `lower(hex(randomblob(6)))`;
  const stores = values.map((row) => row[0]).join(', ');
  return `insert into webhook_deliveries (id, store_id, endpoint_id, event_id, event, payload, status, attempts,
    next_attempt_at, claimed_until, give_up_at, delivered_at, created_at, updated_at)
  select substr(v.event_id, 1, 24) || ${suffix}, e.store_id, e.id, v.event_id, v.event, v.payload, 'pending', 0,
    v.now, null, v.give_up_at, null, v.now, v.now
  from (${events}) as v
  join webhook_endpoints e on e.store_id = v.store_id and e.enabled = 1
    and e.events like '%"' || v.event || '"%'${postgres ? ` and e.store_id in (${stores})` : ''}`;
}

function eventRows(storeId: string, now: Date, events: readonly WebhookEventInput[]) {
  const at = now.toISOString();
  const giveUpAt = new Date(now.getTime() + WEBHOOK_RETRY_HOURS * 3_600_000).toISOString();
  return events.map((event) => {
    const id = newId(now.getTime());
    return {
      store_id: storeId,
      event_id: id,
      event: event.type,
      // Text a batch's number stand-ins may sit in (an order's number): the flush puts them in.
      payload: JSON.stringify({ id, type: event.type, created_at: at, store_id: storeId, data: event.data }),
      now: at,
      give_up_at: giveUpAt,
    };
  });
}

/**
 * Adds the deliveries of events to a batch written at the end of the change's transaction (a
 * sale's rows): on PostgreSQL part of the batch's one statement; events added by several callers
 * to the same batch go in one `insert … select`. A store that had no enabled endpoint when the
 * request was read (known from the session's look-up, `StoreAccess.webhooks`) gets nothing added:
 * the sale's path then neither builds the payloads nor runs the statement (decision 0034).
 */
export function queueWebhookEvents(
  batch: InsertBatch,
  ctx: Pick<StoreContext, 'storeId' | 'now'> & { access?: StoreContext['access'] },
  events: readonly WebhookEventInput[],
): void {
  if (ctx.access?.webhooks === false) return;
  batch.addSelect(
    'webhook_deliveries',
    'webhook_deliveries',
    eventRows(ctx.storeId, ctx.now, events),
    deliveriesText,
  );
}

/** Writes the deliveries of events now, in the caller's transaction: one statement. */
export async function raiseWebhookEvents(
  db: Db,
  storeId: string,
  now: Date,
  events: readonly WebhookEventInput[],
): Promise<void> {
  if (!events.length) return;
  const batch = new InsertBatch();
  queueWebhookEvents(batch, { storeId, now }, events);
  await batch.flush(db);
}

/**
 * The webhook outbox as a subscriber to the order's facts (decision 0053): each fact becomes the
 * events decision 0034 names, added to the change's batch (one `insert … select` over the
 * store's endpoints, joined with the order's own rows). The events and their payloads are those
 * the order services raised themselves before.
 */

/**
 * A sale's events are skipped for a store that had no enabled endpoint when the request was read
 * (decision 0034, addendum); other changes are rarer and always write through the join.
 */
const sale = ({ ctx, batch }: OrderFactScope, events: WebhookEventInput[]) =>
  queueWebhookEvents(batch, ctx, events);
const change = ({ ctx, batch }: OrderFactScope, events: WebhookEventInput[]) =>
  queueWebhookEvents(batch, { storeId: ctx.storeId, now: ctx.now }, events);

const statusChanged = (order: Order, from: OrderStatus): WebhookEventInput => ({
  type: 'order.status_changed',
  data: { order, from, to: order.status },
});

export const webhooksSubscriber: OrderFactSubscriber = {
  name: 'webhooks',
  placed: ({ order }, scope) => sale(scope, [{ type: 'order.created', data: order }]),
  // A later payment (`source: 'payment'`) is written by the payments-received ledger, which
  // raises its `payment.received` itself; a sale's payment is written in the sale's batch.
  paid: ({ payment, order }, scope) => {
    // `order.paid` (decision 0065, the contract's catalogue): paid in full by this money, at the
    // till (with the sale's `payment.received`, in one batch), by a matched transfer or later.
    const paidInFull: WebhookEventInput[] =
      order.payment_state === 'paid'
        ? [
            {
              type: 'order.paid',
              data: {
                order_id: payment.order_id,
                order_number: payment.order_number,
                customer_id: payment.customer_id,
                payment,
              },
            },
          ]
        : [];
    if (payment.source === 'order') sale(scope, [{ type: 'payment.received', data: payment }, ...paidInFull]);
    else if (paidInFull.length) change(scope, paidInFull);
  },
  completed: ({ order, from }, scope) => change(scope, [statusChanged(order, from)]),
  cancelled: ({ order, from }, scope) => change(scope, [statusChanged(order, from)]),
  moved: ({ order, from }, scope) => change(scope, [statusChanged(order, from)]),
  refunded: ({ order, from, refund }, scope) => {
    const moved = order.status !== from ? [statusChanged(order, from)] : [];
    // As each route raised them: the refund route's refund first, the status route's move first.
    change(
      scope,
      refund
        ? [{ type: 'order.refunded', data: { order, refund } }, ...moved]
        : [...moved, { type: 'order.refunded', data: { order } }],
    );
  },
  account_paid: ({ payment }, scope) => change(scope, [{ type: 'customer.payment', data: payment }]),
};
