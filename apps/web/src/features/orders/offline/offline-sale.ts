import type { Order, OrderQuote } from '@tillbook/contract/orders';
import type { TillSettings } from '@tillbook/contract/till';
import type { CreateOrderBody } from '../api/create-order';
import {
  catalogueMeta,
  nextOfflineNumber,
  queueSale,
  salesOf,
  type QueuedSale,
} from '../../../lib/till-store';
import { NO_COPY_MESSAGE } from './local-quote';

const HOUR_MS = 3_600_000;

/** Why the till may not take another sale offline (the store's limits), or null. */
export async function offlineLimitReached(storeId: string, now = Date.now()): Promise<string | null> {
  const meta = await catalogueMeta(storeId);
  if (!meta) return NO_COPY_MESSAGE;
  const unsent = (await salesOf(storeId)).filter((s) => s.state !== 'sent');
  return offlineLimit({ settings: meta.settings, syncedAt: meta.syncedAt, unsent, now });
}

/**
 * The store's limits on selling offline (decision 0036; defaults 24 hours and 200 sales, spec
 * section 9): how many sales may wait, how long the oldest may wait, how old the prices may be.
 */
export function offlineLimit(input: {
  settings: Pick<TillSettings, 'offline_max_hours' | 'offline_max_sales'>;
  syncedAt: string;
  unsent: ReadonlyArray<Pick<QueuedSale, 'soldAt'>>;
  now: number;
}): string | null {
  const { offline_max_sales: maxSales, offline_max_hours: maxHours } = input.settings;
  const hours = maxHours === 1 ? '1 hour' : `${maxHours} hours`;
  if (input.unsent.length >= maxSales) {
    return `${input.unsent.length} sales are waiting on this till, the most the store allows. Connect to the internet to send them before selling more offline.`;
  }
  const oldest = input.unsent[0];
  if (oldest && input.now - new Date(oldest.soldAt).getTime() > maxHours * HOUR_MS) {
    return `A sale has waited on this till for more than ${hours}, the longest the store allows. Connect to the internet to send it before selling more offline.`;
  }
  if (input.now - new Date(input.syncedAt).getTime() > maxHours * HOUR_MS) {
    return `This till's prices are more than ${hours} old. Connect to the internet to bring them up to date before selling offline.`;
  }
  return null;
}

interface OfflineSaleInput {
  storeId: string;
  key: string;
  body: CreateOrderBody;
  quote: OrderQuote;
  customer: Order['customer'];
  cashier: { id: string; name: string | null };
}

/**
 * Records a sale made with no network (decision 0036): numbered by the device, priced by the
 * same code as the server, and queued in IndexedDB with its Idempotency-Key. The answer is the
 * receipt to show: the sale as an order marked offline and pending.
 */
export async function recordOfflineSale(input: OfflineSaleInput): Promise<QueuedSale> {
  const meta = await catalogueMeta(input.storeId);
  if (!meta) throw new Error(NO_COPY_MESSAGE);
  const number = await nextOfflineNumber();
  const soldAt = new Date().toISOString();
  const { quote } = input;
  const offered = input.body.amount_received ?? quote.total;
  const received = Math.min(offered, quote.total);
  const body = {
    ...input.body,
    offline: {
      number,
      sold_at: soldAt,
      catalogue_at: meta.syncedAt,
      unit_prices: quote.items.map((i) => i.unit_price),
      total: quote.total,
    },
  };
  const receipt: Order = {
    id: input.key,
    number,
    status: 'pending',
    payment_state: received >= quote.total ? 'paid' : received > 0 ? 'partially_paid' : 'unpaid',
    channel: 'pos',
    payment_type: input.body.payment_type,
    customer_id: input.customer?.id ?? null,
    customer: input.customer,
    items: quote.items.map((i, n) => ({ ...i, id: `${input.key}-${n}`, quantity_refunded: 0 })),
    items_count: quote.items_count,
    subtotal: quote.subtotal,
    discount: quote.discount,
    discount_id: null,
    discount_code: quote.discount_code,
    tax: quote.tax,
    taxes: quote.taxes,
    tax_inclusive: quote.tax_inclusive,
    shipping: quote.shipping,
    shipping_id: input.body.shipping_id ?? null,
    shipping_name: quote.shipping_name,
    total: quote.total,
    amount_received: received,
    amount_outstanding: quote.total - received,
    change_due: input.body.payment_type === 'cash' ? Math.max(0, offered - quote.total) : 0,
    refunded_total: 0,
    amount_refunded: 0,
    currency: quote.currency,
    notes: input.body.notes ?? null,
    created_by: input.cashier,
    invoice_number: null,
    created_at: soldAt,
    updated_at: soldAt,
    completed_at: null,
    cancelled_at: null,
    refunded_at: null,
    offline_number: number,
    offline_sold_at: soldAt,
    offline_state: null,
    offline_issues: [],
  };
  return queueSale({
    key: input.key,
    storeId: input.storeId,
    offlineNumber: number,
    soldAt,
    body,
    receipt,
    quote,
    state: 'queued',
    attempts: 0,
    error: null,
    orderId: null,
    orderNumber: null,
    offlineState: null,
    issues: [],
    sentAt: null,
  });
}
