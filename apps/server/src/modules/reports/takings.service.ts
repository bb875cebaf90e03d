import type {
  CashierSales,
  PaymentTypeTakings,
  reportRangeQuery,
  SalesByCashier,
  TakingsByPaymentType,
} from '@tillbook/contract/reports';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { instantsOf } from './dashboard.service.js';
import { divideRounded } from './figures.js';
import {
  paidBackByPaymentType,
  receivedByPaymentType,
  receivedByRecorder,
  salesByCreator,
} from './report-orders.queries.js';
import { reportRange } from './reports.service.js';

/**
 * Takings by payment type and sales by cashier (issue 32, decision 0062). Both read the orders,
 * payments and refunds of the range by their `(store_id, date)` indexes, not the kept figures:
 * the kept figures know nothing of payments or of who sold (decision 0031).
 */

type Range = z.output<typeof reportRangeQuery>;

/**
 * Money received and paid back over a range, by payment type, each dated by the store-local day
 * the money moved: payments by their `payment_date`, refunds and cancellations by when they were
 * made. Every type with a figure, the largest received first.
 */
export async function takingsByPaymentType(ctx: StoreContext, q: Range): Promise<TakingsByPaymentType> {
  const { from, to } = reportRange(ctx, q);
  const { start, end } = instantsOf(ctx, from, to);
  const range = { from: start, to: end };
  const [received, paidBack] = await Promise.all([
    receivedByPaymentType(ctx.db, ctx.storeId, range),
    paidBackByPaymentType(ctx.db, ctx.storeId, range),
  ]);
  const byType = new Map<string, PaymentTypeTakings>();
  const rowOf = (type: string) => {
    let row = byType.get(type);
    if (!row) {
      row = { payment_type: type, received: 0, received_count: 0, paid_back: 0, paid_back_count: 0, net: 0 };
      byType.set(type, row);
    }
    return row;
  };
  for (const r of received) {
    const row = rowOf(r.payment_type);
    row.received += r.amount;
    row.received_count += r.count;
  }
  for (const r of paidBack) {
    const row = rowOf(r.payment_type);
    row.paid_back += r.amount;
    row.paid_back_count += r.count;
  }
  const total = { received: 0, received_count: 0, paid_back: 0, paid_back_count: 0, net: 0 };
  const rows = [...byType.values()];
  for (const row of rows) {
    row.net = row.received - row.paid_back;
    total.received += row.received;
    total.received_count += row.received_count;
    total.paid_back += row.paid_back;
    total.paid_back_count += row.paid_back_count;
  }
  total.net = total.received - total.paid_back;
  rows.sort(
    (a, b) =>
      b.received - a.received || b.paid_back - a.paid_back || a.payment_type.localeCompare(b.payment_type),
  );
  return { from, to, currency: ctx.access.store.currency, rows, total };
}

/**
 * Per member (or API key) who sold or took money in the range: their sales (completed orders
 * placed in the range) with totals, discounts and the value refunded since, and the payments they
 * recorded dated in the range. The name is the one on their latest sale or payment.
 */
export async function salesByCashier(ctx: StoreContext, q: Range): Promise<SalesByCashier> {
  const { from, to } = reportRange(ctx, q);
  const { start, end } = instantsOf(ctx, from, to);
  const range = { from: start, to: end };
  const [sales, payments] = await Promise.all([
    salesByCreator(ctx.db, ctx.storeId, range),
    receivedByRecorder(ctx.db, ctx.storeId, range),
  ]);
  const byMember = new Map<string | null, CashierSales & { last_at: string }>();
  const rowOf = (id: string | null, name: string | null, at: string) => {
    let row = byMember.get(id);
    if (!row) {
      row = {
        member_id: id,
        member_name: '',
        orders: 0,
        sales_total: 0,
        received: 0,
        refunds: 0,
        discounts: 0,
        average_sale: 0,
        last_at: '',
      };
      byMember.set(id, row);
    }
    if (at >= row.last_at) {
      row.last_at = at;
      row.member_name = name ?? (id === null ? 'System' : 'Unnamed');
    }
    return row;
  };
  for (const s of sales) {
    const row = rowOf(s.member_id, s.member_name, s.last_at);
    row.orders += s.orders;
    row.sales_total += s.sales_total;
    row.refunds += s.refunds;
    row.discounts += s.discounts;
  }
  for (const p of payments) rowOf(p.member_id, p.member_name, p.last_at).received += p.received;

  const total = { orders: 0, sales_total: 0, received: 0, refunds: 0, discounts: 0, average_sale: 0 };
  const rows: CashierSales[] = [...byMember.values()].map(({ last_at: _last, ...row }) => {
    row.average_sale = divideRounded(row.sales_total, row.orders);
    total.orders += row.orders;
    total.sales_total += row.sales_total;
    total.received += row.received;
    total.refunds += row.refunds;
    total.discounts += row.discounts;
    return row;
  });
  total.average_sale = divideRounded(total.sales_total, total.orders);
  rows.sort(
    (a, b) =>
      b.sales_total - a.sales_total || b.received - a.received || a.member_name.localeCompare(b.member_name),
  );
  return { from, to, currency: ctx.access.store.currency, rows, total };
}
