import type { Access } from '@tillbook/contract/common';
import type { ApiKeyKind } from '@tillbook/contract/developers';
import type { Permission } from '@tillbook/contract/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Engine } from '../db/connection.js';
import type { Database, StoresTable } from '../db/schema.js';
import type { Mailer } from '../providers/mail/mailer.js';
import type { PaymentProvider } from '../providers/payments/payment-provider.js';
import type { FileStorage } from '../providers/storage/file-storage.js';
import type { Clock } from './clock.js';
import type { InsertBatch } from './insert-rows.js';
import type { CreditedDeposit } from './deposit-facts.js';
import type { OrderFact } from './order-facts.js';
import type { SecretBox } from './crypto.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * What an insert takes of a plan's limits:
 * - `members`: one more person in a store. An invitation counts open invitations too (they are
 *   seats promised); `joining` (accepting an invitation) counts the active members, so a plan
 *   that ended since the invitation was sent is checked again.
 * - `stores`: one more store or branch of the owner.
 */
export type PlanClaim =
  { resource: 'members'; storeId: string; joining?: boolean } | { resource: 'stores'; ownerId: string };

/** What a service needs besides the database; built once per app. */
export interface Deps {
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  secrets: SecretBox;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  engine: Engine;
  /** The payment provider of the wallet (decision 0029). */
  payments: PaymentProvider;
  /**
   * What reacts to an order's facts in the order's transaction: the one list of subscribers,
   * `src/order-fact-subscribers.ts` (decision 0053). Required, so every place that builds the
   * app's dependencies (the app, the seed's system context) names it.
   */
  orderFacts: readonly OrderFactSubscriber[];
  /**
   * What reacts to a deposit newly credited to a wallet, in the deposit's transaction: the one
   * list, `src/deposit-subscribers.ts` (decision 0065). Required, as `orderFacts` is.
   */
  deposits: readonly DepositSubscriber[];
  /**
   * Claims room under the plans' limits in the transaction of the insert it guards; installed by
   * the subscriptions module (decisions 0030, 0044).
   */
  planLimits?: (trx: Transaction<Database>, ctx: RequestContext, claim: PlanClaim) => Promise<void>;
  /**
   * Refuses a change in a store that is over what its plan allows now (a paid plan ended with
   * more stores or members than the plan allows): a 402 saying why. Installed by the
   * subscriptions module (decision 0044).
   */
  planStanding?: (ctx: StoreContext) => Promise<void>;
  /**
   * Authenticates a request made with an API key (`pk_…`/`sk_…`): sets the context's actor,
   * store and permissions, or throws. It answers what runs once the call has passed the rate
   * limit and validation (metering, the audit row of the use). Installed by the developers
   * module (decision 0032); without it keys are refused.
   */
  apiKeys?: (ctx: RequestContext, request: ApiKeyRequest) => Promise<() => Promise<void>>;
}

/** What the API-key check needs to know of a request. */
export interface ApiKeyRequest {
  token: string;
  /** The store the request names (`?storeId=` or the route's store parameter), if any. */
  storeId: string | null;
  access: Access;
  /** The route may be called with a public key. */
  publicKey: boolean;
  method: string;
  /** The route's path pattern, `/api/v1/product/:id`. */
  route: string;
}

export interface AuthUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
}

/** Who acts: a signed-in person, an API key or the system (seed, jobs). */
export type Actor =
  | { type: 'user'; id: string; name: string }
  | { type: 'api_key'; id: string; name: string }
  | { type: 'system'; id: null; name: string };

export type StoreRow = StoresTable;

export interface StoreAccess {
  store: StoreRow;
  membershipId: string | null;
  role: { id: string; name: string; key: string | null } | null;
  permissions: ReadonlySet<Permission>;
  /**
   * Whether the store had an enabled webhook endpoint when the request was read (with the
   * session, in the same statement); unknown counts as yes. A change made in the request raises
   * no events for a store nobody listens to (decision 0034).
   */
  webhooks?: boolean;
}

export interface RequestContext {
  db: Kysely<Database>;
  deps: Deps;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  /** The time the request arrived, from the app's clock. */
  now: Date;
  actor: Actor | null;
  user: AuthUser | null;
  sessionId: string | null;
  access: StoreAccess | null;
  /**
   * The kind of API key the request was made with (public or secret, sandbox or live, scope);
   * absent for a person's session. A public key's answers are the public projection (decision 0046).
   */
  apiKey?: ApiKeyKind;
}

export interface UserContext extends RequestContext {
  actor: Actor;
  user: AuthUser;
  sessionId: string;
}

export interface StoreContext extends RequestContext {
  actor: Actor;
  access: StoreAccess;
  storeId: string;
}

export const nowIso = (ctx: { now: Date }) => ctx.now.toISOString();

/**
 * Where a subscriber to the order's facts reacts (decision 0053; the facts are in
 * `order-facts.ts`): the change's transaction, its store, and the change's batch of rows written
 * together at its end (`InsertBatch`; on PostgreSQL one statement with the order's own rows on
 * the sale's path). A subscriber adds rows to `batch` rather than running statements of its own;
 * `trx` is there for one that must read first. Declared here, beside `Deps`, which holds the
 * list: the facts' file then needs nothing of this one.
 */
export interface OrderFactScope {
  trx: Transaction<Database>;
  ctx: StoreContext;
  batch: InsertBatch;
}

export type OrderFactReaction<F extends OrderFact> = (fact: F, scope: OrderFactScope) => void | Promise<void>;

/** A subscriber: a name (for errors and tests) and what it does on each kind of fact it cares about. */
export type OrderFactSubscriber = { readonly name: string } & {
  readonly [K in OrderFact['kind']]?: OrderFactReaction<Extract<OrderFact, { kind: K }>>;
};

/**
 * Where a deposit subscriber reacts (decision 0065; the deposit is in `deposit-facts.ts`): the
 * deposit's transaction, and the context it came in with (a webhook's or a background round's,
 * acting as the system; the sandbox's, a member's). The context may have no store: the
 * subscriber builds its own for `deposit.storeId`.
 */
export interface DepositScope {
  trx: Transaction<Database>;
  ctx: RequestContext;
  /** The deposit's store, read by the wallet in the deposit's transaction. */
  store: StoreRow;
}

export interface DepositSubscriber {
  readonly name: string;
  credited(deposit: CreditedDeposit, scope: DepositScope): Promise<void>;
}
