import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { newReference, recordTransaction } from './ledger.js';
import { toWalletTransaction, walletRepository } from './wallet.repository.js';
import { creditDeposit, moneyIn, walletOr404 } from './wallet.service.js';

/**
 * Checks the secret a payment from the wallet was confirmed with (the transaction PIN, else the
 * password), counted and throttled with the transfers' (decision 0038): paying for a plan asks
 * for it as a transfer does.
 */
export { assertTransferConfirmed as assertPaymentConfirmed } from './transaction-pin.service.js';

/**
 * What other modules may use of the wallet (decision 0025): paying Tillbook from it (confirmed
 * with the PIN or password), and the settlement account invoices print as "pay to".
 */

/**
 * The store's own bank account, its wallet's virtual account, that a sale waiting for a transfer
 * is paid into (decision 0065); null when the store has not opened its wallet.
 */
export async function storeAccount(
  db: Kysely<Database> | Transaction<Database>,
  storeId: string,
): Promise<{ account_number: string; bank_name: string; account_name: string } | null> {
  const wallet = await walletRepository(db, storeId).wallet();
  return wallet
    ? {
        account_number: wallet.account_number,
        bank_name: wallet.bank_name,
        account_name: wallet.account_name,
      }
    : null;
}

/**
 * Asks the provider for the deposits into the store's account since `since` and credits each
 * through the webhook's path (decision 0065): once per provider reference, so one the webhook
 * already brought credits nothing again, and one whose webhook was lost is credited (and matched)
 * now. A deposit in another currency is left to the webhook's record of it. Answers how many
 * were credited now.
 */
export async function requeryDeposits(ctx: RequestContext, storeId: string, since: Date): Promise<number> {
  const wallet = await walletRepository(ctx.db, storeId).wallet();
  if (!wallet) return 0;
  const deposits = await ctx.deps.payments.listDeposits(
    { account_number: wallet.account_number, provider_ref: wallet.provider_ref },
    since,
  );
  let credited = 0;
  for (const deposit of deposits) {
    if (deposit.currency !== wallet.currency) continue;
    if ((await creditDeposit(ctx, deposit, wallet))?.credited) credited += 1;
  }
  return credited;
}

/** One of the store's wallet transactions as its list answers it, or null (another store's too). */
export async function walletTransactionOf(
  db: Kysely<Database> | Transaction<Database>,
  storeId: string,
  id: string,
) {
  const row = await walletRepository(db, storeId).transaction(id);
  return row ? toWalletTransaction(row) : null;
}

/** The store's settlement account, as an invoice prints it; null when not set. */
export async function payToAccount(db: Kysely<Database>, storeId: string) {
  return (await walletRepository(db, storeId).payTo()) ?? null;
}

/**
 * Pays `amount` from the store's wallet to Tillbook's subscription income, in the caller's
 * transaction. Not enough money is a 422 saying how much is missing; no wallet is a 404.
 */
export async function payFromWallet(
  trx: Transaction<Database>,
  ctx: StoreContext,
  input: { amount: number; narration: string },
) {
  const wallet = await walletOr404(ctx, trx);
  const money = moneyIn(wallet.currency);
  const row = await recordTransaction(
    trx,
    ctx,
    wallet,
    {
      type: 'subscription',
      direction: 'debit',
      status: 'success',
      amount: input.amount,
      fee: 0,
      reference: newReference(),
      external_key: null,
      narration: input.narration,
      counterparty_name: 'Tillbook',
      counterparty_account: null,
      counterparty_bank_code: null,
      counterparty_bank_name: null,
      related_id: null,
      failure_reason: null,
    },
    [
      { kind: 'available', amount: -input.amount },
      { kind: 'subscriptions', amount: input.amount },
    ],
    money,
    `${input.narration}: ${money(input.amount)} paid from the wallet`,
  );
  return toWalletTransaction(row!);
}
