import type { Customer } from '@tillbook/contract/customers';
import type { OutboxSale, OrderBody } from '../../../lib/till-db';
import { formatMoney } from '../../../lib/format';
import { customerOnDevice } from '../catalogue/catalogue-cache';
import { salesOf } from '../outbox/outbox-store';

/** What a sale leaves on the customer's account: its total less the part paid now. */
export const owedBy = (body: Pick<OrderBody, 'amount_received'>, total: number): number =>
  Math.max(0, total - Math.min(body.amount_received ?? 0, total));

/**
 * Why a sale on credit may not be kept offline, or null (decision 0065). With no network nobody
 * can approve a sale past the limit (a PIN is checked by the server), so the till holds the
 * customer to the limit it knew: the balance in its copy of the customer, plus its own credit
 * sales for them still waiting to be sent, plus this one. The server then takes the sale
 * whatever the balance is by then (the customer has gone with the goods) and flags it if it went past.
 */
export function offlineCreditRefusal(input: {
  customer: Pick<Customer, 'full_name' | 'credit_limit' | 'account_balance'> | undefined;
  /** The device's credit sales for this customer not yet sent (this one left out). */
  queued: ReadonlyArray<Pick<OutboxSale, 'body' | 'quote'>>;
  owed: number;
  currency: string;
}): string | null {
  const { customer, owed, currency } = input;
  if (owed <= 0) return null;
  if (!customer) {
    return 'This till has no copy of the customer’s account: a sale on credit needs the network. Take payment now, or connect to the internet.';
  }
  if (customer.credit_limit === null || customer.credit_limit === undefined) {
    return `${customer.full_name} has no credit limit, so they cannot buy on credit. Take payment now.`;
  }
  const waiting = input.queued.reduce((sum, s) => sum + owedBy(s.body, s.quote.total), 0);
  const after = (customer.account_balance ?? 0) + waiting + owed;
  if (after <= customer.credit_limit) return null;
  return `Offline, this sale would take ${customer.full_name}'s account to ${formatMoney(after, currency)}, past their ${formatMoney(customer.credit_limit, currency)} limit. A manager can approve it only with the network: take payment now, or connect to the internet.`;
}

/** `offlineCreditRefusal` for a sale about to be kept on the device, read from its copy and outbox. */
export async function offlineCreditLimitReached(
  storeId: string,
  key: string,
  body: OrderBody,
  total: number,
  currency: string,
): Promise<string | null> {
  if (body.payment_type !== 'credit' || !body.customer_id) return null;
  const customerId = body.customer_id;
  const [customer, sales] = await Promise.all([customerOnDevice(storeId, customerId), salesOf(storeId)]);
  const queued = sales.filter(
    (s) =>
      s.key !== key &&
      s.state !== 'sent' &&
      s.body.payment_type === 'credit' &&
      s.body.customer_id === customerId,
  );
  return offlineCreditRefusal({ customer, queued, owed: owedBy(body, total), currency });
}
