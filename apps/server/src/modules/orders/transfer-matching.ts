import { PERMISSIONS } from '@tillbook/contract/permissions';
import type {
  IncomingTransfer,
  incomingTransfersQuery,
  matchTransferBody,
} from '@tillbook/contract/till-transfers';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { DepositScope, DepositSubscriber, StoreContext } from '../../lib/context.js';
import type { CreditedDeposit } from '../../lib/deposit-facts.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/pagination.js';
import { accountEntryRow, insertAccountEntries } from '../customers/customers.public.js';
import { insertPayment } from '../payments-received/payments-received.public.js';
import { publishFacts } from './order-facts.js';
import { money } from './order-basics.js';
import { changeStatusIn } from './order-returns.service.js';
import { ordersRepository } from './orders.repository.js';
import type { IncomingTransfersTable, OrdersTable } from './orders.tables.js';
import { tillTransfersRepository, type CandidateRow } from './till-transfers.repository.js';

/**
 * Transfers into the store's account matched to the sales waiting for them (decision 0065). The
 * wallet credits a deposit once per provider reference and, in that transaction, tells its
 * subscribers; this one writes the `incoming_transfers` row and pays the oldest sale waiting for
 * exactly that amount, else leaves the transfer in the "match it" queue (`ambiguous` when sales
 * are waiting on the account, `unmatched` when none is) for a person to match or ignore.
 */

/** Who a transfer matched by the app acts as: the system, named for the audit and the history. */
const MATCHER = { type: 'system', id: null, name: 'Bank transfer' } as const;

/**
 * The deposit's store as the system sees it: the orders' services need a store context, and a
 * webhook or a background round has none.
 */
function storeContextOf(scope: DepositScope, storeId: string): StoreContext {
  return {
    ...scope.ctx,
    actor: MATCHER,
    storeId,
    access: { store: scope.store, membershipId: null, role: null, permissions: new Set(PERMISSIONS) },
  };
}

/**
 * Pays an order with a transfer, in `trx`: the order's amount received rises by a conditional
 * update (never past what it owes, never a cancelled order), the payment is written
 * (`bank_transfer`, reference = the provider's), the `paid` fact is published (the shift of the
 * cashier who placed the sale counts it), and a sale paid in full that was still open completes
 * through the status route's path. Null when the order no longer takes `amount`.
 */
async function payOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  amount: number,
  reference: string,
): Promise<OrdersTable | null> {
  const repo = ordersRepository(trx, ctx.storeId);
  const intake = await repo.receivePayment(row.id, amount, ctx.now.toISOString());
  if (!intake) return null;
  const payment = await insertPayment(trx, ctx, {
    order: { id: row.id, number: row.number, customerId: row.customer_id, customerName: row.customer_name },
    amount,
    mode: 'bank_transfer',
    reference,
    note: 'Transfer into the store account',
    source: 'payment',
  });
  await publishFacts(trx, ctx, [
    {
      kind: 'paid',
      payment,
      order: { payment_type: row.payment_type, payment_state: intake.payment_state },
      // The money counts in the drawer of the cashier who placed the sale.
      cashier_id: row.created_by_id,
    },
  ]);
  const now = (await repo.getRow(row.id))!;
  if (intake.payment_state === 'paid' && (now.status === 'pending' || now.status === 'processing')) {
    await changeStatusIn(trx, ctx, now, 'success', 'paid by transfer');
  }
  return now;
}

/** The subscriber: every deposit credited to a store's wallet, matched once (decision 0065). */
async function matchDeposit(deposit: CreditedDeposit, scope: DepositScope): Promise<void> {
  const { trx } = scope;
  const ctx = storeContextOf(scope, deposit.storeId);
  const repo = tillTransfersRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  const row: IncomingTransfersTable = {
    store_id: ctx.storeId,
    id: newId(),
    provider_reference: deposit.provider_reference,
    wallet_transaction_id: deposit.wallet_transaction_id,
    amount: deposit.amount,
    payer_name: deposit.payer_name,
    account_number: deposit.account_number,
    state: 'unmatched',
    order_id: null,
    order_number: null,
    surplus: 0,
    received_at: deposit.received_at,
    matched_at: null,
    matched_by_id: null,
    matched_by_name: null,
  };
  // The wallet tells a deposit once; the unique key keeps it once even so.
  if (!(await repo.addIncoming(row))) return;
  for (const orderId of await repo.waitingFor(deposit.account_number, deposit.amount, now)) {
    // Claimed first: a second transfer of the same amount at once claims the next sale.
    if (!(await repo.claim(orderId, deposit.amount, now))) continue;
    const order = await ordersRepository(trx, ctx.storeId).getRow(orderId);
    if (!order || !(await payOrder(trx, ctx, order, deposit.amount, deposit.provider_reference))) {
      // Paid or cancelled another way since it began to wait: it waits no more for this one.
      await repo.unclaim(orderId);
      continue;
    }
    await repo.updateIncomingIf(row.id, 'unmatched', {
      state: 'matched',
      order_id: order.id,
      order_number: order.number,
      matched_at: now,
      matched_by_id: null,
      matched_by_name: MATCHER.name,
    });
    await writeAudit(trx, ctx, {
      action: 'transfer.matched',
      entity: 'order',
      entityId: order.id,
      summary: `Transfer ${deposit.provider_reference} of ${money(ctx, deposit.amount)}${
        deposit.payer_name ? ` from ${deposit.payer_name}` : ''
      } paid order ${order.number}`,
      after: {
        incoming_transfer_id: row.id,
        amount: deposit.amount,
        provider_reference: deposit.provider_reference,
      },
    });
    return;
  }
  if (await repo.anyWaiting(deposit.account_number)) {
    await repo.updateIncomingIf(row.id, 'unmatched', { state: 'ambiguous' });
  }
}

export const tillTransfersSubscriber: DepositSubscriber = { name: 'till-transfers', credited: matchDeposit };

// The "match it" queue

function toIncomingTransfer(row: IncomingTransfersTable, candidates: CandidateRow[]): IncomingTransfer {
  const open = row.state === 'ambiguous' || row.state === 'unmatched';
  return {
    id: row.id,
    provider_reference: row.provider_reference,
    wallet_transaction_id: row.wallet_transaction_id,
    amount: row.amount,
    payer_name: row.payer_name,
    account_number: row.account_number,
    state: row.state,
    order_id: row.order_id,
    order_number: row.order_number,
    surplus: row.surplus,
    candidates: open
      ? candidates.map((c) => ({
          order_id: c.id,
          order_number: c.number,
          amount: c.amount_outstanding,
          created_by_name: c.created_by_name,
          created_at: c.created_at,
        }))
      : [],
    received_at: row.received_at,
    matched_at: row.matched_at,
    matched_by_name: row.matched_by_name,
  };
}

/** Transfers with their candidates: one read of the open sales for the whole page, when needed. */
async function answerOf(
  db: Transaction<Database> | StoreContext['db'],
  ctx: StoreContext,
  rows: IncomingTransfersTable[],
): Promise<IncomingTransfer[]> {
  const needed = rows.some((r) => r.state === 'ambiguous' || r.state === 'unmatched');
  const candidates = needed ? await tillTransfersRepository(db, ctx.storeId).openTransferSales() : [];
  return rows.map((r) => toIncomingTransfer(r, candidates));
}

/** `GET /transfers/incoming`: newest first; `state` filters (the queue is ambiguous + unmatched). */
export async function listIncomingTransfers(
  ctx: StoreContext,
  q: z.output<typeof incomingTransfersQuery>,
): Promise<Page<IncomingTransfer>> {
  const page = await tillTransfersRepository(ctx.db, ctx.storeId).listIncoming(q);
  return { ...page, items: await answerOf(ctx.db, ctx, page.items) };
}

async function incomingOr404(trx: Transaction<Database>, ctx: StoreContext, id: string) {
  const row = await tillTransfersRepository(trx, ctx.storeId).incoming(id);
  if (!row) throw notFound('Transfer');
  return row;
}

const changedMeanwhile = () =>
  conflict('This transfer was matched or changed by someone else just now. Reload the list and try again.');

/**
 * `POST /transfers/incoming/{id}/match`: a person pays an open sale with a transfer that is
 * ambiguous, unmatched or ignored, once. Less than the sale owes leaves the rest due (its waiting
 * transfer `part_paid`); more pays it in full and the surplus goes on the sale's customer's
 * account as credit, or is flagged on the transfer (`surplus`, audit `transfer.surplus`) when the
 * sale has no customer. Matching it again to the same sale answers it as it is; to another, 409.
 */
export async function matchTransfer(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof matchTransferBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<IncomingTransfer>> {
  return runIdempotent(ctx, idempotencyKey, 'transfer.match', { id, ...body }, async (trx) => {
    const incoming = await incomingOr404(trx, ctx, id);
    if (incoming.state === 'matched') {
      if (incoming.order_id !== body.order_id) {
        throw conflict(`This transfer already paid order ${incoming.order_number}.`);
      }
      return { status: 200, body: (await answerOf(trx, ctx, [incoming]))[0]! };
    }
    const orders = ordersRepository(trx, ctx.storeId);
    const order = await orders.getRow(body.order_id);
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled' || order.status === 'refunded') {
      throw conflict(`Order ${order.number} is ${order.status}; a transfer cannot pay it.`);
    }
    if (order.amount_outstanding <= 0) throw conflict(`Order ${order.number} is already paid in full.`);
    const now = ctx.now.toISOString();
    const pays = Math.min(incoming.amount, order.amount_outstanding);
    const surplus = incoming.amount - pays;
    const matched: Partial<IncomingTransfersTable> = {
      state: 'matched',
      order_id: order.id,
      order_number: order.number,
      surplus,
      matched_at: now,
      matched_by_id: ctx.actor.id,
      matched_by_name: ctx.actor.name,
    };
    // Claimed first: two people matching one transfer at once pay one sale.
    if (!(await tillTransfersRepository(trx, ctx.storeId).updateIncomingIf(id, incoming.state, matched))) {
      throw changedMeanwhile();
    }
    // The sale's waiting transfer before the order, as a deposit paying it takes them (no two
    // changes wait on each other crosswise); an order changed since it was read is a 409.
    const inFull = pays === order.amount_outstanding;
    await tillTransfersRepository(trx, ctx.storeId).addReceived(order.id, pays, inFull, now);
    const after = await payOrder(trx, ctx, order, pays, incoming.provider_reference);
    if (!after || (after.amount_outstanding === 0) !== inFull) {
      throw conflict(`Order ${order.number} was changed by someone else just now. Reload it and try again.`);
    }
    await keepSurplus(trx, ctx, incoming, order, surplus);
    await writeAudit(trx, ctx, {
      action: 'transfer.matched',
      entity: 'order',
      entityId: order.id,
      summary: `Transfer ${incoming.provider_reference} of ${money(ctx, incoming.amount)} matched to order ${order.number}${
        after.amount_outstanding > 0 ? `, ${money(ctx, after.amount_outstanding)} still due` : ''
      }`,
      after: { incoming_transfer_id: id, amount: incoming.amount, paid: pays, surplus },
    });
    return { status: 200, body: (await answerOf(trx, ctx, [{ ...incoming, ...matched }]))[0]! };
  });
}

/**
 * Money beyond what the sale owed: credit on its customer's account (what the store holds for
 * them, decision 0065), else kept on the transfer as `surplus` for the merchant to settle, with an
 * audit row that says so.
 */
async function keepSurplus(
  trx: Transaction<Database>,
  ctx: StoreContext,
  incoming: IncomingTransfersTable,
  order: OrdersTable,
  surplus: number,
): Promise<void> {
  if (surplus <= 0) return;
  if (order.customer_id) {
    await insertAccountEntries(trx, [
      accountEntryRow(ctx, {
        customerId: order.customer_id,
        kind: 'credit',
        amount: -surplus,
        order: { id: order.id, number: order.number },
        method: 'bank_transfer',
        note: `Paid beyond order ${order.number} by transfer ${incoming.provider_reference}`,
      }),
    ]);
    return;
  }
  await writeAudit(trx, ctx, {
    action: 'transfer.surplus',
    entity: 'incoming_transfer',
    entityId: incoming.id,
    summary: `Transfer ${incoming.provider_reference} paid ${money(ctx, surplus)} more than order ${order.number} owed, and the sale has no customer to hold it as credit`,
    after: { order_id: order.id, surplus },
  });
}

/**
 * `POST /transfers/incoming/{id}/ignore`: the transfer stays an ordinary deposit and leaves the
 * queue. Ignoring it again answers it as it is; a matched transfer cannot be ignored (409).
 */
export async function ignoreTransfer(ctx: StoreContext, id: string): Promise<IncomingTransfer> {
  return ctx.db.transaction().execute(async (trx) => {
    const incoming = await incomingOr404(trx, ctx, id);
    if (incoming.state === 'matched') {
      throw conflict(`This transfer already paid order ${incoming.order_number}; it cannot be ignored.`);
    }
    if (incoming.state === 'ignored') return (await answerOf(trx, ctx, [incoming]))[0]!;
    const patch = {
      state: 'ignored' as const,
      matched_at: ctx.now.toISOString(),
      matched_by_id: ctx.actor.id,
      matched_by_name: ctx.actor.name,
    };
    if (!(await tillTransfersRepository(trx, ctx.storeId).updateIncomingIf(id, incoming.state, patch))) {
      throw changedMeanwhile();
    }
    await writeAudit(trx, ctx, {
      action: 'transfer.ignored',
      entity: 'incoming_transfer',
      entityId: id,
      summary: `Transfer ${incoming.provider_reference} of ${money(ctx, incoming.amount)} left as a deposit`,
    });
    return (await answerOf(trx, ctx, [{ ...incoming, ...patch }]))[0]!;
  });
}
