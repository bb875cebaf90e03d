import { MESSAGES } from '@tillbook/contract/constants';
import { paymentRoutes, walletRoutes } from '@tillbook/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { getSettlementAccount, setSettlementAccount } from './payment-settings.service.js';
import { getPinStatus, setPin } from './transaction-pin.service.js';
import * as wallet from './wallet.service.js';
import { reconcilePendingTransfers, sendTransfer } from './wallet-transfers.service.js';
import { receiveWebhook } from './wallet-webhooks.service.js';
import type { RequestContext } from '../../lib/context.js';

export function registerWalletRoutes(app: FastifyInstance): void {
  route(app, walletRoutes.open, async (ctx) => ok(await wallet.openWallet(ctx), 'Wallet ready'));
  route(app, walletRoutes.details, async (ctx) => ok(await wallet.getWalletDetails(ctx)));
  route(app, walletRoutes.transactions, async (ctx, { query }) =>
    paged(await wallet.listTransactions(ctx, query)),
  );
  route(app, walletRoutes.exportTransactions, async (ctx, { query }, _request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="wallet-transactions-${ctx.now.toISOString().slice(0, 10)}.csv"`,
      )
      .send(await wallet.exportTransactions(ctx, query)),
  );
  route(app, walletRoutes.bankCodes, async (ctx, { query }) => ok(await wallet.listBanks(ctx, query.search)));
  route(app, walletRoutes.beneficiaries, async (ctx) => ok(await wallet.listBeneficiaries(ctx)));
  route(app, walletRoutes.validate, async (ctx, { body }) => ok(await wallet.resolveAccount(ctx, body)));
  route(app, walletRoutes.transfer, async (ctx, { body, idempotencyKey }) => {
    const { transaction, replayed } = await sendTransfer(ctx, body, idempotencyKey);
    const message = {
      pending: 'Transfer pending',
      success: 'Transfer sent',
      failed: 'Transfer failed; the money is back in the wallet',
      reversed: 'Transfer reversed; the money is back in the wallet',
    }[transaction.status];
    return ok(transaction, replayed ? `${message} (repeated request)` : message, 201);
  });
  route(app, walletRoutes.pinStatus, async (ctx) => ok(await getPinStatus(ctx)));
  route(app, walletRoutes.setPin, async (ctx, { body }) =>
    ok(await setPin(ctx, body), 'Transaction PIN saved'),
  );
  route(app, walletRoutes.sandboxDeposit, async (ctx, { body }) => {
    // A reference sent again credits nothing: 200 with the first deposit, as a replay answers.
    const { transaction, credited } = await wallet.simulateDeposit(ctx, body);
    return credited
      ? ok(transaction, 'Deposit received', 201)
      : ok(transaction, 'Deposit already received (same reference)', 200);
  });

  // The webhook's signature is over the raw bytes: this scope keeps JSON bodies as a Buffer.
  void app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(raw, walletRoutes.paystackWebhook, async (ctx, _input, request) =>
      ok(
        await receiveWebhook(
          ctx,
          'paystack',
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers,
        ),
      ),
    );
  });

  route(app, paymentRoutes.banks, async (ctx, { query }) => ok(await wallet.listBanks(ctx, query.search)));
  route(app, paymentRoutes.verifyAccount, async (ctx, { query }) =>
    ok(await wallet.resolveAccount(ctx, query)),
  );
  route(app, paymentRoutes.settlementAccount, async (ctx) => ok(await getSettlementAccount(ctx)));
  route(app, paymentRoutes.setSettlementAccount, async (ctx, { body }) =>
    ok(await setSettlementAccount(ctx, body), MESSAGES.saved),
  );
}

/**
 * Verifies pending transfers when the app is ready and then every `WALLET_RECONCILE_SECONDS`
 * (decision 0027). The timer does not keep the process alive and stops with the app.
 */
export function startTransferReconciler(app: FastifyInstance, ctxFor: () => RequestContext): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => reconcilePendingTransfers(ctxFor()))
      .catch((error: unknown) => app.log.error({ err: error }, 'transfer reconciler failed'));
    return running;
  };
  app.addHook('onReady', async () => {
    // 0 turns it off in this process (the API tests run it themselves, at moments they choose).
    const seconds = ctxFor().deps.config.WALLET_RECONCILE_SECONDS;
    if (seconds === 0) return;
    void run();
    timer = setInterval(() => void run(), seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
