import { AppError, notFound } from '../../lib/app-error.js';
import type { RequestContext } from '../../lib/context.js';
import { creditDeposit } from './wallet.service.js';
import { settleTransfer } from './wallet-transfers.service.js';

/**
 * A provider's webhook: nothing is read before the signature of the raw body is checked (a
 * wrong one is a 401 and changes nothing). Deposits credit once per provider reference;
 * transfer outcomes settle once (decision 0027), however often and in whatever order they come.
 */
export async function receiveWebhook(
  ctx: RequestContext,
  provider: 'paystack',
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: boolean }> {
  if (ctx.deps.payments.name !== provider) throw notFound('Webhook');
  const events = ctx.deps.payments.readWebhook(rawBody, headers);
  if (!events) throw new AppError('UNAUTHENTICATED', 'The webhook signature is not valid.');
  for (const event of events) {
    if (event.kind === 'deposit') {
      const result = await creditDeposit(ctx, event.deposit);
      if (!result)
        ctx.deps.log.warn({ reference: event.deposit.provider_reference }, 'deposit for no known wallet');
    } else if (event.kind === 'transfer') {
      const row = await ctx.db
        .selectFrom('wallet_transactions')
        .select(['wallet_id'])
        .where('reference', '=', event.reference)
        .where('type', '=', 'transfer')
        .executeTakeFirst();
      if (!row) continue;
      const wallet = await ctx.db
        .selectFrom('wallets')
        .selectAll()
        .where('id', '=', row.wallet_id)
        .executeTakeFirstOrThrow();
      await settleTransfer(ctx, wallet, event.reference, event.result);
    }
  }
  return { received: true };
}
