import type { Access } from '@tillbook/contract/common';
import { PERMISSION_GROUPS } from '@tillbook/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import type { Deps, RequestContext, StoreAccess, StoreContext } from '../lib/context.js';
import { sha256 } from '../lib/crypto.js';
import { rolePermissions } from '../lib/roles.js';
import { runSql } from '../lib/sql.js';
import { onCitus } from '../db/distribution.js';

const API_KEY_USE = Symbol('apiKeyUse');

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    [API_KEY_USE]?: () => Promise<void>;
  }
}

const LABELS = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => [p.key, p.label] as const)),
);

/** The token from `Authorization`: sent bare by the web app, `Bearer ` accepted too. */
export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request id: the client's `X-Request-Id` when it has a safe shape (up to 64 letters,
 * digits and `. _ -`), so a proxy's id follows the request into the logs; otherwise a new one.
 * Anything else could forge log lines or carry markup into answers that echo it.
 */
export function requestIdFor(header: string | string[] | undefined, generate: () => string): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : generate();
}

/** The store the request names: its path's store parameter when the route has one, else `?storeId=`. */
function requestedStoreId(request: FastifyRequest): string | null {
  const param = request.routeOptions.config?.storeParam;
  const source = (param ? request.params : request.query) as Record<string, unknown> | undefined;
  const v = source?.[param ?? 'storeId'];
  return typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : null;
}

/**
 * Two fixed SQL texts find the session and its user, then the user's membership, role and store
 * in the store the request names (or the session's current store), so authentication, tenancy
 * and the permission check cost at most two statements. Two, not one: the session lives on the
 * coordinator and the membership with the store's other rows on the worker that holds the store
 * (decision 0049), and Citus runs a statement joining the two as several (every membership and
 * role of the store fetched to the coordinator). Written as fixed SQL text rather than with the
 * query builder: they run on every request, and building their columns and joins cost several
 * times more CPU than running them. A fixed text is also found in the statement cache without
 * hashing a new string each time.
 */
const SESSION_SQL = `select s.id as session_id, s.expires_at, s.current_store_id,
      u.id as user_id, u.email, u.first_name, u.last_name, u.email_verified_at
    from sessions s
    join users u on u.id = s.user_id
    where s.token_hash = ? and s.revoked_at is null`;

/** Every table here is read by the store's id (its first two parameters, the same value). */
const ACCESS_SQL = `select m.id as membership_id,
      r.id as role_id, r.key as role_key, r.name as role_name, r.permissions as role_permissions,
      st.id as st_id, st.parent_store_id as st_parent_store_id, st.owner_user_id as st_owner_user_id,
      st.business_name as st_business_name, st.industry as st_industry, st.email as st_email,
      st.phone_number as st_phone_number, st.website as st_website, st.address as st_address, st.city as st_city,
      st.state as st_state, st.country as st_country, st.currency as st_currency, st.timezone as st_timezone,
      st.logo_url as st_logo_url, st.registration_number as st_registration_number, st.tin as st_tin,
      st.created_at as st_created_at, st.updated_at as st_updated_at,
      case when exists (select 1 from webhook_endpoints we where we.store_id = ? and we.enabled = 1)
        then 1 else 0 end as st_webhooks
    from memberships m
    join roles r on r.store_id = m.store_id and r.id = m.role_id
    join stores st on st.id = m.store_id
    where m.store_id = ? and m.user_id = ? and m.status = 'active'`;

/**
 * Off Citus, a request that names its store finds session and access in one statement: both
 * texts' tables are on the one server, and a round trip saved on every request is worth its
 * third text. Its parameters: the store's id twice, then the token's hash.
 */
const SESSION_IN_STORE_SQL = `select s.id as session_id, s.expires_at, s.current_store_id,
      u.id as user_id, u.email, u.first_name, u.last_name, u.email_verified_at,
      ${ACCESS_SQL.slice('select '.length, ACCESS_SQL.indexOf('\n    from memberships m'))}
    from sessions s
    join users u on u.id = s.user_id
    left join memberships m on m.store_id = ? and m.user_id = u.id and m.status = 'active'
    left join roles r on r.store_id = m.store_id and r.id = m.role_id
    left join stores st on st.id = m.store_id
    where s.token_hash = ? and s.revoked_at is null`;

/**
 * The current store of each session (by its token's hash) as this process last read it, so that
 * a request that names no store, as the web app's and the till's do, also finds session and
 * access in one statement: the guess is joined, and the row's own `current_store_id` says
 * whether it was right. When the session moved to another store (here or in another process),
 * the joined access is ignored and the access of the store the row names is read as before, and
 * the guess is replaced. The map holds hashes and store ids only, and is emptied when full.
 */
const currentStores = new Map<string, string | null>();
const CURRENT_STORES_MAX = 10_000;

function rememberCurrentStore(tokenHash: string, storeId: string | null): void {
  if (currentStores.size >= CURRENT_STORES_MAX) currentStores.clear();
  currentStores.set(tokenHash, storeId);
}

/** The texts, for the test that asks Citus how it runs them. */
export const SESSION_LOOKUP_TEXTS = {
  session: SESSION_SQL,
  access: ACCESS_SQL,
  sessionInStore: SESSION_IN_STORE_SQL,
} as const;

interface SessionRow {
  session_id: string;
  expires_at: string;
  current_store_id: string | null;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified_at: string | null;
}

interface AccessRow {
  membership_id: string;
  role_id: string;
  role_key: string | null;
  role_name: string;
  role_permissions: string | null;
  st_id: string;
  st_parent_store_id: string | null;
  st_owner_user_id: string;
  st_business_name: string;
  st_industry: string | null;
  st_email: string | null;
  st_phone_number: string | null;
  st_website: string | null;
  st_address: string | null;
  st_city: string | null;
  st_state: string | null;
  st_country: string | null;
  st_currency: string;
  st_timezone: string;
  st_logo_url: string | null;
  st_registration_number: string | null;
  st_tin: string | null;
  st_created_at: string;
  st_updated_at: string;
  st_webhooks: number;
}

async function lookupSession(db: Kysely<Database>, tokenHash: string): Promise<SessionRow | undefined> {
  return (await runSql<SessionRow>(db, SESSION_SQL, [tokenHash])).rows[0];
}

async function lookupSessionInStore(
  db: Kysely<Database>,
  tokenHash: string,
  storeId: string,
): Promise<(SessionRow & Partial<AccessRow>) | undefined> {
  return (
    await runSql<SessionRow & Partial<AccessRow>>(db, SESSION_IN_STORE_SQL, [storeId, storeId, tokenHash])
  ).rows[0];
}

async function lookupAccess(
  db: Kysely<Database>,
  storeId: string,
  userId: string,
): Promise<AccessRow | undefined> {
  return (await runSql<AccessRow>(db, ACCESS_SQL, [storeId, storeId, userId])).rows[0];
}

function accessFrom(row: AccessRow): StoreAccess {
  return {
    membershipId: row.membership_id,
    role: { id: row.role_id, name: row.role_name, key: row.role_key },
    permissions: rolePermissions(row.role_key, row.role_permissions),
    webhooks: row.st_webhooks === 1,
    store: {
      id: row.st_id,
      parent_store_id: row.st_parent_store_id,
      owner_user_id: row.st_owner_user_id,
      business_name: row.st_business_name,
      industry: row.st_industry,
      email: row.st_email,
      phone_number: row.st_phone_number,
      website: row.st_website,
      address: row.st_address,
      city: row.st_city,
      state: row.st_state,
      country: row.st_country,
      currency: row.st_currency,
      timezone: row.st_timezone,
      logo_url: row.st_logo_url,
      registration_number: row.st_registration_number,
      tin: row.st_tin,
      created_at: row.st_created_at,
      updated_at: row.st_updated_at,
    },
  };
}

/**
 * Authentication, tenancy and permission, in that order, before the body is validated:
 * 401 without a valid session, 404 for a store the user is not a member of, 403 without the
 * route's permission. Routes are closed unless their route table entry says otherwise.
 */
export function registerRequestContext(app: FastifyInstance, db: Kysely<Database>, deps: Deps): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  // A change in a store that is over what its plan allows now is refused (decision 0044), after
  // validation (a wrong body is still a 400) and before an API key's call is metered. Reads,
  // and the routes that bring a store back within its plan, are let through; so are sales the
  // till made offline, which happened at the counter whatever the plan says now.
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    if (request.method === 'GET' || request.method === 'HEAD' || config?.overPlan === 'allowed') return;
    if (config?.access === 'public' || config?.access === 'user') return;
    const ctx = request.ctx;
    if (!ctx?.access || !deps.planStanding) return;
    if ((request.body as { offline?: unknown } | undefined)?.offline) return;
    await deps.planStanding(ctx as StoreContext);
  });

  // An API key's call is metered and audited once it has passed the rate limit (preValidation)
  // and validation, so a refused or malformed call does not use the month's allowance.
  app.addHook('preHandler', async (request) => {
    const use = request[API_KEY_USE];
    if (use) await use();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const access = request.routeOptions.config?.access;
    if (!access) return;
    // API answers hold a merchant's data (or, for sign-in, a session token): no browser or proxy
    // may keep them. A route serving public files sets its own caching.
    reply.header('cache-control', 'private, no-store');

    const ctx: RequestContext = {
      db,
      deps,
      requestId: request.id,
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      now: deps.clock.now(),
      actor: null,
      user: null,
      sessionId: null,
      access: null,
    };
    request.ctx = ctx;

    const token = tokenFrom(request);
    if (!token) {
      if (access === 'public') return;
      throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    }
    const storeId = requestedStoreId(request);
    if (API_KEY.test(token)) {
      // An API key (decision 0032): the developers module checks it, meters the call and sets
      // the context's actor, store and permissions; the permission check below still applies.
      if (!deps.apiKeys) throw new AppError('UNAUTHENTICATED', 'API keys are not accepted here.');
      const afterChecks = await deps.apiKeys(ctx, {
        token,
        storeId,
        access,
        publicKey: request.routeOptions.config?.publicKey === true,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
      });
      if (ctx.access) {
        (ctx as RequestContext & { storeId: string }).storeId = ctx.access.store.id;
        assertPermission(ctx.access, access);
      }
      request[API_KEY_USE] = afterChecks;
      return;
    }
    const tokenHash = sha256(token);
    // The store to look the membership up in with the session: the one the request names, else
    // the session's current store as this process last saw it (checked against the row below).
    const guess = onCitus() ? null : (storeId ?? currentStores.get(tokenHash) ?? null);
    const row = guess ? await lookupSessionInStore(db, tokenHash, guess) : await lookupSession(db, tokenHash);
    if (!row || row.expires_at <= ctx.now.toISOString()) {
      if (access === 'public') return;
      throw new AppError(
        'UNAUTHENTICATED',
        row ? 'Your session has expired. Sign in again.' : 'Your session is not valid. Sign in again.',
      );
    }
    ctx.user = {
      id: row.user_id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      email_verified: row.email_verified_at !== null,
    };
    ctx.sessionId = row.session_id;
    ctx.actor = { type: 'user', id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim() };
    // The store the request names, else the one the session is in; none for a new account.
    const inStore = storeId ?? row.current_store_id;
    if (!storeId && guess !== inStore && !onCitus()) rememberCurrentStore(tokenHash, inStore);
    const found =
      guess && guess === inStore
        ? (row as Partial<AccessRow>).membership_id
          ? (row as unknown as AccessRow)
          : undefined
        : inStore
          ? await lookupAccess(db, inStore, row.user_id)
          : undefined;
    ctx.access = found ? accessFrom(found) : null;
    if (access === 'public' || access === 'user') return;

    if (!ctx.access) {
      throw new AppError(
        'NOT_FOUND',
        storeId
          ? 'Store not found.'
          : 'No store selected. Complete your business information or choose a store first.',
      );
    }
    (ctx as RequestContext & { storeId: string }).storeId = ctx.access.store.id;
    assertPermission(ctx.access, access);
  });
}

/** API keys: `pk_test_…`, `pk_live_…`, `sk_test_…`, `sk_live_…` (never a session token's shape). */
const API_KEY = /^(pk|sk)_(test|live)_/;

function assertPermission(access: StoreAccess, rule: Access): void {
  if (rule === 'public' || rule === 'user' || rule === 'member') return;
  if (!access.permissions.has(rule)) {
    throw new AppError(
      'FORBIDDEN',
      `You do not have permission to do this (${LABELS.get(rule) ?? rule}: ${rule}). Ask the store owner to give your role this permission.`,
    );
  }
}
