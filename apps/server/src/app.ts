import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { Deps, OrderFactSubscriber } from './lib/context.js';
import { createSecretBox } from './lib/crypto.js';
import { newId } from './lib/ids.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { registerAuditsRoutes } from './modules/audits/audits.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCustomersRoutes } from './modules/customers/customers.routes.js';
import { authenticateApiKey } from './modules/developers/developers.public.js';
import { registerDevelopersRoutes } from './modules/developers/developers.routes.js';
import { registerShippingRoutes } from './modules/shipping/shipping.routes.js';
import { registerTaxRoutes } from './modules/tax/tax.routes.js';
import { registerShiftsRoutes } from './modules/shifts/shifts.routes.js';
import { registerTillRoutes } from './modules/till/till.routes.js';
import { registerPurchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.js';
import { registerVendorsRoutes } from './modules/vendors/vendors.routes.js';
import { registerSubscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { checkPlanStanding, enforcePlanLimits } from './modules/subscriptions/subscriptions.public.js';
import { registerWalletRoutes, startTransferReconciler } from './modules/wallet/wallet.routes.js';
import { registerWebhooksRoutes, startWebhookWorker } from './modules/webhooks/webhooks.routes.js';
import { registerDiscountsRoutes } from './modules/discounts/discounts.routes.js';
import { registerMembersRoutes } from './modules/members/members.routes.js';
import { registerOrdersRoutes } from './modules/orders/orders.routes.js';
import { registerTillTransfersRoutes } from './modules/orders/till-transfers.routes.js';
import { startTillTransferRequery } from './modules/orders/transfer-requery.js';
import { registerReceiptSharingRoutes } from './modules/receipts/receipt-sharing.routes.js';
import { registerReceiptsRoutes } from './modules/receipts/receipts.routes.js';
import { registerPaymentsReceivedRoutes } from './modules/payments-received/payments-received.routes.js';
import { registerProductsRoutes } from './modules/products/products.routes.js';
import { registerReportsRoutes, startSalesFiguresRollUp } from './modules/reports/reports.routes.js';
import { registerStoresRoutes } from './modules/stores/stores.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { depositSubscribers } from './deposit-subscribers.js';
import { orderFactSubscribers } from './order-fact-subscribers.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerApiRateLimit } from './plugins/api-rate-limit.js';
import { registerRequestContext, requestIdFor } from './plugins/request-context.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextInputCheck } from './plugins/text-input.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { createMailer, type Mailer } from './providers/mail/mailer.js';
import { createLocalStorage } from './providers/storage/local-storage.js';
import type { FileStorage } from './providers/storage/file-storage.js';
import { createPaymentProvider } from './providers/payments/create-provider.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';

export interface BuildOptions {
  config: AppConfig;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  storage?: FileStorage;
  /** The wallet's payment provider; by default the one `PAYMENT_PROVIDER` names. */
  payments?: PaymentProvider;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  /** Serve the built web app (default: when it has been built). */
  serveWeb?: boolean;
  /** What reacts to an order's facts; by default the app's list (`order-fact-subscribers.ts`). */
  orderFacts?: readonly OrderFactSubscriber[];
}

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the app: plugins, then modules. It does not listen (main.ts does; tests inject). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request.headers['x-request-id'], newId),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 300 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const deps: Deps = {
    config,
    clock,
    engine: database.engine,
    log: app.log,
    secrets: createSecretBox(config.APP_SECRET),
    rateLimiter: new RateLimiter(database.db, clock),
    storage: options.storage ?? createLocalStorage(config.UPLOAD_DIR),
    payments: options.payments ?? createPaymentProvider(config, clock),
    orderFacts: options.orderFacts ?? orderFactSubscribers,
    deposits: depositSubscribers,
    planLimits: enforcePlanLimits,
    planStanding: checkPlanStanding,
    apiKeys: authenticateApiKey,
    mailer:
      options.mailer ??
      createMailer({
        transport: config.MAIL_TRANSPORT,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: app.log,
        clock,
      }),
  };

  registerErrorHandling(app);
  registerTextInputCheck(app);
  await registerSecurity(app, config);
  // Only the sign-in device cookie (decision 0021); nothing authenticates by cookie.
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  registerRequestContext(app, database.db, deps);
  registerSystemRoutes(app, database.db);

  await app.register(
    async (api) => {
      // Here, before the API's routes: it hooks the routes registered after it in this scope
      // only, so the web app's files (compressed at build time) are left alone.
      await registerCompression(api);
      await registerApiRateLimit(api, config, deps.rateLimiter, deps.clock);
      registerAuthRoutes(api);
      registerUsersRoutes(api);
      registerStoresRoutes(api);
      registerMembersRoutes(api);
      registerAuditsRoutes(api);
      registerVendorsRoutes(api);
      registerPurchaseOrdersRoutes(api);
      registerProductsRoutes(api);
      registerCustomersRoutes(api);
      registerOrdersRoutes(api);
      registerTillTransfersRoutes(api);
      registerReceiptSharingRoutes(api);
      registerReceiptsRoutes(api);
      registerDiscountsRoutes(api);
      registerReportsRoutes(api);
      registerPaymentsReceivedRoutes(api);
      registerShippingRoutes(api);
      registerTillRoutes(api);
      registerShiftsRoutes(api);
      registerTaxRoutes(api);
      registerWalletRoutes(api);
      registerSubscriptionsRoutes(api);
      registerWebhooksRoutes(api);
      registerDevelopersRoutes(api);
      registerApiDocsRoutes(api);
    },
    { prefix: '/api/v1' },
  );

  startTransferReconciler(app, () => ({
    db: database.db,
    deps,
    requestId: 'reconciler',
    ip: null,
    userAgent: null,
    now: clock.now(),
    actor: { type: 'system', id: null, name: 'Transfer reconciler' },
    user: null,
    sessionId: null,
    access: null,
  }));

  startWebhookWorker(app, database.db, deps);
  startTillTransferRequery(app, database.db, deps);
  startSalesFiguresRollUp(app, database.db, deps);

  if (options.serveWeb ?? true) await registerStaticWeb(app, config.WEB_DIST_DIR ?? defaultWebDist());
  return app;
}
