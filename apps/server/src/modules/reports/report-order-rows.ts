import type { OrderStatus } from '@tillbook/contract/orders';

/**
 * The rows reports' reads of the orders, payments and refunds tables answer with, and how the
 * database's rows are put together into them. Apart from report-orders.queries.ts because that is
 * reports' one named file of reads of those tables (decision 0025, the ownership allow-list): the
 * SQL stays there, and nothing here reads the database.
 */

export interface RecentOrderRow {
  id: string;
  number: string;
  created_at: string;
  customer_name: string | null;
  status: OrderStatus;
  payment_state: 'unpaid' | 'partially_paid' | 'paid';
  total: number;
  refunded_total: number;
  first_item: string | null;
  lines: number;
  units: number;
}

/** The newest orders with their lines: the first line's name, how many lines and how many units. */
export function withTheirLines(
  orders: Array<Omit<RecentOrderRow, 'first_item' | 'lines' | 'units'>>,
  lines: Array<{ order_id: string; line_no: number; name: string; quantity: number }>,
): RecentOrderRow[] {
  return orders.map((o) => {
    const mine = lines.filter((l) => l.order_id === o.id).sort((a, b) => a.line_no - b.line_no);
    return {
      ...o,
      total: o.total,
      first_item: mine[0]?.name ?? null,
      lines: mine.length,
      units: mine.reduce((s, l) => s + l.quantity, 0),
    };
  });
}

export interface TransactionFilter {
  kind: 'orders' | 'payments';
  /** Instants: `from` included, `to` not. */
  from: string;
  to: string;
  status?: OrderStatus | undefined;
}

export interface TransactionDbRow {
  id: string;
  date: string;
  number: string;
  order_id: string;
  order_number: string;
  customer_name: string | null;
  payment_type: string;
  amount: number;
  status: OrderStatus;
  /** With `paidApart`, an order's amount kept (received less refunded) and still owed. */
  paid?: number;
  unpaid?: number;
}

/** The totals line of the orders list, as the database adds it up (a sum of no rows is null). */
export function orderTotals(row: {
  count: number;
  amount: number | null;
  paid: number | null;
  unpaid: number | null;
}): { count: number; amount: number; paid: number; unpaid: number } {
  return {
    count: row.count,
    amount: row.amount ?? 0,
    paid: row.paid ?? 0,
    unpaid: row.unpaid ?? 0,
  };
}

/** Money by payment type: the amount and how many payments or refunds made it. */
type TypeTotal = { payment_type: string; amount: number; count: number };
/** A sum and a count as the database answers them (numbers on both engines: decision 0054). */
type Summed = { amount: number; count: number };

/** Payments by mode, the largest first. */
export function largestModeFirst(rows: Array<Summed & { payment_mode: string }>): TypeTotal[] {
  return rows
    .map((r) => ({ payment_type: r.payment_mode, amount: r.amount, count: r.count }))
    .sort((a, b) => b.amount - a.amount || a.payment_type.localeCompare(b.payment_type));
}

/** Payments with the sale under the order's payment type, later ones under their own mode. */
export function receivedByType(
  rows: Array<Summed & { source: string; payment_mode: string; payment_type: string }>,
): TypeTotal[] {
  return rows.map((row) => ({
    payment_type: row.source === 'order' ? row.payment_type : row.payment_mode,
    amount: row.amount,
    count: row.count,
  }));
}

/** Money paid back under the order's payment type. */
export function paidBackByType(rows: Array<Summed & { payment_type: string }>): TypeTotal[] {
  return rows.map((row) => ({
    payment_type: row.payment_type,
    amount: row.amount,
    count: row.count,
  }));
}

/** Instants: `from` included, `to` not. */
export interface InstantRange {
  from: string;
  to: string;
}

export interface CashierSalesRow {
  member_id: string | null;
  member_name: string | null;
  /** The latest sale under this name, to pick a member's current name. */
  last_at: string;
  orders: number;
  sales_total: number;
  refunds: number;
  discounts: number;
}

/** Who placed completed orders and what they came to, as the database adds them up. */
interface CreatorTotals {
  created_by_id: string | null;
  created_by_name: string | null;
  last_at: string;
  orders: number;
  sales_total: number;
  refunds: number;
  discounts: number;
}

/** Each creator's totals with the discounts of their orders' lines added to the code's. */
export function cashierRows(
  orders: CreatorTotals[],
  lines: Array<Pick<CreatorTotals, 'created_by_id' | 'created_by_name' | 'discounts'>>,
): CashierSalesRow[] {
  const key = (id: string | null, name: string | null) => `${id ?? ''}\u0000${name ?? ''}`;
  const lineDiscounts = new Map(lines.map((l) => [key(l.created_by_id, l.created_by_name), l.discounts]));
  return orders.map((o) => ({
    member_id: o.created_by_id,
    member_name: o.created_by_name,
    last_at: String(o.last_at),
    orders: o.orders,
    sales_total: o.sales_total,
    refunds: o.refunds,
    discounts: o.discounts + (lineDiscounts.get(key(o.created_by_id, o.created_by_name)) ?? 0),
  }));
}

/** Payments received by who recorded them. */
export interface RecorderRow {
  member_id: string | null;
  member_name: string | null;
  last_at: string;
  received: number;
}

/** Each recorder's sum and latest payment as the answer has them. */
export function recorderRows(
  rows: Array<{
    recorded_by_id: string | null;
    recorded_by_name: string | null;
    last_at: string;
    received: number;
  }>,
): RecorderRow[] {
  return rows.map((row) => ({
    member_id: row.recorded_by_id,
    member_name: row.recorded_by_name,
    last_at: String(row.last_at),
    received: row.received,
  }));
}

/** A variant's sales in a range (decision 0064): base units kept, revenue kept, cost. */
export interface VariantSalesRow {
  product_id: string;
  variant_id: string;
  variant_name: string | null;
  name: string;
  sku: string | null;
  units: number;
  revenue: number;
  cost: number;
}
