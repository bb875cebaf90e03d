import {
  API_KEY_ENVS,
  API_KEY_SCOPES,
  API_KEY_TYPES,
  apiKeyPermissions,
  LIVE_KEY_EXCLUDED_PERMISSIONS,
  type ApiKeyKind,
} from '@tillbook/contract/developers';
import type { Permission } from '@tillbook/contract/permissions';
import { acrossStores } from '../../db/store-key-check.js';
import { AppError } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { ApiKeyRequest, Deps, RequestContext } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import { insertRows } from '../../lib/insert-rows.js';
import { createSandboxProvider } from '../../providers/payments/sandbox.js';
import { planOfStore } from '../subscriptions/subscriptions.public.js';
import type { ApiKeysTable } from './developers.tables.js';
import { keyPlace } from './key-format.js';
import { maskKey } from './keys.service.js';
import { localDay } from './local-month.js';

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
  const byHash = ctx.db
    .selectFrom('api_keys as k')
    .innerJoin('stores as st', 'st.id', 'k.acts_on_store_id')
    .selectAll('st')
    .select([
      'k.id as key_id',
      'k.store_id as key_store_id',
      'k.acts_on_store_id',
      'k.env',
      'k.type',
      'k.scope',
      'k.expires_at',
      'k.last4',
    ])
    .where('k.key_hash', '=', sha256(request.token));
  const found = await (
    place === 'old'
      ? // A key made before keys carried their store names none: found by its hash in every
        // store (decision 0049). Rolling it gives a key of the new shape.
        acrossStores(byHash)
      : byHash.where('k.store_id', '=', place.storeId)
  ).executeTakeFirst();
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
  const day = localDay(ctx.now, store.timezone);
  const plan = key.env === 'production' ? await planOfStore(ctx, store) : null;
  await ctx.db.transaction().execute(async (trx) => {
    if (plan) {
      const allowance = plan.live_api_calls;
      const counted = await trx
        .insertInto('api_usage_months')
        .values({ store_id: store.live, month: day.slice(0, 7), live_calls: 1 })
        .onConflict((oc) => {
          const update = oc
            .columns(['store_id', 'month'])
            .doUpdateSet((eb) => ({ live_calls: eb('api_usage_months.live_calls', '+', 1) }));
          return allowance === null ? update : update.where('api_usage_months.live_calls', '<', allowance);
        })
        .returning('live_calls')
        .executeTakeFirst();
      if (!counted || (allowance !== null && counted.live_calls > allowance)) {
        throw new AppError(
          'PLAN_LIMIT',
          `The ${plan.name} plan includes ${allowance} live API calls a month, and this month's are used. Upgrade to GROWTH in Settings → Subscription for unlimited live calls; sandbox calls stay free.`,
        );
      }
    }
    await trx
      .insertInto('api_usage_days')
      .values({ store_id: store.live, day, env: key.env, calls: 1 })
      .onConflict((oc) =>
        oc
          .columns(['store_id', 'day', 'env'])
          .doUpdateSet((eb) => ({ calls: eb('api_usage_days.calls', '+', 1) })),
      )
      .execute();
    await trx
      .updateTable('api_keys')
      .set({ last_used_at: ctx.now.toISOString() })
      .where('store_id', '=', key.store_id)
      .where('id', '=', key.id)
      .execute();
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
