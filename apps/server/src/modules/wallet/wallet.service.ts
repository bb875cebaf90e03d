import {
  bankMatches,
  type Bank,
  type Beneficiary,
  type ResolvedAccount,
  type sandboxDepositBody,
  type WalletDetails,
  type walletExportQuery,
  type WalletTransaction,
  type walletTransactionsQuery,
} from '@tillbook/contract/wallet';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import type { CreditedDeposit } from '../../lib/deposit-facts.js';
import { newId } from '../../lib/ids.js';
import { formatMoney } from '../../lib/money-text.js';
import { exportFormats } from '../../lib/csv-export.js';
import { toCsv } from '../../lib/spreadsheet.js';
import { ProviderRefused, type IncomingDeposit } from '../../providers/payments/payment-provider.js';
import { findStore } from '../stores/stores.public.js';
import { newReference, recordTransaction } from './ledger.js';
import { recentBeneficiaries } from './beneficiaries.repository.js';
import { toWalletTransaction, walletForDeposit, walletRepository } from './wallet.repository.js';
import type { WalletTransactionsTable, WalletsTable } from './wallet.tables.js';

export const moneyIn = (currency: string) => (minor: number) => formatMoney(minor, currency);

export async function walletOr404(ctx: StoreContext, db: Kysely<Database> = ctx.db): Promise<WalletsTable> {
  const wallet = await walletRepository(db, ctx.storeId).wallet();
  if (!wallet) throw notFound('Wallet');
  return wallet;
}

async function detailsOf(ctx: StoreContext, wallet: WalletsTable): Promise<WalletDetails> {
  const balances = await walletRepository(ctx.db, ctx.storeId).balances(wallet.id);
  const cfg = ctx.deps.config;
  return {
    id: wallet.id,
    currency: wallet.currency,
    provider: wallet.provider,
    bank_name: wallet.bank_name,
    account_number: wallet.account_number,
    account_name: wallet.account_name,
    balance: balances.available ?? 0,
    held: balances.held ?? 0,
    transfer_fee: cfg.WALLET_TRANSFER_FEE,
    transfer_limit: cfg.WALLET_TRANSFER_LIMIT,
    daily_limit: cfg.WALLET_DAILY_LIMIT,
    sandbox: ctx.deps.payments.name === 'sandbox',
    created_at: wallet.created_at,
  };
}

export async function getWalletDetails(ctx: StoreContext): Promise<WalletDetails | null> {
  const wallet = await walletRepository(ctx.db, ctx.storeId).wallet();
  return wallet ? detailsOf(ctx, wallet) : null;
}

/**
 * Opens the store's wallet: the provider makes its virtual account (outside any transaction),
 * then the wallet and its accounts are written at once. A second call, even a concurrent one,
 * answers the wallet that exists (the store's wallet is unique).
 */
export async function openWallet(ctx: StoreContext): Promise<WalletDetails> {
  const existing = await walletRepository(ctx.db, ctx.storeId).wallet();
  if (existing) return detailsOf(ctx, existing);
  // A live wallet is a real bank account in the store's name that people pay into: it waits for
  // a verified email, so nobody opens one under someone else's address. The sandbox's wallet of
  // play money is part of trying the product (decision 0047).
  if (ctx.actor.type === 'user' && !ctx.user?.email_verified && ctx.deps.payments.name !== 'sandbox') {
    throw new AppError(
      'FORBIDDEN',
      'Verify your email address to open the wallet: it gives your store a real bank account for payments. Enter the 6-digit code we emailed you (Enter code, at the top of the page), or ask for a new one there.',
    );
  }
  const id = newId();
  const store = ctx.access.store;
  const account = await ctx.deps.payments.createVirtualAccount({
    walletId: id,
    storeName: store.business_name,
    email: store.email ?? ctx.user?.email ?? null,
  });
  const now = ctx.now.toISOString();
  const row: WalletsTable = {
    id,
    store_id: ctx.storeId,
    currency: store.currency,
    provider: ctx.deps.payments.name,
    ...account,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const repo = walletRepository(trx, ctx.storeId);
    if (!(await repo.addWallet(row))) return;
    await repo.addLedgerAccounts(id, now);
    await writeAudit(trx, ctx, {
      action: 'wallet.open',
      entity: 'wallet',
      entityId: id,
      summary: `Opened the wallet (${row.bank_name} ${row.account_number})`,
      after: { bank_name: row.bank_name, account_number: row.account_number, account_name: row.account_name },
    });
  });
  return detailsOf(ctx, await walletOr404(ctx));
}

export async function listBanks(ctx: RequestContext, search?: string): Promise<Bank[]> {
  const banks = await ctx.deps.payments.listBanks();
  return banks.filter((b) => bankMatches(b, search ?? '')).sort((a, b) => a.name.localeCompare(b.name));
}

/** How many recent beneficiaries the transfer form offers. */
const BENEFICIARIES_SHOWN = 10;

/**
 * The accounts the store's transfers went to, last paid first: picked in one tap instead of
 * typing ten digits again. Failed and reversed transfers are left out (the money never arrived).
 */
export async function listBeneficiaries(ctx: StoreContext): Promise<Beneficiary[]> {
  const rows = await recentBeneficiaries(ctx.db, ctx.storeId, BENEFICIARIES_SHOWN * 2);
  // An account whose name or bank name changed between transfers is one beneficiary: its latest.
  const seen = new Set<string>();
  const beneficiaries: Beneficiary[] = [];
  for (const r of rows) {
    const key = `${r.bank_code}:${r.account_number}`;
    if (seen.has(key)) continue;
    seen.add(key);
    beneficiaries.push(r);
  }
  return beneficiaries.slice(0, BENEFICIARIES_SHOWN);
}

export async function bankOr400(ctx: RequestContext, code: string, field = 'bankCode'): Promise<Bank> {
  const bank = (await ctx.deps.payments.listBanks()).find((b) => b.code === code);
  if (!bank)
    throw badRequest('Unknown bank. Choose the bank from the list.', {
      [field]: 'Choose a bank from the list',
    });
  return bank;
}

/** Name enquiry. A number the bank does not know is a 422 next to the account number. */
export async function resolveAccount(
  ctx: RequestContext,
  input: { accountNumber: string; bankCode: string },
): Promise<ResolvedAccount> {
  await bankOr400(ctx, input.bankCode);
  try {
    return await ctx.deps.payments.resolveAccount(input.accountNumber, input.bankCode);
  } catch (error) {
    if (error instanceof ProviderRefused) {
      throw new AppError('UNPROCESSABLE', error.message, { fields: { accountNumber: error.message } });
    }
    throw new AppError(
      'UNAVAILABLE',
      'The bank could not be reached for the account name. Try again shortly.',
      {
        cause: error,
      },
    );
  }
}

export async function listTransactions(ctx: StoreContext, q: z.output<typeof walletTransactionsQuery>) {
  return walletRepository(ctx.db, ctx.storeId, ctx.access.store.timezone).list(q);
}

const CSV_COLUMNS = [
  'date',
  'reference',
  'type',
  'direction',
  'status',
  'amount',
  'fee',
  'balance_after',
  'counterparty',
  'account_number',
  'bank',
  'narration',
] as const;

export async function exportTransactions(
  ctx: StoreContext,
  q: z.output<typeof walletExportQuery>,
): Promise<string> {
  const rows = await walletRepository(ctx.db, ctx.storeId, ctx.access.store.timezone).all(q);
  const { money: major, time } = exportFormats(ctx);
  return toCsv(
    CSV_COLUMNS,
    rows.map((r) => [
      time(r.created_at),
      r.reference,
      r.type,
      r.direction,
      r.status,
      major(r.amount),
      major(r.fee),
      major(r.balance_after),
      r.counterparty_name,
      r.counterparty_account,
      r.counterparty_bank_name,
      r.narration,
    ]),
  );
}

/**
 * Credits a deposit the provider reported, once per provider reference however often and
 * however concurrently it is delivered. Null when no wallet has that account.
 */
export async function creditDeposit(
  ctx: RequestContext,
  deposit: IncomingDeposit,
  found?: WalletsTable,
): Promise<{ transaction: WalletTransaction; credited: boolean } | null> {
  const wallet = found ?? (await walletForDeposit(ctx.db, deposit));
  if (!wallet) return null;
  // A provider's deposit in another currency is acknowledged and recorded by the webhook before
  // it gets here (decision 0029); this guards every other caller.
  if (deposit.currency !== wallet.currency) {
    throw conflict(`A deposit in ${deposit.currency} cannot go into a ${wallet.currency} wallet.`);
  }
  const externalKey = `deposit:${deposit.provider_reference}`;
  const money = moneyIn(wallet.currency);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const credited = await recordTransaction(
      trx,
      ctx,
      wallet,
      {
        type: 'deposit',
        direction: 'credit',
        status: 'success',
        amount: deposit.amount,
        fee: 0,
        // Our own reference: the provider's is the external key (unique per store), so a
        // repeated delivery meets one unique key only and inserts nothing.
        reference: newReference(),
        external_key: externalKey,
        narration: deposit.narration ?? `Deposit ${deposit.provider_reference}`,
        counterparty_name: deposit.payer_name,
        counterparty_account: null,
        counterparty_bank_code: null,
        counterparty_bank_name: null,
        related_id: null,
        failure_reason: null,
      },
      [
        { kind: 'clearing', amount: -deposit.amount },
        { kind: 'available', amount: deposit.amount },
      ],
      money,
      `Deposit of ${money(deposit.amount)}${deposit.payer_name ? ` from ${deposit.payer_name}` : ''}`,
    );
    // Only a deposit credited now is told: a repeated delivery credits nothing and tells no one
    // (decision 0065). The subscribers (a sale waiting for this transfer) act in this transaction.
    if (credited) await tellDepositSubscribers(trx, ctx, wallet, deposit, credited);
    return credited;
  });
  if (row) return { transaction: toWalletTransaction(row), credited: true };
  const first = await walletRepository(ctx.db, wallet.store_id).transactionByExternalKey(externalKey);
  return { transaction: toWalletTransaction(first), credited: false };
}

async function tellDepositSubscribers(
  trx: Transaction<Database>,
  ctx: RequestContext,
  wallet: WalletsTable,
  deposit: IncomingDeposit,
  credited: WalletTransactionsTable,
): Promise<void> {
  const fact: CreditedDeposit = {
    storeId: wallet.store_id,
    walletId: wallet.id,
    provider_reference: deposit.provider_reference,
    amount: deposit.amount,
    currency: wallet.currency,
    account_number: wallet.account_number,
    payer_name: deposit.payer_name,
    wallet_transaction_id: credited.id,
    received_at: credited.created_at,
  };
  if (!ctx.deps.deposits.length) return;
  // The subscribers act in the store (a sale paid, a transfer queued) and a webhook's or a
  // background round's context has none: the wallet, which knows whose account it is, reads it.
  const store = await findStore(trx, wallet.store_id);
  if (!store) throw new Error(`A deposit for store ${wallet.store_id}, which does not exist`);
  for (const subscriber of ctx.deps.deposits) await subscriber.credited(fact, { trx, ctx, store });
}

/**
 * The largest simulated deposit: twice the day's transfer limit (₦20,000,000 by default), enough
 * to try every limit of the wallet with one deposit (decision 0048).
 */
const sandboxDepositMax = (ctx: StoreContext) => 2 * ctx.deps.config.WALLET_DAILY_LIMIT;

/**
 * A deposit made up in the sandbox, through the same path as a provider's deposit (decision 0065):
 * into the store's own account (another account is a 404), credited and matched once per
 * `reference`. A repeated reference answers the first deposit's transaction with `credited: false`.
 */
export async function simulateDeposit(
  ctx: StoreContext,
  body: z.output<typeof sandboxDepositBody>,
): Promise<{ transaction: WalletTransaction; credited: boolean }> {
  if (ctx.deps.payments.name !== 'sandbox') {
    throw conflict('Deposits can only be simulated while the wallet uses the sandbox provider.');
  }
  const wallet = await walletOr404(ctx);
  const max = sandboxDepositMax(ctx);
  if (body.amount > max) {
    const most = formatMoney(max, wallet.currency);
    throw badRequest(`A simulated deposit is at most ${most}.`, { amount: `Amount must be at most ${most}` });
  }
  if (body.account_number !== undefined && body.account_number !== wallet.account_number) {
    throw notFound('Account');
  }
  const deposit: IncomingDeposit = {
    provider_reference: body.reference ?? `sbx_${newId().replace(/-/g, '')}`,
    amount: body.amount,
    currency: wallet.currency,
    account_number: wallet.account_number,
    provider_ref: wallet.provider_ref,
    payer_name: body.payer_name ?? 'Sandbox deposit',
    narration: 'Simulated deposit (sandbox)',
  };
  // The sandbox keeps what it was told, so the requery round finds it as Paystack's list would.
  ctx.deps.payments.rememberDeposit?.(deposit, ctx.now);
  // The store's own wallet: no search of every store's wallets for its account.
  return (await creditDeposit(ctx, deposit, wallet))!;
}
