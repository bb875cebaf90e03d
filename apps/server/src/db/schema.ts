import type { SelectType } from 'kysely';
import type { DB } from './generated.js';

/**
 * Kysely table types of the app. The columns come from `generated.ts`, generated from the
 * migrated schema (decision 0054), so a column a migration adds or drops cannot be missed here.
 * What the schema cannot say (a text column that holds one of a few values) is narrowed with
 * `Table`; feature modules narrow their own tables from their `<area>.tables.ts` by augmenting
 * `Database` (declaration merging), so this file does not grow with every module.
 *
 * Conventions (docs/decisions/0002-data-conventions.md): ids are UUIDv7 text; times are UTC
 * ISO-8601 text; booleans are 0/1 integers; money is integer minor units (int8, parsed to a
 * number by the connection); JSON is text.
 */

/**
 * A generated table as the app reads it: every column its selected type. Columns with a default
 * (`Generated<…>` in the generated file) are given on insert like any other, as before decision
 * 0054.
 */
export type PlainTable<T> = { [K in keyof T]: SelectType<T[K]> };

type Columns<N extends keyof DB> = PlainTable<DB[N]>;

/**
 * Table `N` with some columns narrowed, e.g. a status text to its contract union. Naming a
 * column the table does not have, or a type the column cannot hold, fails to compile.
 */
export type Table<
  N extends keyof DB,
  Narrowed extends Partial<Columns<N>> & Record<Exclude<keyof Narrowed, keyof DB[N]>, never> = object,
> = Flat<Omit<Columns<N>, keyof Narrowed> & Narrowed>;

type Flat<T> = { [K in keyof T]: T[K] };

export type UsersTable = Table<'users'>;
export type SessionsTable = Table<'sessions'>;

export type CodePurpose = 'verify_email' | 'verify_email_link' | 'reset_password' | 'reset_token';
export type UserCodesTable = Table<'user_codes', { purpose: CodePurpose }>;

export type StoresTable = Table<
  'stores',
  {
    /**
     * Set on a sandbox twin: the live store it mirrors (decision 0032). Optional here for the
     * stores the app builds in memory; nullable, so optional on insert too.
     */
    sandbox_of?: string | null;
  }
>;

/** `permissions`: JSON array; null for built-in roles, whose permissions come from the contract. */
export type RolesTable = Table<'roles'>;
export type MembershipsTable = Table<'memberships', { status: 'active' | 'invited' }>;
/** `first_name`, `last_name`: the names the inviter gave, shown until the person joins. */
export type InvitationsTable = Table<'invitations'>;

/** `store_id` is `NO_STORE` ('') for an account's own events (sign-in, codes, PIN): never null. */
export type AuditsTable = Table<'audits', { actor_type: 'user' | 'api_key' | 'system' }>;

/** `attachments`: JSON array of `{ filename, content_type, bytes }` (migration 0003). */
export type MailOutboxTable = Table<'mail_outbox', { status: 'queued' | 'sent' | 'failed' }>;

export type RateLimitsTable = Table<'rate_limits'>;
/**
 * Wrong passwords counted per account, and per account and device or address (decision 0021).
 * `next_at`: epoch ms before which the next try is answered 429 without checking the password.
 */
export type SignInFailuresTable = Table<'sign_in_failures'>;
export type IdempotencyKeysTable = Table<'idempotency_keys'>;
export type CountersTable = Table<'counters'>;
/** `store_id` is `NO_STORE` ('') when the user had no store. */
export type AnalyticsEventsTable = Table<'analytics_events'>;

/**
 * The time zone a store's sales figures are dated in (migration 0023): a copy of the store's
 * `timezone` kept with the store's own rows, the row a sale locks to prove its day is still
 * right and a change of zone locks to move it (decision 0049, "The zone guard").
 */
export type StoreZonesTable = Table<'store_zones'>;

type PlainDatabase = { [N in keyof DB]: Columns<N> };

/** Every table as generated; the narrowed ones declared here and in the modules' tables files. */
export interface Database extends PlainDatabase {
  user_codes: UserCodesTable;
  memberships: MembershipsTable;
  audits: AuditsTable;
  mail_outbox: MailOutboxTable;
}
