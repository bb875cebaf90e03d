import type { Order } from '@tillbook/contract/orders';
import type { OfflineOutboxSale } from '../../../lib/till-db';
import { nextOfflineNumber } from './device-numbers';
import { NOT_ANSWERED } from './outbox-store';
import type { SaleInput } from './sale';

/**
 * The sale as made with no network (decision 0036): numbered by the device (`OFF-<device>-<n>`),
 * at the prices the till showed, with the `offline` part the server checks it by, and a receipt
 * marked offline, pending. `catalogueAt`: the server's time of the copy's last update.
 */
export async function asOfflineSale(
  input: SaleInput,
  catalogueAt: string,
): Promise<Omit<OfflineOutboxSale, 'seq'>> {
  const number = await nextOfflineNumber();
  const soldAt = new Date().toISOString();
  const { quote, key } = input;
  const offered = input.body.amount_received ?? quote.total;
  const received = Math.min(offered, quote.total);
  const receipt: Order = {
    id: key,
    number,
    status: 'pending',
    payment_state: received >= quote.total ? 'paid' : received > 0 ? 'partially_paid' : 'unpaid',
    channel: 'pos',
    payment_type: input.body.payment_type,
    customer_id: input.customer?.id ?? null,
    customer: input.customer,
    // The quote prices the body's lines in their order; the variant and pack come from the line.
    items: quote.items.map((i, n) => ({
      ...i,
      id: `${key}-${n}`,
      variant_id: input.body.items[n]?.variant_id ?? i.product_id,
      variant_name: input.lines[n]?.variant_name || null,
      pack: input.body.items[n]?.pack ?? null,
      pack_factor: input.lines[n]?.pack_factor ?? 1,
      quantity_refunded: 0,
    })),
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
    paid_with: input.body.payment_type === 'credit' ? (input.body.paid_with ?? 'cash') : null,
    amount_written_off: 0,
    transfer: null,
  };
  return {
    mode: 'offline',
    key,
    storeId: input.storeId,
    offlineNumber: number,
    soldAt,
    body: {
      ...input.body,
      offline: {
        number,
        sold_at: soldAt,
        catalogue_at: catalogueAt,
        unit_prices: quote.items.map((i) => i.unit_price),
        total: quote.total,
      },
    },
    receipt,
    quote,
    state: 'queued',
    sendingSince: null,
    attempts: 0,
    ...NOT_ANSWERED,
  };
}
