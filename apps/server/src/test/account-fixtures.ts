import { PASSWORD, type Merchant } from './fixtures.js';
import type { TestApp } from './harness.js';
import { createCustomer } from './sales-fixtures.js';

/** Customers' accounts in tests (decision 0065): a customer with a limit, sales on credit, the ledger check. */

/** A customer of the store with a credit limit (minor units; null: none). */
export async function customerWithLimit(
  t: TestApp,
  m: Merchant,
  limit: number | null,
  names: { first_name?: string; last_name?: string } = {},
) {
  const customer = await createCustomer(t, m, names);
  if (limit !== null) {
    const res = await t.call('PUT', `/customers/${customer.id}/credit_limit`, {
      token: m.token,
      body: { credit_limit: limit },
    });
    if (res.status !== 200) throw new Error(`credit limit failed: ${JSON.stringify(res.body)}`);
  }
  return customer;
}

/** A sale on credit at the till: `quantity` of the product, `paid` handed over now. */
export const creditSale = (
  t: TestApp,
  who: Merchant,
  input: { productId: string; quantity: number; customerId: string | null; paid?: number },
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  t.call('POST', '/order', {
    token: who.token,
    headers,
    body: {
      items: [{ product_id: input.productId, quantity: input.quantity }],
      payment_type: 'credit',
      channel: 'pos',
      customer_id: input.customerId,
      amount_received: input.paid ?? 0,
      ...extra,
    },
  });

export const accountOf = (t: TestApp, m: Merchant, customerId: string, query: Record<string, string> = {}) =>
  t.call('GET', `/customers/${customerId}/account`, { token: m.token, query });

export const payAccount = (
  t: TestApp,
  m: Merchant,
  customerId: string,
  body: Record<string, unknown>,
  key?: string,
) =>
  t.call('POST', `/customers/${customerId}/account/payments`, {
    token: m.token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** Sets the member's transaction PIN (the wallet's), which approves a sale past a limit. */
export async function setPin(t: TestApp, m: Merchant, pin: string): Promise<void> {
  const res = await t.call('PUT', '/wallet/pin', {
    token: m.token,
    body: { password: PASSWORD, pin, confirm_pin: pin },
  });
  if (res.status !== 200) throw new Error(`pin failed: ${JSON.stringify(res.body)}`);
}

/**
 * The ledger check: for every customer of the store, the account's sale, repayment, refund and
 * write-off entries add up to what their orders on account still owe, and the credit entries
 * (held less spent) never go below zero held. So `sum(entries)` is what the orders owe less the
 * credit held. Answers the problems found (none: `[]`).
 */
export async function accountProblems(t: TestApp, storeId: string): Promise<string[]> {
  const entries = await t.db
    .selectFrom('customer_account_entries')
    .select(['customer_id', 'kind', 'amount'])
    .where('store_id', '=', storeId)
    .execute();
  const orders = await t.db
    .selectFrom('orders')
    .select(['customer_id', 'amount_outstanding', 'amount_received', 'amount_refunded', 'total', 'number'])
    .where('store_id', '=', storeId)
    .where('payment_type', '=', 'credit')
    .execute();
  const debt = new Map<string, number>();
  const held = new Map<string, number>();
  const owed = new Map<string, number>();
  for (const e of entries) {
    const into = e.kind === 'credit' || e.kind === 'credit_used' ? held : debt;
    into.set(e.customer_id, (into.get(e.customer_id) ?? 0) + Number(e.amount));
  }
  const problems: string[] = [];
  for (const o of orders) {
    if (!o.customer_id) continue;
    owed.set(o.customer_id, (owed.get(o.customer_id) ?? 0) + Number(o.amount_outstanding));
    if (Number(o.amount_received) > Number(o.total))
      problems.push(`${o.number} received more than its total`);
  }
  for (const id of new Set([...debt.keys(), ...owed.keys(), ...held.keys()])) {
    if ((debt.get(id) ?? 0) !== (owed.get(id) ?? 0)) {
      problems.push(`${id}: entries say ${debt.get(id) ?? 0} owed, orders ${owed.get(id) ?? 0}`);
    }
    if ((held.get(id) ?? 0) > 0) problems.push(`${id}: more credit spent than held (${held.get(id)})`);
  }
  return problems;
}
