import {
  apiKeyPrefix,
  type ApiKey,
  type ApiKeyEnv,
  type ApiKeyScope,
  type ApiKeyType,
  type RollKeyAnswer,
} from '@tillbook/contract/developers';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Limit } from '../../lib/rate-limiter.js';
import { createSandboxTwin } from '../stores/stores.public.js';
import { findUserById } from '../users/users.public.js';
import { developersRepository } from './developers.repository.js';
import type { ApiKeysTable } from './developers.tables.js';
import { keyBody } from './key-format.js';

export const maskKey = (row: Pick<ApiKeysTable, 'env' | 'type' | 'last4'>) =>
  `${apiKeyPrefix(row.env, row.type)}…${row.last4}`;

/** A key as the API answers it; `value` is the whole key when the caller may see it now. */
function toApiKey(row: ApiKeysTable, value: string | null = row.public_value): ApiKey {
  return {
    id: row.id,
    env: row.env,
    type: row.type,
    scope: row.scope,
    masked: maskKey(row),
    value,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}

/** Live keys reach live data and count against the plan: the person making one has proved their email. */
function assertMayMakeLiveKey(ctx: StoreContext, env: ApiKeyEnv): void {
  if (env === 'production' && !ctx.user?.email_verified) {
    throw new AppError(
      'FORBIDDEN',
      'Verify your email address to create live API keys. Sandbox keys work without it.',
    );
  }
}

/** A new key row and its whole value (given to the caller once; a secret is kept sealed). */
function newKey(
  ctx: StoreContext,
  input: { env: ApiKeyEnv; type: ApiKeyType; scope: ApiKeyScope; actsOn: string },
): { row: ApiKeysTable; value: string } {
  // The key carries the store its row belongs to, so its look-up is routed (decision 0049).
  const value = `${apiKeyPrefix(input.env, input.type)}${keyBody(ctx.storeId)}`;
  return {
    value,
    row: {
      id: newId(),
      store_id: ctx.storeId,
      acts_on_store_id: input.actsOn,
      env: input.env,
      type: input.type,
      scope: input.type === 'public' ? 'read' : input.scope,
      key_hash: sha256(value),
      public_value: input.type === 'public' ? value : null,
      sealed_value: input.type === 'secret' ? ctx.deps.secrets.seal(value) : null,
      last4: value.slice(-4),
      created_by: ctx.user?.id ?? null,
      created_at: ctx.now.toISOString(),
      expires_at: null,
      replaced_by: null,
      last_used_at: null,
    },
  };
}

/**
 * Spec section 7: `GET developer/generate-keys?env=…[&type=secret]`. Answers the environment's
 * public key, or with `type=secret` its secret key, creating it on first use. A secret key is
 * whole only in the answer that creates it; afterwards it is masked, and shown again only by a
 * password-confirmed reveal (decision 0032). A sandbox key's first use creates the sandbox twin.
 */
export async function generateKey(
  ctx: StoreContext,
  query: { env: ApiKeyEnv; type?: ApiKeyType | undefined },
): Promise<{ key: ApiKey; created: boolean }> {
  const type = query.type ?? 'public';
  const repo = developersRepository(ctx.db, ctx.storeId);
  const existing = await repo.current(query.env, type);
  if (existing) return { key: toApiKey(existing), created: false };
  assertMayMakeLiveKey(ctx, query.env);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const tx = developersRepository(trx, ctx.storeId);
      const actsOn = query.env === 'sandbox' ? await ensureTwin(ctx, trx) : ctx.storeId;
      const { row, value } = newKey(ctx, { env: query.env, type, scope: 'full', actsOn });
      await tx.insert(row);
      await writeAudit(trx, ctx, {
        action: 'api_key.created',
        entity: 'api_key',
        entityId: row.id,
        summary: `${query.env === 'production' ? 'Live' : 'Sandbox'} ${type} key ${maskKey(row)} created`,
        after: { env: row.env, type: row.type, scope: row.scope, masked: maskKey(row) },
      });
      return { key: toApiKey(row, value), created: true };
    });
  } catch (error) {
    // Another request created it first (one current key per store, environment and type).
    const now = await repo.current(query.env, type);
    if (now) return { key: toApiKey(now), created: false };
    throw error;
  }
}

/** The store's sandbox twin, made on first use (decision 0032). */
async function ensureTwin(ctx: StoreContext, trx: Transaction<Database>): Promise<string> {
  const repo = developersRepository(trx, ctx.storeId);
  const existing = await repo.twinId();
  if (existing) return existing;
  const claimed = await repo.claimTwin(newId(), ctx.now.toISOString());
  if (claimed.created) await createSandboxTwin(trx, ctx, ctx.access.store, claimed.id);
  return claimed.id;
}

export async function listKeys(ctx: StoreContext): Promise<ApiKey[]> {
  const rows = await developersRepository(ctx.db, ctx.storeId).working(ctx.now.toISOString());
  return rows.map((r) => toApiKey(r));
}

/**
 * Rolls a key: a new key of the same environment, type and scope becomes current, and the old
 * one stops at once or after the grace period chosen (so a deployment can change keys without
 * a moment of failed calls). The new secret is whole in this answer only.
 */
export async function rollKey(
  ctx: StoreContext,
  id: string,
  body: { grace_hours: number },
): Promise<RollKeyAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = developersRepository(trx, ctx.storeId);
    const old = await repo.find(id);
    if (!old) throw notFound('API key');
    if (old.expires_at !== null) {
      throw new AppError('CONFLICT', 'This key has already been rolled. Roll the current key instead.');
    }
    assertMayMakeLiveKey(ctx, old.env);
    const { row, value } = newKey(ctx, {
      env: old.env,
      type: old.type,
      scope: old.scope,
      actsOn: old.acts_on_store_id,
    });
    const until = new Date(ctx.now.getTime() + body.grace_hours * 3_600_000).toISOString();
    // Conditional: of two rolls of one key at once, the second finds it rolled.
    if (!(await repo.expire(old.id, until, row.id))) {
      throw new AppError('CONFLICT', 'This key has already been rolled. Roll the current key instead.');
    }
    await repo.insert(row);
    await writeAudit(trx, ctx, {
      action: 'api_key.rolled',
      entity: 'api_key',
      entityId: old.id,
      summary: `Key ${maskKey(old)} rolled to ${maskKey(row)}; ${body.grace_hours === 0 ? 'it stopped working at once' : `it works until ${until}`}`,
      before: { masked: maskKey(old), expires_at: null },
      after: { masked: maskKey(row), expires_at: until, replaced_by: row.id },
    });
    return {
      key: toApiKey(row, value),
      rolled: toApiKey({ ...old, expires_at: until, replaced_by: row.id }),
    };
  });
}

/**
 * Wrong passwords given to reveal a secret key, per person: five an hour, as wrong PINs and
 * passwords that confirm a transfer (decision 0038). Past them every reveal of that person is
 * 429 until the window ends, the right password included, so a stolen session cannot guess the
 * password here (decision 0046). Each attempt takes its place in the count before the password
 * is checked, so a burst of concurrent guesses gets no more tries; a right one gives it back.
 */
const WRONG_REVEAL_PASSWORDS: Limit = { max: 5, windowMs: 60 * 60_000 };

/** Shows a secret key again after the person's password (audited; decision 0032). */
export async function revealKey(ctx: StoreContext, id: string, body: { password: string }): Promise<ApiKey> {
  const repo = developersRepository(ctx.db, ctx.storeId);
  const row = await repo.find(id);
  if (!row) throw notFound('API key');
  if (row.type === 'public') return toApiKey(row);
  if (!ctx.user) throw new AppError('FORBIDDEN', 'Only a signed-in person can reveal a secret key.');
  // Past the limit the password is not even checked.
  const release = await ctx.deps.rateLimiter.reserve(
    `reveal-password:account:${ctx.user.id}`,
    WRONG_REVEAL_PASSWORDS,
    'wrong passwords',
  );
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user || !(await verifyPassword(user.password_hash, body.password))) {
    throw unprocessable('The password is not correct.', { password: 'The password is not correct' });
  }
  await release();
  if (!row.sealed_value) throw notFound('API key');
  const value = ctx.deps.secrets.open(row.sealed_value);
  await ctx.db.transaction().execute((trx) =>
    writeAudit(trx, ctx, {
      action: 'api_key.revealed',
      entity: 'api_key',
      entityId: row.id,
      summary: `Secret key ${maskKey(row)} revealed`,
    }),
  );
  return toApiKey(row, value);
}

export async function setKeyScope(
  ctx: StoreContext,
  id: string,
  body: { scope: ApiKeyScope },
): Promise<ApiKey> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = developersRepository(trx, ctx.storeId);
    const row = await repo.find(id);
    if (!row) throw notFound('API key');
    if (row.type === 'public') {
      throw unprocessable('A public key only reads the catalogue; its access cannot change.', {
        scope: 'A public key only reads the catalogue',
      });
    }
    if (row.scope !== body.scope) {
      await repo.setScope(row.id, body.scope);
      await writeAudit(trx, ctx, {
        action: 'api_key.scope_changed',
        entity: 'api_key',
        entityId: row.id,
        summary: `Key ${maskKey(row)} now has ${body.scope === 'full' ? 'full' : 'read-only'} access`,
        before: { scope: row.scope },
        after: { scope: body.scope },
      });
    }
    return toApiKey({ ...row, scope: body.scope });
  });
}

/**
 * Empties the sandbox: a new twin takes the old one's place and the sandbox keys act on it from
 * now on (the keys stay the same). The old twin's records stay in the database, out of reach.
 */
export async function resetSandbox(
  ctx: StoreContext,
): Promise<{ sandbox_store_id: string; reset_at: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = developersRepository(trx, ctx.storeId);
    const old = await repo.twinId();
    const twin = await createSandboxTwin(trx, ctx, ctx.access.store, newId());
    if (old) await repo.replaceTwin(twin.id, ctx.now.toISOString());
    else await repo.claimTwin(twin.id, ctx.now.toISOString());
    await writeAudit(trx, ctx, {
      action: 'sandbox.reset',
      entity: 'store',
      entityId: twin.id,
      summary: 'Sandbox reset: the sandbox keys now act on an empty sandbox',
      before: old ? { sandbox_store_id: old } : null,
      after: { sandbox_store_id: twin.id },
    });
    return { sandbox_store_id: twin.id, reset_at: ctx.now.toISOString() };
  });
}
