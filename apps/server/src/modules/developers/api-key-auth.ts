import {
  API_KEY_ENVS,
  API_KEY_SCOPES,
  API_KEY_TYPES,
  apiKeyPermissions,
  LIVE_KEY_EXCLUDED_PERMISSIONS,
  type ApiKeyKind,
} from '@tillbook/contract/developers';
import type { Permission } from '@tillbook/contract/permissions';
import { AppError } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { ApiKeyRequest, Deps, RequestContext } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import { insertRows } from '../../lib/insert-rows.js';
import { localDate } from '../../lib/local-dates.js';
import { createSandboxProvider } from '../../providers/payments/sandbox.js';
import { planOfStore } from '../subscriptions/subscriptions.public.js';
import { developersRepository, keyWithStoreByHash } from './developers.repository.js';
import type { ApiKeysTable } from './developers.tables.js';
import { keyPlace } from './key-format.js';
import { maskKey } from './keys.service.js';

/**
 * The permissions of each kind of key (public or secret, sandbox or live, full or read), made
 * once from the contract's rule (decision 0046), which the OpenAPI document shows per route.
 */
const PERMISSIONS_BY_KIND = new Map<string, ReadonlySet<Permission>>(
  API_KEY_TYPES.flatMap((type) =>
    API_KEY_ENVS.flatMap((env) =>
      API_KEY_SCOPES.map((scope) => [
        kindOf({ type, env, scope }),
        new Set(apiKeyPermissions({ type, env, scope })),
      ]),
    ),
  ),
);
function kindOf(key: ApiKeyKind): string {
  return `${key.type}:${key.env}:${key.scope}`;
}

/** Sandbox calls use the sandbox payment provider whatever the live store uses (decision 0032). */
const sandboxDeps = new WeakMap<Deps, Deps>();
function depsForSandbox(deps: Deps): Deps {
  let found = sandboxDeps.get(deps);
  if (!found) {
    found = { ...deps, payments: createSandboxProvider(deps.clock) };
    sandboxDeps.set(deps, found);
  }
  return found;
}

type KeyRow = Pick<
  ApiKeysTable,
  'id' | 'store_id' | 'acts_on_store_id' | 'env' | 'type' | 'scope' | 'expires_at' | 'last4'
>;

/**
 * Installed as `deps.apiKeys` (decision 0032): finds the key by its hash in the store the key
 * names (decision 0049), refuses a rolled or unknown key (401), another store (404), a route a
 * key may not call (403), and sets the context: the key as actor, the store it acts on (the live
 * store or its sandbox twin) and the key's permissions. Answers the step that runs once the call
 * has passed the rate limit and validation: metering and the audit row of the use.
 */
export async function authenticateApiKey(
  ctx: RequestContext,
  request: ApiKeyRequest,
): Promise<() => Promise<void>> {
  const place = keyPlace(request.token);
  if (!place) throw new AppError('UNAUTHENTICATED', 'This API key is not valid.');
  // A key made before keys carried their store names none: found by its hash in every store
  // (decision 0049). Rolling it gives a key of the new shape.
  const found = await keyWithStoreByHash(
    ctx.db,
    sha256(request.token),
    place === 'old' ? null : place.storeId,
  );
  const now = ctx.now.toISOString();
  if (!found) throw new AppError('UNAUTHENTICATED', 'This API key is not valid.');
  if (found.expires_at !== null && found.expires_at <= now) {
    throw new AppError('UNAUTHENTICATED', 'This API key was rolled and no longer works. Use the new key.');
  }
  const {
    key_id,
    key_store_id,
    acts_on_store_id,
    env,
    type,
    scope,
    expires_at,
    last4,
    sandbox_of,
    ...store
  } = found;
  const key: KeyRow = {
    id: key_id,
    store_id: key_store_id,
    acts_on_store_id,
    env,
    type,
    scope,
    expires_at,
    last4,
  };
  void sandbox_of;
  if (request.storeId && request.storeId !== key.store_id && request.storeId !== key.acts_on_store_id) {
    throw new AppError('NOT_FOUND', 'Store not found.');
  }
  if (request.access === 'user') {
    throw new AppError('FORBIDDEN', 'API keys cannot make this call: it belongs to a signed-in person.');
  }
  if (key.type === 'public' && !request.publicKey) {
    throw new AppError(
      'FORBIDDEN',
      'A public key can only read the catalogue. Call this from your server with the secret key.',
    );
  }
  const permissions = PERMISSIONS_BY_KIND.get(kindOf(key))!;
  if (request.access !== 'public' && request.access !== 'member' && !permissions.has(request.access)) {
    throw new AppError('FORBIDDEN', refusal(key, request.access));
  }
  ctx.actor = { type: 'api_key', id: key.id, name: maskKey(key) };
  ctx.access = { store, membershipId: null, role: null, permissions };
  ctx.apiKey = { type: key.type, env: key.env, scope: key.scope };
  if (key.env === 'sandbox') ctx.deps = depsForSandbox(ctx.deps);
  return () => recordUse(ctx, key, { id: store.id, timezone: store.timezone, live: key.store_id }, request);
}

/** Why a secret key may not make a call that needs `permission` (decision 0046). */
function refusal(key: KeyRow, permission: Permission): string {
  if (key.scope === 'read' && PERMISSIONS_BY_KIND.get(kindOf({ ...key, scope: 'full' }))!.has(permission)) {
    return `This key is read-only and this call needs ${permission}. Give the key full access in Developers, or use a key that has it.`;
  }
  if (key.env === 'production' && LIVE_KEY_EXCLUDED_PERMISSIONS.includes(permission)) {
    return `Live API keys cannot reach the wallet (${permission}). Follow payments with the payment.received and wallet.transfer.settled webhooks.`;
  }
  return `API keys cannot make this call (${permission}): it is for the store's people, signed in.`;
}

/**
 * Counts the call and writes its audit row, in one transaction. A live call first raises the
 * month's count by a conditional upsert that passes only while the count is under the plan's
 * allowance, so concurrent calls in any number of processes never pass it; when it does not
 * pass, nothing is written and the call is a 402. Sandbox calls are counted by day only, never
 * metered (decision 0033).
 */
async function recordUse(
  ctx: RequestContext,
  key: KeyRow,
  store: { id: string; timezone: string; live: string },
  request: ApiKeyRequest,
): Promise<void> {
  const day = localDate(ctx.now, store.timezone);
  const plan = key.env === 'production' ? await planOfStore(ctx, store) : null;
  await ctx.db.transaction().execute(async (trx) => {
    // The usage rows and the key are the live store's.
    const repo = developersRepository(trx, store.live);
    if (plan) {
      const allowance = plan.live_api_calls;
      const counted = await repo.countLiveCall(day.slice(0, 7), allowance);
      if (!counted || (allowance !== null && counted.live_calls > allowance)) {
        throw new AppError(
          'PLAN_LIMIT',
          `The ${plan.name} plan includes ${allowance} live API calls a month, and this month's are used. Upgrade to GROWTH in Settings → Subscription for unlimited live calls; sandbox calls stay free.`,
        );
      }
    }
    await repo.countDayCall(day, key.env);
    await repo.markUsed(key.id, ctx.now.toISOString());
    await insertRows(trx, 'audits', [
      auditRow(ctx, {
        action: 'api_key.used',
        entity: 'api_key',
        entityId: key.id,
        summary: `${request.method} ${request.route}`,
        storeId: store.id,
      }),
    ]);
  });
}
