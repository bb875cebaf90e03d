import { z } from 'zod';
import { defineRoutes, idParam } from './common.js';
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
 * and sending money (a transfer asks for a person's password). An integration reads and writes
 * the store's records; the account stays with its people.
 */
export const API_KEY_EXCLUDED_PERMISSIONS: readonly Permission[] = [
  'members.manage',
  'roles.manage',
  'developers.manage',
  'subscription.manage',
  'wallet.transfer',
  'stores.manage',
];

/** What a secret key of each scope may do. */
export function apiKeyPermissions(scope: ApiKeyScope): Permission[] {
  return PERMISSIONS.filter(
    (p) => !API_KEY_EXCLUDED_PERMISSIONS.includes(p) && (scope === 'full' || p.endsWith('.view')),
  );
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
