import { unprocessable } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { OrderFactScope, OrderFactSubscriber } from '../../lib/context.js';
import { formatMoney } from '../../lib/money-text.js';
import type { OrderCancelled, OrderRefunded } from '../../lib/order-facts.js';
import { accountEntryRow } from './customer-credit.js';

/**
 * The customers' accounts as a subscriber to the order's facts (decision 0065): every sale on
 * credit, later payment of an order on account, refund and cancellation becomes an entry of the
 * customer's account, in the order's own transaction and batch. So money recorded on an order by
 * any route lowers the account exactly once, and the orders module names no account.
 */

type Entry = Parameters<typeof accountEntryRow>[1];

const add = ({ ctx, batch }: OrderFactScope, entries: Entry[]) => {
  if (entries.length)
    batch.add(
      'customer_account_entries',
      entries.map((e) => accountEntryRow(ctx, e)),
    );
};

/**
 * A refund or cancellation: the debt it took away from an order on account (what was owed
 * before less what is owed after, never the money paid back), and money paid back with method
 * `credit`, which goes onto the customer's account as credit held for them.
 */
function moneyBack(scope: OrderFactScope, fact: OrderRefunded | OrderCancelled, note: string | null): void {
  const { order } = fact;
  const entries: Entry[] = [];
  const ref = { id: order.id, number: order.number };
  const debt = fact.outstanding_before - order.amount_outstanding;
  if (order.payment_type === 'credit' && order.customer_id && debt > 0) {
    entries.push({ customerId: order.customer_id, kind: 'refund', amount: -debt, order: ref, note });
  }
  if (fact.method === 'credit' && fact.paid_back > 0) {
    if (!order.customer_id) {
      throw unprocessable(
        `Order ${order.number} has no customer, so money cannot go back onto an account. Pay it back another way.`,
        { method: 'Choose how the money is paid back' },
      );
    }
    entries.push({
      customerId: order.customer_id,
      kind: 'credit',
      amount: -fact.paid_back,
      order: ref,
      method: 'refund',
      note,
    });
  }
  add(scope, entries);
}

export const accountsSubscriber: OrderFactSubscriber = {
  name: 'customer-accounts',
  placed(fact, scope) {
    const { order, credit } = fact;
    if (!credit || !order.customer_id) return;
    const ref = { id: order.id, number: order.number };
    const entries: Entry[] = [];
    if (credit.used > 0) {
      entries.push({
        customerId: order.customer_id,
        kind: 'credit_used',
        amount: credit.used,
        order: ref,
        method: 'account credit',
      });
    }
    if (order.amount_outstanding > 0) {
      entries.push({
        customerId: order.customer_id,
        kind: 'sale',
        amount: order.amount_outstanding,
        order: ref,
      });
    }
    add(scope, entries);
    if (credit.overLimit && credit.approvedBy) {
      const { ctx } = scope;
      scope.batch.add('audits', [
        auditRow(ctx, {
          action: 'customer.credit_override',
          entity: 'customer',
          entityId: order.customer_id,
          summary: `${credit.approvedBy.name} approved order ${order.number} on credit past ${order.customer?.name ?? 'the customer'}'s limit: ${formatMoney(order.amount_outstanding, ctx.access.store.currency)} on account`,
          after: {
            order_id: order.id,
            order_number: order.number,
            on_account: order.amount_outstanding,
            approved_by_id: credit.approvedBy.id,
            approved_by_name: credit.approvedBy.name,
          },
        }),
      ]);
    }
  },
  paid(fact, scope) {
    const { payment } = fact;
    // A sale's own payment is not on the account: its `sale` entry is only what was left unpaid.
    if (payment.source !== 'payment' || fact.order.payment_type !== 'credit' || !payment.customer_id) return;
    add(scope, [
      {
        customerId: payment.customer_id,
        kind: 'repayment',
        amount: -payment.amount,
        order: { id: payment.order_id, number: payment.order_number },
        paymentId: payment.id,
        method: payment.payment_mode,
        note: payment.reference,
      },
    ]);
  },
  refunded: (fact, scope) => moneyBack(scope, fact, fact.refund?.reason ?? 'Order refunded'),
  cancelled: (fact, scope) => moneyBack(scope, fact, 'Order cancelled'),
};
