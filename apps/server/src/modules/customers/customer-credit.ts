import type { AccountEntryKind } from '@tillbook/contract/customer-accounts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { formatMoney } from '../../lib/money-text.js';
import { memberStanding } from '../members/members.public.js';
import { assertPaymentConfirmed } from '../wallet/wallet.public.js';
import { accountsRepository, type AccountEntriesTable } from './customer-accounts.repository.js';
import { customersRepository } from './customers.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Selling on credit (decision 0065): the customer's row locked while what they owe is summed and
 * the sale checked against their limit, and the approval of a sale past it.
 */

/** The customer of a sale on credit, held until the sale commits, and what they owe now. */
export interface CreditStanding {
  customer: { id: string; name: string; credit_limit: number | null };
  /** Sum of the account's entries: owed (positive) or credit held (negative). */
  balance: number;
}

/**
 * Locks the customer's row until the caller's transaction ends (PostgreSQL `for update`, a
 * single-shard lock by store and id on Citus; SQLite has one writer) and sums their account: every
 * change of one customer's account that checks the balance first takes this lock, so two at once
 * are serialised and the second sums what the first committed. 404 for a customer of no store's.
 */
export async function lockCustomerForCredit(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId'>,
  customerId: string,
): Promise<CreditStanding> {
  const row = await customersRepository(trx, ctx.storeId).row(customerId, true);
  if (!row) throw notFound('Customer');
  return {
    customer: {
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      credit_limit: row.credit_limit,
    },
    balance: await accountsRepository(trx, ctx.storeId).balance(customerId),
  };
}

/** What one customer owes now (negative: credit held), unlocked. */
export function customerBalance(db: Db, ctx: Pick<StoreContext, 'storeId'>, customerId: string) {
  return accountsRepository(db, ctx.storeId).balance(customerId);
}

/** What a sale on credit does to the account, once checked against the limit. */
export interface SaleCredit {
  /** Credit held by the customer spent on the sale first. */
  used: number;
  /** What is left owed on the sale: the `sale` entry. */
  unpaid: number;
  /** The account ends past its limit (or the customer has none). */
  overLimit: boolean;
  /** The sentence saying by how much, for an offline issue or an audit row. */
  message: string | null;
}

/**
 * Checks a sale on credit against the customer's limit, in the sale's transaction with the
 * customer's row locked. Credit the customer holds is spent first. Past the limit (or with no
 * limit at all) the sale is refused with a 422 naming the limit and what is owed, unless someone
 * who may approved it (`approved`) or it was made offline (the customer has gone with the goods:
 * the caller flags it instead).
 */
export async function claimSaleCredit(
  trx: Transaction<Database>,
  ctx: StoreContext,
  input: { customerId: string | null; total: number; received: number; approved: boolean; offline: boolean },
): Promise<SaleCredit> {
  if (!input.customerId) {
    throw unprocessable('A sale on credit needs a customer: choose who is buying on their account.', {
      customer_id: 'A sale on credit needs a customer',
    });
  }
  const { customer, balance } = await lockCustomerForCredit(trx, ctx, input.customerId);
  const due = input.total - input.received;
  const used = balance < 0 ? Math.min(-balance, due) : 0;
  const unpaid = due - used;
  const after = balance + used + unpaid;
  const limit = customer.credit_limit;
  const overLimit = unpaid > 0 && (limit === null || after > limit);
  if (!overLimit) return { used, unpaid, overLimit, message: null };
  const money = (n: number) => formatMoney(n, ctx.access.store.currency);
  const message =
    limit === null
      ? `${customer.name} has no credit limit, so nothing may be put on their account; this sale would put ${money(unpaid)} on it.`
      : `${customer.name} may owe at most ${money(limit)} and owes ${money(Math.max(0, balance))} now; this sale would put ${money(unpaid)} more on the account.`;
  if (!input.approved && !input.offline) {
    throw unprocessable(message, {
      credit_approval:
        limit === null
          ? 'No credit limit: a manager may approve the sale with their PIN'
          : 'Past the credit limit: a manager may approve the sale with their PIN',
    });
  }
  return { used, unpaid, overLimit, message };
}

/**
 * Checks who approves a sale past a customer's limit, before the sale's transaction (the PIN's
 * hash is slow to check): an active member of the store whose role holds
 * `customers.credit_override`, with their transaction PIN (the wallet's PIN and its lock-out
 * rules: five tries in 15 minutes, ten a day). A wrong PIN is a 422 naming `credit_approval.pin`.
 */
export async function verifyCreditApproval(
  ctx: StoreContext,
  approval: { user_id: string; pin: string },
): Promise<{ id: string; name: string }> {
  const standing = await memberStanding(ctx.db, ctx.storeId, approval.user_id);
  if (!standing?.permissions.has('customers.credit_override')) {
    throw unprocessable(
      'The person approving must be a member of this store who may approve sales on credit.',
      {
        'credit_approval.user_id': 'Not allowed to approve sales past a credit limit',
      },
    );
  }
  try {
    await assertPaymentConfirmed(ctx, approval.user_id, { pin: approval.pin });
  } catch (error) {
    if (error instanceof AppError && error.fields?.pin) {
      throw new AppError(error.code, error.message, {
        fields: { 'credit_approval.pin': error.fields.pin },
        ...(error.headers ? { headers: error.headers } : {}),
      });
    }
    throw error;
  }
  return { id: approval.user_id, name: standing.name };
}

/** An account entry as written (with a batch or `insertAccountEntries`). */
export function accountEntryRow(
  ctx: StoreContext,
  input: {
    customerId: string;
    kind: AccountEntryKind;
    amount: number;
    order?: { id: string; number: string } | null;
    paymentId?: string | null;
    method?: string | null;
    note?: string | null;
  },
): Insertable<AccountEntriesTable> {
  return {
    store_id: ctx.storeId,
    id: newId(),
    customer_id: input.customerId,
    kind: input.kind,
    amount: input.amount,
    order_id: input.order?.id ?? null,
    order_number: input.order?.number ?? null,
    payment_id: input.paymentId ?? null,
    method: input.method ?? null,
    note: input.note ?? null,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: ctx.now.toISOString(),
  };
}

/** Writes entries now, in the caller's transaction. */
export async function insertAccountEntries(
  trx: Transaction<Database>,
  rows: Insertable<AccountEntriesTable>[],
): Promise<void> {
  await accountsRepository(trx, '').insert(rows);
}

/** The ids of the entries payments wrote (their `repayment` rows), oldest first. */
export async function paymentEntryIds(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  paymentIds: string[],
): Promise<string[]> {
  return (await accountsRepository(db, ctx.storeId).byPayments(paymentIds)).map((r) => r.id);
}
