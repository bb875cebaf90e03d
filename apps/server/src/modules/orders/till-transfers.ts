import {
  TILL_TRANSFER_MINUTES,
  type createOrderBody,
  type Order,
  type TillTransfer,
} from '@tillbook/contract/orders';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import type { InsertBatch } from '../../lib/insert-rows.js';
import { storeAccount } from '../wallet/wallet.public.js';
import type { OrdersTable, TillTransfersTable } from './orders.tables.js';
import { tillTransfersRepository } from './till-transfers.repository.js';

/**
 * A sale placed waiting for a transfer into the store's account (decision 0065): its row, written
 * with the sale, and the `transfer` every order answer carries.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Account = NonNullable<Awaited<ReturnType<typeof storeAccount>>>;

/**
 * The account a sale with `await_transfer` waits to be paid into, checked before anything of the
 * sale is worked out: a 422 naming `await_transfer` when the sale cannot wait (not paid by
 * transfer, money already taken, made offline), a 409 when the store has no account yet. Null
 * when the sale does not wait.
 */
export async function transferAccountFor(
  trx: Transaction<Database>,
  ctx: StoreContext,
  body: z.output<typeof createOrderBody>,
): Promise<Account | null> {
  if (!body.await_transfer) return null;
  const refuse = (why: string, field: string) => unprocessable(why, { await_transfer: field });
  if (body.payment_type !== 'bank_transfer') {
    throw refuse(
      'Only a sale paid by bank transfer can wait for a transfer.',
      'Choose bank transfer as the payment type',
    );
  }
  if ((body.amount_received ?? 0) > 0) {
    throw refuse(
      'A sale waiting for a transfer takes no money at the till: the transfer pays it.',
      'Leave the amount received out',
    );
  }
  if (body.offline) {
    throw refuse(
      'A sale made offline cannot wait for a transfer: the till could not see it arrive.',
      'Not for an offline sale',
    );
  }
  const account = await storeAccount(trx, ctx.storeId);
  if (!account) throw conflict('Open the wallet to take transfers at the till.');
  return account;
}

/**
 * The sale's waiting transfer, into the sale's batch (written with the order, its number the
 * batch's stand-in until the flush): the order's total into the store's account, for
 * `TILL_TRANSFER_MINUTES`. A sale with nothing to pay has nothing to wait for (422).
 */
export function awaitTransfer(
  ctx: StoreContext,
  order: OrdersTable,
  account: Account,
  writes: InsertBatch,
): TillTransfer {
  if (order.total <= 0) {
    throw unprocessable('This sale comes to nothing: there is no transfer to wait for.', {
      await_transfer: 'Nothing to pay',
    });
  }
  const row: TillTransfersTable = {
    store_id: ctx.storeId,
    order_id: order.id,
    order_number: order.number,
    ...account,
    amount: order.total,
    received: 0,
    state: 'awaiting',
    expires_at: new Date(ctx.now.getTime() + TILL_TRANSFER_MINUTES * 60_000).toISOString(),
    paid_at: null,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: ctx.now.toISOString(),
  };
  writes.add('till_transfers', [row]);
  return toTillTransfer(row, ctx.now);
}

/** A waiting transfer as the order answers it: one still awaited past its time reads `expired`. */
export function toTillTransfer(row: TillTransfersTable, now: Date): TillTransfer {
  const expired = row.state === 'awaiting' && row.expires_at <= now.toISOString();
  return {
    account_number: row.account_number,
    bank_name: row.bank_name,
    account_name: row.account_name,
    amount: row.amount,
    received: row.received,
    state: expired ? 'expired' : row.state,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
  };
}

/**
 * Orders with their `transfer` filled: one read for all of them, of the orders paid by transfer
 * only (the others have none).
 */
export async function withTransfers<T extends Order>(
  db: Db,
  ctx: Pick<StoreContext, 'storeId' | 'now'>,
  orders: T[],
): Promise<T[]> {
  const ids = orders.filter((o) => o.payment_type === 'bank_transfer').map((o) => o.id);
  if (!ids.length) return orders;
  const rows = await tillTransfersRepository(db, ctx.storeId).forOrders(ids);
  const byOrder = new Map(rows.map((r) => [r.order_id, toTillTransfer(r, ctx.now)]));
  return orders.map((o) => (byOrder.has(o.id) ? { ...o, transfer: byOrder.get(o.id)! } : o));
}

/** The sale was cancelled: a transfer it waited for pays it no more (the cancellation's transaction). */
export async function cancelTillTransfer(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId'>,
  order: Pick<OrdersTable, 'id' | 'payment_type'>,
): Promise<void> {
  if (order.payment_type === 'bank_transfer')
    await tillTransfersRepository(trx, ctx.storeId).cancel(order.id);
}
