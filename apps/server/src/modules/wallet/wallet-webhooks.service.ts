import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { insertRows } from '../../lib/insert-rows.js';
import { formatMoney } from '../../lib/money-text.js';
import type { IncomingDeposit, WebhookEvent } from '../../providers/payments/payment-provider.js';
import { transferByReference, walletForDeposit, walletRepository } from './wallet.repository.js';
import { creditDeposit } from './wallet.service.js';
import type { WalletsTable } from './wallet.tables.js';
import { settleTransfer } from './wallet-transfers.service.js';

/**
 * A provider's webhook: nothing is read before the signature of the raw body is checked (a
 * wrong one is a 401 and changes nothing). Deposits credit once per provider reference;
 * transfer outcomes settle once (decision 0027), however often and in whatever order they come.
 * A signed body that is not a JSON event is a 400 and changes nothing. A deposit in another
 * currency than the wallet's is acknowledged, credited nowhere and recorded (decision 0029).
 */
export async function receiveWebhook(
  ctx: RequestContext,
  provider: 'paystack',
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: boolean }> {
  if (ctx.deps.payments.name !== provider) throw notFound('Webhook');
  let events: WebhookEvent[] | null;
  try {
    events = ctx.deps.payments.readWebhook(rawBody, headers);
  } catch (error) {
    // Signed, but the adapter could not read the event (an amount that is not whole subunits,
    // a body that is not an object): the provider's mistake, not ours.
    ctx.deps.log.warn({ err: error, provider }, 'signed webhook with an event that cannot be read');
    throw unreadable();
  }
  if (!events) throw new AppError('UNAUTHENTICATED', 'The webhook signature is not valid.');
  for (const event of events) {
    if (event.kind === 'deposit') {
      const wallet = await walletForDeposit(ctx.db, event.deposit);
      if (!wallet) {
        ctx.deps.log.warn({ reference: event.deposit.provider_reference }, 'deposit for no known wallet');
      } else if (event.deposit.currency !== wallet.currency) {
        await recordForeignDeposit(ctx, wallet, event.deposit);
      } else {
        await creditDeposit(ctx, event.deposit, wallet);
      }
    } else if (event.kind === 'transfer') {
      // The provider names our transfer reference only: its store is found from it, in every
      // store (decision 0049), and every statement after this one is the store's.
      const row = await transferByReference(ctx.db, event.reference);
      if (!row) continue;
      const wallet = await walletRepository(ctx.db, row.store_id).walletById(row.wallet_id);
      await settleTransfer(ctx, wallet, event.reference, event.result);
    }
  }
  return { received: true };
}

const unreadable = () =>
  badRequest('The webhook body is not a JSON event this endpoint can read.', {
    body: 'Send the event as a JSON object',
  });

/** An amount in a currency the provider named, as text; a code Intl does not know is shown as sent. */
function amountText(minor: number, currency: string): string {
  try {
    if (/^[A-Z]{3}$/.test(currency)) return formatMoney(minor, currency);
  } catch {
    // Not a currency Intl knows: below.
  }
  return `${minor} minor units of "${currency.slice(0, 12)}"`;
}

/**
 * A deposit in another currency than the wallet's (decision 0029, addendum): not credited, and
 * answered 2xx so the provider stops delivering it (a 4xx/5xx is retried for 72 hours). It is
 * kept as a warning in the log and an audit row on the wallet, once per provider reference, for
 * the merchant and support to settle with the provider by hand.
 */
async function recordForeignDeposit(
  ctx: RequestContext,
  wallet: WalletsTable,
  deposit: IncomingDeposit,
): Promise<void> {
  const summary = `Deposit ${deposit.provider_reference} of ${amountText(deposit.amount, deposit.currency)} not credited: the wallet is in ${wallet.currency}. Ask the payment provider to return it.`;
  ctx.deps.log.warn(
    {
      reference: deposit.provider_reference,
      currency: deposit.currency,
      walletCurrency: wallet.currency,
      storeId: wallet.store_id,
    },
    'deposit in another currency than the wallet: acknowledged, not credited',
  );
  await ctx.db.transaction().execute(async (trx) => {
    // Once per provider reference: a repeated delivery finds the row (the summary names it).
    // Deliveries that arrive together are taken one at a time on the wallet's row (PostgreSQL;
    // SQLite runs one writing transaction at a time).
    const repo = walletRepository(trx, wallet.store_id);
    await repo.lockWallet(wallet.id, ctx.deps.engine === 'postgres');
    if (await repo.depositRefusalSeen(wallet.id, summary)) return;
    await insertRows(trx, 'audits', [
      auditRow(ctx, {
        action: 'wallet.deposit_refused',
        entity: 'wallet',
        entityId: wallet.id,
        summary,
        after: {
          provider_reference: deposit.provider_reference,
          amount: deposit.amount,
          currency: deposit.currency,
          payer_name: deposit.payer_name,
        },
        storeId: wallet.store_id,
      }),
    ]);
  });
}
