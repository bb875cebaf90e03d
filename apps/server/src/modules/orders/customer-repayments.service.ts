import type {
  AccountEntry,
  accountPaymentBody,
  AccountPaymentResult,
  writeOffBody,
} from '@tillbook/contract/customer-accounts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import type { OrderFact } from '../../lib/order-facts.js';
import {
  accountEntryRow,
  customerBalance,
  insertAccountEntries,
  lockCustomerForCredit,
  openAccountOrders,
  paymentEntryIds,
} from '../customers/customers.public.js';
import { insertPayment } from '../payments-received/payments-received.public.js';
import { publishFacts } from './order-facts.js';
import { money } from './order-basics.js';
import { paidFact, receiveOrderPayment } from './order-payments.service.js';
import { ordersRepository } from './orders.repository.js';

/**
 * Money paid towards a customer's account and debt written off (decision 0065). Served by the
 * orders module, which alone may raise an order's amounts: each is shared over the customer's
 * open orders on account, oldest first. The customer's row is locked first, so two repayments at
 * once are allocated one after the other and never take an order past what it owes.
 */

type Allocation = AccountPaymentResult['allocations'][number];

/** The answer's entry: the whole repayment or write-off, with the account's balance after it. */
function wholeEntry(
  ctx: StoreContext,
  input: Pick<AccountEntry, 'id' | 'kind' | 'amount' | 'method' | 'note'> & { allocations: Allocation[] },
  balance: number,
): AccountEntry {
  const only = input.allocations.length === 1 ? input.allocations[0]! : null;
  return {
    id: input.id,
    kind: input.kind,
    amount: input.amount,
    balance_after: balance,
    order_id: only?.order_id ?? null,
    order_number: only?.order_number ?? null,
    method: input.method,
    note: input.note,
    created_by_name: ctx.actor.name,
    created_at: ctx.now.toISOString(),
  };
}

/**
 * Pays the open orders on account oldest first, each through the same conditional update and
 * payment row as `add_payment`, and publishes their `paid` facts: what each order took, and what
 * is left of the money.
 */
async function payOpenOrders(
  trx: Transaction<Database>,
  ctx: StoreContext,
  customerId: string,
  body: z.output<typeof accountPaymentBody>,
): Promise<{ allocations: Allocation[]; left: number }> {
  const allocations: Allocation[] = [];
  const facts: OrderFact[] = [];
  let left = body.amount;
  for (const open of await openAccountOrders(trx, ctx.storeId, customerId)) {
    if (left <= 0) break;
    const amount = Math.min(left, open.amount_outstanding);
    const intake = await receiveOrderPayment(trx, ctx, { orderId: open.id, amount, customerId });
    const payment = await insertPayment(trx, ctx, {
      order: intake.order,
      amount,
      mode: body.payment_type,
      reference: body.reference ?? null,
      note: body.note ?? null,
      source: 'payment',
    });
    facts.push(paidFact(payment, intake));
    allocations.push({
      order_id: open.id,
      order_number: open.number,
      amount,
      order_amount_outstanding: intake.amount_outstanding,
      order_payment_state: intake.payment_state,
      payment_id: payment.id,
    });
    left -= amount;
  }
  await publishFacts(trx, ctx, facts);
  return { allocations, left };
}

/**
 * `POST /customers/{id}/account/payments`: the money pays the open orders on account oldest
 * first, each through the same conditional update and payment row as `add_payment` (its `paid`
 * fact writes the account's `repayment` entry); what is left over is held as credit. Once per
 * Idempotency-Key. Publishes `account_paid` (the `customer.payment` webhook).
 */
export async function payAccount(
  ctx: StoreContext,
  customerId: string,
  body: z.output<typeof accountPaymentBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<AccountPaymentResult>> {
  return runIdempotent(ctx, idempotencyKey, `customer.account_payment:${customerId}`, body, async (trx) => {
    const { customer } = await lockCustomerForCredit(trx, ctx, customerId);
    const { allocations, left } = await payOpenOrders(trx, ctx, customerId, body);
    const note = body.reference ?? body.note ?? null;
    const credit =
      left > 0
        ? accountEntryRow(ctx, { customerId, kind: 'credit', amount: -left, method: body.payment_type, note })
        : null;
    if (credit) await insertAccountEntries(trx, [credit]);
    const balance = await customerBalance(trx, ctx, customerId);
    const [firstId] = await paymentEntryIds(
      trx,
      ctx,
      allocations.map((a) => a.payment_id!),
    );
    const data = {
      customer_id: customerId,
      amount: body.amount,
      payment_type: body.payment_type,
      reference: body.reference ?? null,
      allocations,
      credit: left,
      balance,
    };
    await publishFacts(trx, ctx, [{ kind: 'account_paid', payment: data }]);
    await writeAudit(trx, ctx, {
      action: 'customer.account_payment',
      entity: 'customer',
      entityId: customerId,
      summary: `${money(ctx, body.amount)} paid towards ${customer.name}'s account (${body.payment_type})${
        allocations.length ? `: ${allocations.map((a) => a.order_number).join(', ')}` : ''
      }${left > 0 ? `; ${money(ctx, left)} held as credit` : ''}`,
      after: data,
    });
    const entry = wholeEntry(
      ctx,
      {
        id: firstId ?? credit!.id,
        kind: allocations.length ? 'repayment' : 'credit',
        amount: -body.amount,
        method: body.payment_type,
        note,
        allocations,
      },
      balance,
    );
    return { status: 201, body: { entry, allocations, balance } };
  });
}

/** Shares a write-off over the open orders on account, oldest first, raising their amount written off. */
async function writeOffOrders(
  trx: Transaction<Database>,
  ctx: StoreContext,
  customerId: string,
  amount: number,
): Promise<Allocation[]> {
  const repo = ordersRepository(trx, ctx.storeId);
  const allocations: Allocation[] = [];
  let left = amount;
  for (const open of await openAccountOrders(trx, ctx.storeId, customerId)) {
    if (left <= 0) break;
    const take = Math.min(left, open.amount_outstanding);
    const updated = await repo.writeOff(open.id, take, ctx.now.toISOString());
    if (!updated)
      throw conflict(`Order ${open.number} was changed just now. Reload the account and try again.`);
    allocations.push({
      order_id: open.id,
      order_number: open.number,
      amount: take,
      order_amount_outstanding: updated.amount_outstanding,
      order_payment_state: updated.payment_state,
      payment_id: null,
    });
    left -= take;
  }
  // The account and its orders agree (each order's debt is on the account); a difference means
  // an order changed meanwhile.
  if (left > 0) throw conflict('The account changed just now. Reload it and try again.');
  return allocations;
}

/**
 * `POST /customers/{id}/account/write_off`: forgives at most what is owed, shared over the open
 * orders on account oldest first (no money moves: takings and shifts never see it), with one
 * `write_off` entry and an audit row. Once per Idempotency-Key.
 */
export async function writeOffAccount(
  ctx: StoreContext,
  customerId: string,
  body: z.output<typeof writeOffBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<AccountPaymentResult>> {
  return runIdempotent(ctx, idempotencyKey, `customer.write_off:${customerId}`, body, async (trx) => {
    const { customer, balance: before } = await lockCustomerForCredit(trx, ctx, customerId);
    if (body.amount > before) {
      throw unprocessable(
        before > 0
          ? `${customer.name} owes ${money(ctx, before)}; no more than that can be written off.`
          : `${customer.name} owes nothing; there is nothing to write off.`,
        { amount: before > 0 ? `At most ${money(ctx, before)}` : 'Nothing is owed' },
      );
    }
    const allocations = await writeOffOrders(trx, ctx, customerId, body.amount);
    const row = accountEntryRow(ctx, {
      customerId,
      kind: 'write_off',
      amount: -body.amount,
      note: body.reason,
    });
    await insertAccountEntries(trx, [row]);
    const balance = before - body.amount;
    await writeAudit(trx, ctx, {
      action: 'customer.write_off',
      entity: 'customer',
      entityId: customerId,
      summary: `${money(ctx, body.amount)} of ${customer.name}'s account written off (${body.reason})`,
      before: { balance: before },
      after: { balance, amount: body.amount, reason: body.reason, allocations },
    });
    const entry = wholeEntry(
      ctx,
      { id: row.id, kind: 'write_off', amount: -body.amount, method: null, note: body.reason, allocations },
      balance,
    );
    return { status: 201, body: { entry, allocations, balance } };
  });
}
