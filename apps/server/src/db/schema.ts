/**
 * Kysely table types of the platform. Feature modules add their own tables by augmenting
 * `Database` from their `<area>.tables.ts` (declaration merging), so this file does not grow
 * with every module.
 *
 * Conventions (docs/decisions/0002-data-conventions.md): ids are UUIDv7 text; times are UTC
 * ISO-8601 text; booleans are 0/1 integers; money is integer minor units; JSON is text.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country: string;
  business_name: string | null;
  email_verified_at: string | null;
  photo_url: string | null;
  website: string | null;
  billing_contact: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  current_store_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** SHA-256 of the device cookie the browser sent at sign-in, if any. */
  device_hash: string | null;
}

export type CodePurpose = 'verify_email' | 'verify_email_link' | 'reset_password' | 'reset_token';

export interface UserCodesTable {
  id: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface StoresTable {
  id: string;
  parent_store_id: string | null;
  owner_user_id: string;
  business_name: string;
  industry: string | null;
  email: string | null;
  phone_number: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  currency: string;
  timezone: string;
  logo_url: string | null;
  registration_number: string | null;
  tin: string | null;
  created_at: string;
  updated_at: string;
  /** Set on a sandbox twin: the live store it mirrors (decision 0032). */
  sandbox_of?: string | null;
}

export interface RolesTable {
  id: string;
  store_id: string;
  key: string | null;
  name: string;
  description: string | null;
  /** JSON array of permissions; null for built-in roles, whose permissions come from the contract. */
  permissions: string | null;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  id: string;
  store_id: string;
  user_id: string;
  role_id: string;
  status: 'active' | 'invited';
  invited_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvitationsTable {
  id: string;
  store_id: string;
  membership_id: string;
  email: string;
  token_hash: string;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
  /** The names the inviter gave, shown until the person joins. */
  first_name: string | null;
  last_name: string | null;
}

export interface AuditsTable {
  id: string;
  /** `NO_STORE` ('') for an account's own events (sign-in, codes, PIN): the key is never null. */
  store_id: string;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'queued' | 'sent' | 'failed';
  transport: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** JSON array of `{ filename, content_type, bytes }` (migration 0003). */
  attachments: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Wrong passwords counted per account, and per account and device or address (decision 0021). */
export interface SignInFailuresTable {
  key: string;
  window_start: number;
  failures: number;
  /** Epoch ms before which the next try is answered 429 without checking the password. */
  next_at: number;
}

export interface IdempotencyKeysTable {
  store_id: string;
  key: string;
  scope: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

export interface CountersTable {
  store_id: string;
  name: string;
  value: number;
}

export interface AnalyticsEventsTable {
  id: string;
  user_id: string | null;
  /** `NO_STORE` ('') when the user had no store. */
  store_id: string;
  name: string;
  properties: string | null;
  created_at: string;
}

/**
 * The time zone a store's sales figures are dated in (migration 0023): a copy of the store's
 * `timezone` kept with the store's own rows, the row a sale locks to prove its day is still
 * right and a change of zone locks to move it (decision 0049, "The zone guard").
 */
export interface StoreZonesTable {
  store_id: string;
  timezone: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_codes: UserCodesTable;
  stores: StoresTable;
  store_zones: StoreZonesTable;
  roles: RolesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  audits: AuditsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  sign_in_failures: SignInFailuresTable;
  idempotency_keys: IdempotencyKeysTable;
  counters: CountersTable;
  analytics_events: AnalyticsEventsTable;
}
