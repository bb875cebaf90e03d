import { z } from 'zod';
import { defineRoutes, idParam, type RouteDef } from './common.js';
import { PERMISSIONS, type Permission } from './permissions.js';

/** Spec section 7: `env=sandbox` or `env=production`. */
export const API_KEY_ENVS = ['sandbox', 'production'] as const;
export type ApiKeyEnv = (typeof API_KEY_ENVS)[number];
export const API_KEY_TYPES = ['public', 'secret'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];
/** A secret key acts with every permission a key may hold, or only the `.view` ones. */
export const API_KEY_SCOPES = ['full', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The key's prefix (domain.md "Developer credentials"). */
export const apiKeyPrefix = (env: ApiKeyEnv, type: ApiKeyType) =>
  `${type === 'public' ? 'pk' : 'sk'}_${env === 'production' ? 'live' : 'test'}_`;

/**
 * Permissions no API key holds, whatever its scope: managing people, roles, keys and the plan,
 * sending money (a transfer asks for a person's password), and the audit log, which holds the
 * staff's names, email addresses, IP addresses and browsers (decision 0046). An integration reads
 * and writes the store's records; the account and its people stay with the people.
 */
export const API_KEY_EXCLUDED_PERMISSIONS: readonly Permission[] = [
  'members.manage',
  'roles.manage',
  'developers.manage',
  'subscription.manage',
  'wallet.transfer',
  'stores.manage',
  'audits.view',
];

/**
 * Also not held by live keys: the wallet (its account number, balance, transactions with the
 * names and bank accounts of who paid and was paid, name enquiries). An integration learns of
 * money through the `payment.received` and `wallet.transfer.settled` webhooks. Sandbox keys keep
 * the twin's wallet, whose money and accounts are the sandbox provider's (decision 0046).
 */
export const LIVE_KEY_EXCLUDED_PERMISSIONS: readonly Permission[] = ['wallet.view'];

/** A public key reads the catalogue, and only through routes whose table says `publicKey`. */
export const PUBLIC_KEY_PERMISSIONS: readonly Permission[] = ['products.view'];

/** What tells keys' rights apart: public or secret, sandbox or live, and a secret key's scope. */
export interface ApiKeyKind {
  type: ApiKeyType;
  env: ApiKeyEnv;
  /** A secret key's scope; a public key is read-only. */
  scope: ApiKeyScope;
}

/** The kinds of key, as the OpenAPI document names them (`x-api-keys`). */
export const API_KEY_KINDS = {
  pk_test: { type: 'public', env: 'sandbox', scope: 'read' },
  pk_live: { type: 'public', env: 'production', scope: 'read' },
  sk_test: { type: 'secret', env: 'sandbox', scope: 'full' },
  sk_test_read: { type: 'secret', env: 'sandbox', scope: 'read' },
  sk_live: { type: 'secret', env: 'production', scope: 'full' },
  sk_live_read: { type: 'secret', env: 'production', scope: 'read' },
} as const satisfies Record<string, ApiKeyKind>;
export type ApiKeyKindName = keyof typeof API_KEY_KINDS;

/**
 * The permissions a key of this kind acts with: a public key `products.view`; a secret key every
 * permission but the excluded ones (and, live, the wallet's), only the `.view` ones when read-only;
 * a full sandbox key also `wallet.transfer`, so an integration can open the twin's wallet and
 * simulate deposits (a transfer itself still asks for a person's password).
 */
export function apiKeyPermissions(key: ApiKeyKind): Permission[] {
  if (key.type === 'public') return [...PUBLIC_KEY_PERMISSIONS];
  return PERMISSIONS.filter((p) => {
    if (key.scope === 'read' && !p.endsWith('.view')) return false;
    if (key.env === 'sandbox' && key.scope === 'full' && p === 'wallet.transfer') return true;
    if (key.env === 'production' && LIVE_KEY_EXCLUDED_PERMISSIONS.includes(p)) return false;
    return !API_KEY_EXCLUDED_PERMISSIONS.includes(p);
  });
}

/**
 * Whether a key of this kind may call the route (the server's check, written once for the
 * OpenAPI document and the tests): never a person's own route (`user`); a public key only a
 * route marked `publicKey`; a secret key a store route when its permissions hold the route's.
 */
export function apiKeyMayCall(def: Pick<RouteDef, 'access' | 'publicKey'>, key: ApiKeyKind): boolean {
  if (def.access === 'user') return false;
  if (key.type === 'public') return Boolean(def.publicKey);
  if (def.access === 'public' || def.access === 'member') return true;
  return apiKeyPermissions(key).includes(def.access);
}

/** Grace periods a rolled key may keep working for, in hours (0: it stops at once). */
export const ROLL_GRACE_HOURS = [0, 1, 24, 72, 168] as const;

export const apiKeySchema = z.object({
  id: z.string(),
  env: z.enum(API_KEY_ENVS),
  type: z.enum(API_KEY_TYPES),
  scope: z.enum(API_KEY_SCOPES),
  /** `pk_live_…4f2a`: enough to tell keys apart, never enough to use one. */
  masked: z.string(),
  /**
   * The whole key: always for a public key; for a secret key only in the answer that created
   * it (generate, roll) or revealed it (password-confirmed), otherwise null.
   */
  value: z.string().nullable(),
  created_at: z.string(),
  /** When a rolled key stops working; null while it is current. */
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const generateKeysQuery = z.object({
  env: z.enum(API_KEY_ENVS, { error: 'env must be sandbox or production' }),
  type: z.enum(['public', 'secret'], { error: 'type must be public or secret' }).optional(),
});

export const rollKeyBody = z.object({
  grace_hours: z.coerce
    .number({ error: 'Grace period must be a number of hours' })
    .refine((v) => (ROLL_GRACE_HOURS as readonly number[]).includes(v), {
      error: `Grace period must be one of ${ROLL_GRACE_HOURS.join(', ')} hours`,
    })
    .default(0),
});

export const rollKeyAnswerSchema = z.object({ key: apiKeySchema, rolled: apiKeySchema });
export type RollKeyAnswer = z.infer<typeof rollKeyAnswerSchema>;

export const revealKeyBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});

export const keyScopeBody = z.object({
  scope: z.enum(API_KEY_SCOPES, { error: 'Access must be full or read' }),
});

export const apiUsageDaySchema = z.object({
  /** YYYY-MM-DD in the store's time zone. */
  date: z.string(),
  live: z.number().int(),
  sandbox: z.number().int(),
});

export const apiUsageSchema = z.object({
  /** YYYY-MM in the store's time zone: live calls are counted per calendar month. */
  month: z.string(),
  plan_name: z.string(),
  /** Live calls the plan allows a month; null is unlimited. */
  allowance: z.number().int().nullable(),
  live_calls: z.number().int(),
  sandbox_calls: z.number().int(),
  /** Every day of the month so far. */
  days: z.array(apiUsageDaySchema),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

export const sandboxResetAnswerSchema = z.object({ sandbox_store_id: z.string(), reset_at: z.string() });

export const developersRoutes = defineRoutes({
  generateKeys: {
    method: 'GET',
    path: '/developer/generate-keys',
    access: 'developers.manage',
    summary:
      "The store's public key for env (created on first use); with type=secret the secret key, whole only when this call creates it",
    query: generateKeysQuery,
    response: apiKeySchema,
  },
  keys: {
    method: 'GET',
    path: '/developer/keys',
    access: 'developers.manage',
    summary: "The store's current keys, and rolled keys still in their grace period",
    response: z.array(apiKeySchema),
  },
  roll: {
    method: 'POST',
    path: '/developer/keys/:id/roll',
    access: 'developers.manage',
    summary: 'Replace a key with a new one; the old one stops at once or after the grace period',
    params: idParam,
    body: rollKeyBody,
    response: rollKeyAnswerSchema,
  },
  reveal: {
    method: 'POST',
    path: '/developer/keys/:id/reveal',
    access: 'developers.manage',
    summary: 'Show a secret key again (asks for the password; audited)',
    params: idParam,
    body: revealKeyBody,
    response: apiKeySchema,
  },
  setScope: {
    method: 'PATCH',
    path: '/developer/keys/:id',
    access: 'developers.manage',
    summary: 'Give a secret key full or read-only access',
    params: idParam,
    body: keyScopeBody,
    response: apiKeySchema,
  },
  usage: {
    method: 'GET',
    path: '/developer/usage',
    access: 'developers.manage',
    summary: "This month's API calls against the plan's allowance, by day",
    response: apiUsageSchema,
  },
  resetSandbox: {
    method: 'POST',
    path: '/developer/sandbox/reset',
    access: 'developers.manage',
    summary: "Start the store's sandbox again, empty (the sandbox keys stay the same)",
    response: sandboxResetAnswerSchema,
  },
});
