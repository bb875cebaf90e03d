import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from the environment, with its documented default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // Without it, the SQLite file app.db in DATA_DIR (see loadConfig).
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^(sqlite:|postgres(ql)?:\/\/)/.test(v), {
      error: 'DATABASE_URL must start with sqlite: or postgres://',
    }),
  /** PostgreSQL client library: pg (the default) or postgres.js, measured against it (decision 0014). */
  PG_CLIENT: z.enum(['pg', 'postgres.js']).default('pg'),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: z.string().min(32, { error: 'APP_SECRET must be at least 32 characters' }).optional(),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z.string().default(''),
  MAIL_TRANSPORT: z.enum(['log', 'smtp']).default('log'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tillbook <no-reply@tillbook.local>'),
  /**
   * The wallet's provider. Unset, the sandbox (play money) outside production; production must
   * name one (decision 0048).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Where the Paystack adapter sends its calls (tests point it at a local fake server). */
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** How long a Paystack call may take before its outcome counts as unknown (ms). */
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** The fee of one wallet transfer, and the largest transfer and day's total, in minor units. */
  WALLET_TRANSFER_FEE: z.coerce.number().int().min(0).default(1_000),
  WALLET_TRANSFER_LIMIT: z.coerce.number().int().positive().default(500_000_000),
  WALLET_DAILY_LIMIT: z.coerce.number().int().positive().default(1_000_000_000),
  /** How often pending transfers are verified with the provider, also on start (seconds; 0: never, in this process). */
  WALLET_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * How often the provider is asked for deposits into the accounts of stores with sales waiting
   * for a transfer, so a lost webhook still pays its sale (seconds; 0: never, in this process).
   */
  TRANSFER_REQUERY_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often due webhook deliveries are looked for and sent (seconds; 0: never, in this process). */
  WEBHOOK_WORKER_SECONDS: z.coerce.number().min(0).default(2),
  /**
   * How often the sales figures' waiting changes are rolled up in the background (seconds; 0:
   * never in this process: reads of the figures still roll up first). Decision 0031, addendum.
   */
  SALES_FIGURES_ROLLUP_SECONDS: z.coerce.number().min(0).default(2),
  /** How long a webhook receiver may take to answer before the attempt counts as failed (ms). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Let endpoints be http:// and on private addresses (tests and local development only). */
  WEBHOOK_ALLOW_PRIVATE_URLS: boolFromEnv,
  /** Plan prices in minor units of NGN (domain.md: prices are configuration). */
  PLAN_GROWTH_MONTHLY_PRICE: z.coerce.number().int().min(0).default(1_500_000),
  PLAN_GROWTH_YEARLY_PRICE: z.coerce.number().int().min(0).default(15_000_000),
  /** The Starter plan's team members (the owner counts) and stores (domain.md: 1 and 1). */
  STARTER_MAX_MEMBERS: z.coerce.number().int().positive().default(1),
  STARTER_MAX_STORES: z.coerce.number().int().positive().default(1),
  UPLOAD_DIR: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(6),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: boolFromEnv,
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  IMPORT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  IMPORT_MAX_ROWS: z.coerce.number().int().positive().default(20_000),
  TRUST_PROXY: boolFromEnv,
  /** Sign-ups allowed from one network address per hour (the browser tests raise it: one address signs up many shops). */
  SIGNUP_MAX_PER_IP_HOUR: z.coerce.number().int().positive().default(20),
  /** API calls one API key may make per minute (decision 0033). */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** API calls one signed-in user may make per minute, across their sessions (decision 0033). */
  API_USER_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Sign-in attempts allowed from one network address per 15 minutes, whatever the account. */
  SIGNIN_MAX_PER_IP_15MIN: z.coerce.number().int().positive().default(30),
  /** Wrong passwords for one account from one device or address before each try waits (1 s, 2 s, 4 s … 60 s). */
  SIGNIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(5),
  /** Wrong passwords for one account from anywhere, per 15 minutes, before unknown devices wait between tries. */
  SIGNIN_ACCOUNT_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(10),
  /** Code and link checks (verification, reset, invitation) allowed from one address per 15 minutes. */
  CODE_CHECKS_MAX_PER_IP_15MIN: z.coerce.number().int().positive().default(30),
  /** Invitation emails one store may send per hour, and one address may receive per day. */
  INVITATIONS_PER_STORE_HOUR: z.coerce.number().int().positive().default(30),
  INVITATIONS_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(5),
  /** Invoice emails one store may send per hour, and one address may receive per day. */
  INVOICE_EMAILS_PER_STORE_HOUR: z.coerce.number().int().positive().default(100),
  INVOICE_EMAILS_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(10),
  /** Analytics events one account may send per minute, and per day (kept in the database for every process). */
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  ANALYTICS_EVENTS_PER_DAY: z.coerce.number().int().positive().default(500),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<
  Env,
  'DATABASE_URL' | 'APP_SECRET' | 'CORS_ORIGINS' | 'UPLOAD_DIR' | 'PAYMENT_PROVIDER'
> {
  DATABASE_URL: string;
  PAYMENT_PROVIDER: 'sandbox' | 'paystack';
  APP_SECRET: string;
  CORS_ORIGINS: string[];
  UPLOAD_DIR: string;
}

export class ConfigError extends Error {}

function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Where the server keeps its data, as the same settings name it. */
export interface DataLocation {
  DATA_DIR: string;
  DATABASE_URL: string;
  UPLOAD_DIR: string;
  /** The file the generated secret lives in when `APP_SECRET` is not set. */
  SECRET_FILE: string;
  /** `APP_SECRET` when the environment sets it. */
  APP_SECRET?: string;
}

/**
 * The data's location without touching it: unlike `loadConfig`, never generates the secret
 * (backup and restore must not write into a folder they are reading or about to fill).
 */
export function loadDataLocation(env: NodeJS.ProcessEnv = process.env): DataLocation {
  return locate(parseEnv(env));
}

function locate(e: Env): DataLocation {
  return {
    DATA_DIR: e.DATA_DIR,
    // The database follows the data folder unless named: DATA_DIR alone moves everything.
    DATABASE_URL: e.DATABASE_URL ?? `sqlite:${path.join(e.DATA_DIR, 'app.db')}`,
    UPLOAD_DIR: e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'),
    SECRET_FILE: secretFile(e.DATA_DIR),
    ...(e.APP_SECRET ? { APP_SECRET: e.APP_SECRET } : {}),
  };
}

/** Why a production server without PAYMENT_PROVIDER refuses to start (decision 0048). */
export const NO_PROVIDER_IN_PRODUCTION = [
  'NODE_ENV=production needs PAYMENT_PROVIDER:',
  '  PAYMENT_PROVIDER=paystack (with PAYSTACK_SECRET_KEY) for real money, or',
  '  PAYMENT_PROVIDER=sandbox to run the wallet on play money on purpose',
  "  (no bank is behind it: a store's owner can credit its wallet with simulated deposits).",
].join('\n');

/** Logged at start when production runs the sandbox on purpose. */
export const SANDBOX_IN_PRODUCTION =
  'PAYMENT_PROVIDER=sandbox in production: the wallet runs on play money (no bank behind it; ' +
  'stores can credit their wallets with simulated deposits). Set PAYMENT_PROVIDER=paystack for real money.';

/** Reads and checks the environment. `APP_SECRET` is generated into the data folder on first start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL');
  if (e.PAYMENT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw new ConfigError('PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY');
  }
  // The sandbox's deposits are made up by whoever asks: a production server runs it only when told.
  if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER) throw new ConfigError(NO_PROVIDER_IN_PRODUCTION);
  const location = locate(e);
  return {
    ...e,
    PAYMENT_PROVIDER: e.PAYMENT_PROVIDER ?? 'sandbox',
    DATABASE_URL: location.DATABASE_URL,
    APP_SECRET: e.APP_SECRET ?? readOrCreateSecret(e.DATA_DIR),
    CORS_ORIGINS: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    UPLOAD_DIR: location.UPLOAD_DIR,
  };
}

const secretFile = (dataDir: string) => path.join(dataDir, 'app-secret');

function readOrCreateSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
