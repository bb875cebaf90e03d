import {
  SHIFT_TAKING_TYPES,
  type Shift,
  type ShiftSummary,
  type ShiftTakingType,
} from '@tillbook/contract/shifts';
import type { EntryGroup } from './shifts.repository.js';
import type { ShiftsTable } from './shifts.tables.js';

/**
 * A shift's figures from the sums of its entries (decision 0063). Pure: the property test checks
 * it against random sequences, and the till's "cash expected" and the Z-report are the same
 * numbers.
 */

type Takings = ShiftSummary['takings'];

export interface ShiftFigures {
  cash_sales: number;
  cash_payments: number;
  cash_refunds: number;
  pay_ins: number;
  pay_outs: number;
  expected_cash: number;
  takings: Takings;
  refunds_by_type: Takings;
  sales_count: number;
  sales_total: number;
  refunds_count: number;
  refunds_total: number;
  discounts: number;
}

/** Money by payment type, counting the entries that moved money. */
const byType = (groups: readonly EntryGroup[]): Takings => {
  const found = new Map<ShiftTakingType, { amount: number; count: number }>();
  for (const g of groups) {
    const t = found.get(g.payment_type) ?? { amount: 0, count: 0 };
    found.set(g.payment_type, { amount: t.amount + g.amount, count: t.count + g.paid_count });
  }
  return SHIFT_TAKING_TYPES.map((payment_type) => ({
    payment_type,
    ...(found.get(payment_type) ?? { amount: 0, count: 0 }),
  }));
};

export function shiftFigures(openingFloat: number, groups: readonly EntryGroup[]): ShiftFigures {
  const sum = (
    kind: EntryGroup['kind'],
    cashOnly: boolean,
    pick: (g: EntryGroup) => number = (g) => g.amount,
  ) =>
    groups
      .filter((g) => g.kind === kind && (!cashOnly || g.payment_type === 'cash'))
      .reduce((total, g) => total + pick(g), 0);
  const cash_sales = sum('sale', true);
  const cash_payments = sum('payment', true);
  const cash_refunds = sum('refund', true);
  const pay_ins = sum('pay_in', false);
  const pay_outs = sum('pay_out', false);
  // A sale with nothing paid yet is a sale, not a taking: only money received counts.
  const takings = byType(groups.filter((g) => g.kind === 'sale' || g.kind === 'payment'));
  return {
    cash_sales,
    cash_payments,
    cash_refunds,
    pay_ins,
    pay_outs,
    expected_cash: openingFloat + cash_sales + cash_payments + pay_ins - cash_refunds - pay_outs,
    takings,
    refunds_by_type: byType(groups.filter((g) => g.kind === 'refund')),
    sales_count: sum('sale', false, (g) => g.count),
    sales_total: sum('sale', false, (g) => g.sale_total),
    refunds_count: sum('refund', false, (g) => g.count),
    refunds_total: sum('refund', false),
    discounts: sum('sale', false, (g) => g.discount),
  };
}

/** A shift as the API answers it, with the cash it should hold now. */
export function toShift(row: ShiftsTable, expectedCash: number): Shift {
  const closed = row.status === 'closed';
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    member: { id: row.member_id, name: row.member_name },
    opening_float: row.opening_float,
    expected_cash: expectedCash,
    counted_cash: row.counted_cash,
    difference: closed && row.counted_cash !== null ? row.counted_cash - expectedCash : null,
    note: row.close_note ?? row.note,
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    closed_by: closed ? { id: row.closed_by_id, name: row.closed_by_name } : null,
  };
}
