import type { PaymentMode } from '@tillbook/contract/payments-received';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { Database } from '../../db/schema.js';

/**
 * A `credit` entry of a customer's account (decision 0065): money the store received beyond what
 * the customer owed (a transfer larger than the sale it paid), held for them. Negative: credit
 * lowers what they owe. The caller writes it in its own transaction (an insert batch or a plain
 * insert into `customer_account_entries`), with the change that took the money in.
 */
export function accountCreditRow(
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'actor'>,
  input: {
    customerId: string;
    amount: number;
    orderId: string | null;
    orderNumber: string | null;
    method: PaymentMode | null;
    note: string | null;
  },
): Database['customer_account_entries'] {
  return {
    store_id: ctx.storeId,
    id: newId(),
    customer_id: input.customerId,
    kind: 'credit',
    amount: -input.amount,
    order_id: input.orderId,
    order_number: input.orderNumber,
    payment_id: null,
    method: input.method,
    note: input.note,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: ctx.now.toISOString(),
  };
}
