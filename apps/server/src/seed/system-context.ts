import { PERMISSIONS } from '@tillbook/contract/permissions';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { AppConfig } from '../config.js';
import { engineOf } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { systemClock } from '../lib/clock.js';
import type { RequestContext, StoreContext } from '../lib/context.js';
import { createSecretBox } from '../lib/crypto.js';
import { RateLimiter } from '../lib/rate-limiter.js';
import { findStore } from '../modules/stores/stores.public.js';
import { depositSubscribers } from '../deposit-subscribers.js';
import { orderFactSubscribers } from '../order-fact-subscribers.js';
import { createMailer } from '../providers/mail/mailer.js';
import { createSandboxProvider } from '../providers/payments/sandbox.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';

/** A context for work done outside a request (seeding, scripts), acting as the system. */
export function systemContext(db: Kysely<Database>, config: AppConfig): RequestContext {
  const log = pino({ level: 'warn' });
  return {
    db,
    deps: {
      config,
      clock: systemClock,
      engine: engineOf(db as Kysely<unknown>),
      log,
      secrets: createSecretBox(config.APP_SECRET),
      rateLimiter: new RateLimiter(db, systemClock),
      storage: createLocalStorage(config.UPLOAD_DIR),
      payments: createSandboxProvider(systemClock),
      orderFacts: orderFactSubscribers,
      deposits: depositSubscribers,
      mailer: createMailer({ transport: 'log', from: config.MAIL_FROM, db, log, clock: systemClock }),
    },
    requestId: 'seed',
    ip: null,
    userAgent: 'seed',
    now: new Date(),
    actor: { type: 'system', id: null, name: 'Demo data' },
    user: null,
    sessionId: null,
    access: null,
  };
}

/** A store as the system sees it for seeding: every permission, acting as "Demo data". */
export async function storeSystemContext(
  db: Kysely<Database>,
  config: AppConfig,
  storeId: string,
): Promise<StoreContext> {
  const store = await findStore(db, storeId);
  if (!store) throw new Error(`There is no store ${storeId}.`);
  return {
    ...systemContext(db, config),
    actor: { type: 'system', id: null, name: 'Demo data' },
    storeId,
    access: { store, membershipId: null, role: null, permissions: new Set(PERMISSIONS) },
  };
}
