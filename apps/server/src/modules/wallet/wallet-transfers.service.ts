import type { transferBody, WalletTransaction } from '@tillbook/contract/wallet';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, unprocessable } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { insertRows } from '../../lib/insert-rows.js';
import { localDate, startInstant } from '../../lib/local-dates.js';
import {
  ProviderRefused,
  type TransferRequest,
  type TransferResult,
} from '../../providers/payments/payment-provider.js';
import { raiseWebhookEvents } from '../webhooks/webhooks.public.js';
import { newReference, post, recordTransaction } from './ledger.js';
import { pendingTransfers, toWalletTransaction, walletRepository } from './wallet.repository.js';
import { bankOr400, moneyIn, walletOr404 } from './wallet.service.js';
import type { WalletTransactionsTable, WalletsTable } from './wallet.tables.js';
import { assertTransferConfirmed } from './transaction-pin.service.js';

/**
 * Transfers whose provider call this process is making: a repeated request with the same
 * Idempotency-Key waits for it, so every copy of a request gets the same answer.
 */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Sends money from the wallet to a bank account (decision 0027):
 * 1. in one transaction, under the Idempotency-Key, amount and fee move from available to held
 *    (a conditional update: not enough money is a 422, and nothing is written);
 * 2. the provider is called outside any transaction, with our reference;
 * 3. the hold becomes final, or is reversed, in another transaction. An unknown outcome
 *    (time-out, 5xx) leaves the transfer pending for the reconciler or the webhook, and it is
 *    never sent again under another reference.
 */
export async function sendTransfer(
  ctx: StoreContext,
  body: z.output<typeof transferBody>,
  idempotencyKey: string | undefined,
): Promise<{ transaction: WalletTransaction; replayed: boolean }> {
  if (!idempotencyKey) {
    throw badRequest('A transfer needs an Idempotency-Key header, so that a retry never sends money twice.', {
      'Idempotency-Key': 'Send a new key, for example a UUID, with each transfer',
    });
  }
  // A transfer is confirmed with a person's password or PIN, which an API key has not got (a
  // full sandbox key holds `wallet.transfer` to open the twin's wallet and simulate deposits).
  if (ctx.actor.type !== 'user') {
    throw new AppError(
      'FORBIDDEN',
      "An API key cannot send transfers: a transfer is confirmed with a person's password or transaction PIN. Sign in to Tillbook to send it.",
    );
  }
  if (!ctx.user?.email_verified) {
    throw new AppError('FORBIDDEN', 'Verify your email address before sending money from the wallet.');
  }
  const cfg = ctx.deps.config;
  const wallet = await walletOr404(ctx);
  const money = moneyIn(wallet.currency);
  if (body.amount > cfg.WALLET_TRANSFER_LIMIT) {
    throw unprocessable(`A transfer can be at most ${money(cfg.WALLET_TRANSFER_LIMIT)}.`, {
      amount: `At most ${money(cfg.WALLET_TRANSFER_LIMIT)}`,
    });
  }
  // The bank first: a cheap refusal before the secret's argon2 check (most of a transfer's CPU).
  const bank = await bankOr400(ctx, body.bankCode);
  await assertTransferConfirmed(ctx, ctx.user.id, body);
  const fee = cfg.WALLET_TRANSFER_FEE;
  // The secret is no part of the request a repeat must match.
  const { password: _password, pin: _pin, ...request } = body;
  // The store's local day (a UTC date would start Lagos's day at 01:00 and count yesterday's
  // transfers from 00:00 to 01:00).
  const timeZone = ctx.access.store.timezone;
  const dayStart = startInstant(localDate(ctx.now, timeZone), timeZone)!;

  // Registered before the hold commits, so a repeat that finds the hold also finds the call to wait for.
  let release: (() => void) | undefined;
  let heldId: string | undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  const forget = () => {
    if (heldId) inFlight.delete(heldId);
    release!();
  };
  let outcome;
  try {
    outcome = await runIdempotent(ctx, idempotencyKey, 'wallet.transfer', request, async (trx) => {
      const row = (await recordTransaction(
        trx,
        ctx,
        wallet,
        {
          type: 'transfer',
          direction: 'debit',
          status: 'pending',
          amount: body.amount,
          fee,
          reference: newReference(),
          external_key: null,
          narration: body.narration ?? null,
          counterparty_name: body.accountName,
          counterparty_account: body.accountNumber,
          counterparty_bank_code: bank.code,
          counterparty_bank_name: bank.name,
          related_id: null,
          failure_reason: null,
        },
        [
          { kind: 'available', amount: -(body.amount + fee) },
          { kind: 'held', amount: body.amount + fee },
        ],
        money,
        `Transfer of ${money(body.amount)} to ${body.accountName} (${bank.name} ${body.accountNumber}) held`,
      ))!;
      heldId = row.id;
      inFlight.set(row.id, done);
      // Read after the hold took the wallet's lock: concurrent transfers are counted in order.
      const sentToday = await walletRepository(trx, ctx.storeId).sentSince(dayStart);
      if (sentToday > cfg.WALLET_DAILY_LIMIT) {
        throw unprocessable(
          `This transfer would pass the daily limit of ${money(cfg.WALLET_DAILY_LIMIT)}: ${money(Math.max(0, cfg.WALLET_DAILY_LIMIT - (sentToday - body.amount)))} can still be sent today.`,
          { amount: 'Over the daily limit' },
        );
      }
      return { status: 201, body: toWalletTransaction(row) };
    });
  } catch (error) {
    forget();
    throw error;
  }

  const held = outcome.body;
  if (outcome.replayed) {
    forget();
    await inFlight.get(held.id);
  } else {
    try {
      await callProvider(ctx, wallet, held.id);
    } finally {
      forget();
    }
  }
  const current = await walletRepository(ctx.db, ctx.storeId).transaction(held.id);
  return { transaction: toWalletTransaction(current!), replayed: outcome.replayed };
}

export function transferRequestOf(row: WalletTransactionsTable, currency: string): TransferRequest {
  return {
    reference: row.reference,
    amount: row.amount,
    currency,
    bank_code: row.counterparty_bank_code ?? '',
    account_number: row.counterparty_account ?? '',
    account_name: row.counterparty_name ?? '',
    narration: row.narration,
    created_at: row.created_at,
  };
}

async function callProvider(ctx: RequestContext, wallet: WalletsTable, id: string): Promise<void> {
  const row = await walletRepository(ctx.db, wallet.store_id).transaction(id);
  if (!row) throw new Error(`Transfer ${id} is not in the wallet`);
  let result: TransferResult;
  try {
    result = await ctx.deps.payments.transfer(transferRequestOf(row, wallet.currency));
  } catch (error) {
    if (error instanceof ProviderRefused) {
      result = { status: 'failed', reason: error.message };
    } else {
      // Unknown outcome: the money may have left. It stays pending until verified.
      ctx.deps.log.warn({ err: error, reference: row.reference }, 'transfer outcome unknown; left pending');
      return;
    }
  }
  await settleTransfer(ctx, wallet, row.reference, result);
}

/**
 * Makes a transfer's outcome final, exactly once: the status moves by a conditional update
 * (`pending` → `success`/`failed`, `success` → `reversed`), and only the caller whose update
 * changed the row writes the entries. The reconciler, the webhook and the request itself may
 * all try; one wins. Answers whether this call settled it.
 */
export async function settleTransfer(
  ctx: RequestContext,
  wallet: WalletsTable,
  reference: string,
  result: TransferResult,
): Promise<boolean> {
  if (result.status === 'pending') return false;
  const money = moneyIn(wallet.currency);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now.toISOString();
    const move = (from: 'pending' | 'success') =>
      walletRepository(trx, wallet.store_id).settleTransferRow(reference, from, {
        status: result.status,
        failure_reason: result.reason ?? null,
        updated_at: now,
      });
    // "Reversed" usually follows a success; one reported for a transfer still pending here
    // (its success was never seen) returns the hold, as a failure does.
    let from: 'pending' | 'success' = result.status === 'reversed' ? 'success' : 'pending';
    let row = await move(from);
    if (!row && result.status === 'reversed') {
      from = 'pending';
      row = await move(from);
    }
    if (!row) return false;
    const amount = row.amount;
    const fee = row.fee;
    await raiseWebhookEvents(trx, wallet.store_id, ctx.now, [
      { type: 'wallet.transfer.settled', data: toWalletTransaction(row) },
    ]);
    if (result.status === 'success') {
      await post(
        trx,
        wallet,
        row.id,
        [
          { kind: 'held', amount: -(amount + fee) },
          { kind: 'clearing', amount },
          { kind: 'fees', amount: fee },
        ],
        now,
        money,
      );
      await insertRows(trx, 'audits', [
        auditRow(ctx, {
          action: 'wallet.transfer.success',
          entity: 'wallet_transaction',
          entityId: row.id,
          summary: `Transfer ${row.reference} of ${money(amount)} to ${row.counterparty_name} sent`,
          before: { status: from },
          after: { status: 'success' },
          storeId: wallet.store_id,
        }),
      ]);
      return true;
    }
    // Failed (the hold comes back) or reversed after it was sent (the money comes back).
    const postings =
      from === 'pending'
        ? [
            { kind: 'held' as const, amount: -(amount + fee) },
            { kind: 'available' as const, amount: amount + fee },
          ]
        : [
            { kind: 'clearing' as const, amount: -amount },
            { kind: 'fees' as const, amount: -fee },
            { kind: 'available' as const, amount: amount + fee },
          ];
    await recordTransaction(
      trx,
      ctx,
      wallet,
      {
        type: 'reversal',
        direction: 'credit',
        status: 'success',
        amount: amount + fee,
        fee: 0,
        reference: newReference(),
        external_key: `reversal:${row.id}`,
        narration: `Reversal of ${row.reference}${result.reason ? `: ${result.reason}` : ''}`,
        counterparty_name: row.counterparty_name,
        counterparty_account: row.counterparty_account,
        counterparty_bank_code: row.counterparty_bank_code,
        counterparty_bank_name: row.counterparty_bank_name,
        related_id: row.id,
        failure_reason: null,
      },
      postings,
      money,
      `Transfer ${row.reference} ${result.status}: ${money(amount + fee)} returned to the wallet`,
    );
    return true;
  });
}

/**
 * Asks the provider about every pending transfer and settles those it has an answer for.
 * Runs on start and every `WALLET_RECONCILE_SECONDS`.
 */
export async function reconcilePendingTransfers(
  ctx: RequestContext,
  db: Kysely<Database> = ctx.db,
): Promise<{ checked: number; settled: number }> {
  // The reconciler's round is over every store's pending transfers (decision 0049); each is then
  // settled in its own store.
  const pending = await pendingTransfers(db, 500);
  let settled = 0;
  for (const row of pending) {
    // Skip the ones this process is still sending: their own call settles them.
    if (inFlight.has(row.id)) continue;
    let result: TransferResult;
    try {
      result = await ctx.deps.payments.verifyTransfer(transferRequestOf(row, row.wallet_currency));
    } catch (error) {
      ctx.deps.log.warn({ err: error, reference: row.reference }, 'transfer verify failed; will retry');
      continue;
    }
    const wallet = await walletRepository(db, row.store_id).walletById(row.wallet_id);
    if (await settleTransfer({ ...ctx, now: ctx.deps.clock.now() }, wallet, row.reference, result))
      settled += 1;
  }
  return { checked: pending.length, settled };
}
