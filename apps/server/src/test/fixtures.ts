import type { SignInData } from '@tillbook/contract/auth';
import { createTestApp, type TestApp } from './harness.js';

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}@example.ng`;

export const PASSWORD = 'sunny-day-42';

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Chioma',
    last_name: 'Obi',
    email: uniqueEmail(),
    password: PASSWORD,
    phone_number: '+2348012345678',
    country: 'Nigeria',
    ...overrides,
  };
}

/** The 6-digit code of the newest mail to an address, read from the outbox like a user reads their inbox. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select(['text'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No code in mail to ${email}`);
  return match[1]!;
}

export async function latestMail(t: TestApp, email: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

export interface Merchant {
  token: string;
  user: SignInData;
  storeId: string;
  email: string;
}

/**
 * Signs up, verifies the email with the mailed code and completes onboarding: a store owner.
 * `verify: false` leaves the email unverified (what such an account may do is decision 0020).
 */
export async function createMerchant(
  t: TestApp,
  overrides: { business_name?: string; email?: string; verify?: boolean } = {},
): Promise<Merchant> {
  const body = signUpBody({ email: overrides.email ?? uniqueEmail('owner') });
  const signUp = await t.call<{ data: SignInData }>('POST', '/user/signup', { body });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const token = signUp.body.data.userToken;
  if (overrides.verify !== false) {
    const code = await latestCode(t, body.email);
    const verified = await t.call('POST', '/user/verify-email', { body: { email: body.email, code } });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  }
  const info = await t.call('PUT', `/user/business-info/${signUp.body.data.id}`, {
    token,
    body: {
      business_name: overrides.business_name ?? `Shop ${body.email.split('@')[0]}`,
      country: 'Nigeria',
      state: 'Lagos',
    },
  });
  if (info.status !== 200) throw new Error(`business-info failed: ${JSON.stringify(info.body)}`);
  const signIn = await t.call<{ data: SignInData }>('POST', '/user/signin', {
    body: { email: body.email, password: PASSWORD },
  });
  return {
    token: signIn.body.data.userToken,
    user: signIn.body.data,
    storeId: signIn.body.data.store_id!,
    email: body.email,
  };
}

/** Adds a member with a built-in role to the merchant's store and signs them in. */
export async function createStaff(
  t: TestApp,
  owner: Merchant,
  roleKey: 'admin' | 'manager' | 'cashier',
): Promise<Merchant> {
  const roles = await t.call<{ data: Array<{ id: string; key: string }> }>('GET', '/roles', {
    token: owner.token,
  });
  const roleId = roles.body.data.find((r) => r.key === roleKey)!.id;
  const email = uniqueEmail(roleKey);
  const added = await t.call('POST', '/members/add-member', {
    token: owner.token,
    body: { email, role_id: roleId },
  });
  if (added.status !== 201) throw new Error(`add-member failed: ${JSON.stringify(added.body)}`);
  const mail = await latestMail(t, email);
  const inviteToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await t.call<{ data: SignInData }>('POST', '/members/accept-invite', {
    body: { token: inviteToken, password: PASSWORD, first_name: 'Staff', last_name: roleKey },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return { token: accepted.body.data.userToken, user: accepted.body.data, storeId: owner.storeId, email };
}

/**
 * The plans as sold (domain.md): Starter with one team member (the owner) and one store, Growth
 * at its real prices. Other tests' apps lift Starter's limits (see `createTestApp`).
 */
export const REAL_PLANS = {
  STARTER_MAX_MEMBERS: '1',
  STARTER_MAX_STORES: '1',
  PLAN_GROWTH_MONTHLY_PRICE: '1500000',
  PLAN_GROWTH_YEARLY_PRICE: '15000000',
  WALLET_RECONCILE_SECONDS: '0',
};

/** Moves the app's clock to an instant and signs these people in again (sessions lapse when idle). */
export async function clockTo(t: TestApp, ms: number, people: Merchant[]): Promise<void> {
  t.clock.advance(ms - t.clock.now().getTime());
  for (const who of people) {
    const res = await t.call('POST', '/user/signin', { body: { email: who.email, password: PASSWORD } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
    who.token = res.body.data.userToken;
  }
}

/** The people most module tests start from, on a fresh app of their own. */
export interface TwoStores {
  t: TestApp;
  /** The owner of the store under test. */
  m: Merchant;
  /** The owner of another store: what `m` makes, `other` must neither see nor change. */
  other: Merchant;
  /** A cashier of `m`'s store: what the built-in role may not do is refused to them. */
  cashier: Merchant;
}

/** A fresh app with two stores, `m`'s made first. */
export async function appWithTwoOwners(
  env: Record<string, string> = {},
): Promise<Omit<TwoStores, 'cashier'>> {
  const t = await createTestApp(env);
  const m = await createMerchant(t);
  const other = await createMerchant(t);
  return { t, m, other };
}

/** A fresh app with two stores and, made last, a cashier of the first. */
export async function appWithTwoStores(env: Record<string, string> = {}): Promise<TwoStores> {
  const owners = await appWithTwoOwners(env);
  return { ...owners, cashier: await createStaff(owners.t, owners.m, 'cashier') };
}

/** Where to look for an action's audits: in one store, or on one record. */
export type AuditsOn = { storeId: string } | { entityId: string };

/**
 * The audits of one action, oldest first: a test counts them (an action recorded once, not
 * twice) or reads what one says.
 */
export function auditsOf(t: TestApp, action: string, on: AuditsOn) {
  const query = t.db.selectFrom('audits').selectAll().where('action', '=', action);
  return (
    'storeId' in on ? query.where('store_id', '=', on.storeId) : query.where('entity_id', '=', on.entityId)
  )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The first audit of an action; a test fails here when there is none. */
export async function auditOf(t: TestApp, action: string, on: AuditsOn) {
  const [row] = await auditsOf(t, action, on);
  if (!row) throw new Error(`no ${action} audit on ${JSON.stringify(on)}`);
  return row;
}

/** The smallest valid PNG (1×1 transparent pixel). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
