import type { PaymentMode } from '@tillbook/contract/payments-received';
import type { ShiftTakingType } from '@tillbook/contract/shifts';
import { conflict } from '../../lib/app-error.js';
import type { OrderFactScope, OrderFactSubscriber } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { OrderCancelled, OrderRefunded } from '../../lib/order-facts.js';
import { shiftsRepository } from './shifts.repository.js';
import type { ShiftEntriesTable, ShiftEntryKind } from './shifts.tables.js';

/**
 * The shift as a subscriber to the order's facts (decision 0053): every sale, later payment,
 * refund and cancellation with money paid back becomes an entry of the shift it was made in, in
 * the order's own transaction, so the drawer's figures never miss a sale nor count one twice
 * (a repeated request is replayed by its Idempotency-Key and publishes nothing). The orders module
 * does not know shifts exist.
 */

/** A later payment's mode as a taking: `cheque` has no till payment type and counts as `other`. */
const TAKING_OF_MODE: Record<PaymentMode, ShiftTakingType> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank_transfer',
  wallet: 'wallet',
  cheque: 'other',
  other: 'other',
};

type Entry = Pick<ShiftEntriesTable, 'payment_type' | 'amount'> &
  Partial<
    Pick<
      ShiftEntriesTable,
      'sale_total' | 'discount' | 'order_id' | 'order_number' | 'reference_id' | 'reason'
    >
  >;

/**
 * The shift a change by the caller belongs to (the one the till named, else the caller's open
 * one), held until the change commits; with none, whether the store asks for one at the till.
 */
async function shiftOf(
  { trx, ctx }: OrderFactScope,
  named: string | null,
  memberId: string | null = ctx.actor.id,
): Promise<{ shiftId: string | null; required: boolean }> {
  // Changes by the system (the seed, a reconciler) belong to no one's drawer, but for money it
  // records for a cashier (a transfer matched to their sale, decision 0065).
  if (memberId === null) return { shiftId: null, required: false };
  const repo = shiftsRepository(trx, ctx.storeId);
  const found = await repo.findForSale(memberId, named);
  if (found.shiftId && !(await repo.hold(found.shiftId, found.shiftId === named))) {
    // Closed between the two statements: the change belongs to no shift.
    return { shiftId: null, required: found.required };
  }
  return found;
}

function add(scope: OrderFactScope, shiftId: string, kind: ShiftEntryKind, entry: Entry): void {
  const { ctx } = scope;
  scope.batch.add('shift_entries', [
    {
      store_id: ctx.storeId,
      id: newId(),
      shift_id: shiftId,
      kind,
      sale_total: 0,
      discount: 0,
      order_id: null,
      order_number: null,
      reference_id: null,
      reason: null,
      ...entry,
      created_by_id: ctx.actor.id,
      created_by_name: ctx.actor.name,
      created_at: ctx.now.toISOString(),
    },
  ]);
}

/** Money a refund or a cancellation paid back: an entry of the drawer of whoever paid it. */
async function paidBack(
  scope: OrderFactScope,
  fact: OrderRefunded | OrderCancelled,
  detail: Pick<Entry, 'reference_id' | 'reason'>,
): Promise<void> {
  // Money put back on the customer's account leaves no drawer (decision 0065).
  if (fact.paid_back <= 0 || fact.method === 'credit') return;
  const { shiftId } = await shiftOf(scope, null);
  if (!shiftId) return;
  add(scope, shiftId, 'refund', {
    payment_type: fact.method as Exclude<typeof fact.method, 'credit'>,
    amount: fact.paid_back,
    order_id: fact.order.id,
    order_number: fact.order.number,
    ...detail,
  });
}

export const shiftsSubscriber: OrderFactSubscriber = {
  name: 'shifts',
  async placed(fact, scope) {
    const { order } = fact;
    const { shiftId, required } = await shiftOf(scope, fact.shiftId);
    if (!shiftId) {
      // A till sale needs an open shift when the store says so; one made offline is never refused
      // (the customer has paid and gone).
      if (required && order.channel === 'pos' && !order.offline_number) {
        throw conflict(
          'Open a shift before selling at the till: this store asks each cashier to count their float first.',
        );
      }
      return;
    }
    const discounts = order.discount + fact.lines.reduce((total, l) => total + l.discount, 0);
    add(scope, shiftId, 'sale', {
      // A sale on credit: what was paid at the till was paid with `paid_with` (decision 0065).
      payment_type:
        order.payment_type === 'credit'
          ? ((order.paid_with ?? 'cash') as Exclude<typeof order.payment_type, 'credit'>)
          : order.payment_type,
      // Credit the customer held, spent on the sale, was not handed over at the till.
      amount: order.amount_received - (fact.credit?.used ?? 0),
      sale_total: order.total,
      discount: discounts,
      order_id: order.id,
      order_number: order.number,
    });
  },
  async paid(fact, scope) {
    // A sale's own payment is counted with the sale.
    if (fact.payment.source !== 'payment') return;
    const { shiftId } = await shiftOf(scope, null, fact.cashier_id ?? scope.ctx.actor.id);
    if (!shiftId) return;
    add(scope, shiftId, 'payment', {
      payment_type: TAKING_OF_MODE[fact.payment.payment_mode],
      amount: fact.payment.amount,
      order_id: fact.payment.order_id,
      order_number: fact.payment.order_number,
      reference_id: fact.payment.id,
    });
  },
  refunded: (fact, scope) =>
    paidBack(scope, fact, { reference_id: fact.refund?.id ?? null, reason: fact.refund?.reason ?? null }),
  cancelled: (fact, scope) => paidBack(scope, fact, { reason: 'Order cancelled' }),
};
