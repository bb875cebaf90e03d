import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { depositSubscribers } from '../../deposit-subscribers.js';
import { orderFactSubscribers } from '../../order-fact-subscribers.js';
import type { Deps, RequestContext } from '../../lib/context.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import { createSandboxProvider, sandboxAccountName } from '../../providers/payments/sandbox.js';
import { PASSWORD, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';

export const GTB = '058';

export type WalletCalls = ReturnType<typeof walletCalls>;

/**
 * The app of a wallet test file, with the wallet's calls on it: a ₦10 transfer fee, and the
 * reconciler run only when a test runs it (its reads would land among the statements counted).
 */
export async function walletTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; calls: WalletCalls }> {
  const t = await createTestApp({ ...WALLET_ENV, ...env });
  return { t, calls: walletCalls(t) };
}

/** The wallet tests' settings (see `walletTestApp`). */
export const WALLET_ENV = { WALLET_TRANSFER_FEE: '1000', WALLET_RECONCILE_SECONDS: '0' };

/**
 * Registers a test file's hooks around an app built with `env`: made before the file's tests,
 * closed after them, and the ledger's invariants checked after each test, so the test that
 * breaks them is the one that fails. `use` is handed the app and its wallet calls once made.
 */
export function ledgerCheckedApp(
  env: Record<string, string>,
  use: (app: { t: TestApp; calls: WalletCalls }) => void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    use({ t, calls: walletCalls(t) });
  });
  afterAll(async () => t?.close());
  afterEach(async () => expect(await ledgerProblems(t!.db)).toEqual([]));
}

/**
 * The store's ledger accounts (as `accounts` reads them) when all that stays of its money is a
 * deposit: available to spend, owed by the provider's side, no fee kept.
 */
export const onlyDeposited = (amount: number) => ({
  available: amount,
  held: 0,
  clearing: -amount,
  fees: 0,
  subscriptions: 0,
});

/** The wallet's calls as its tests make them, on one test app. */
export function walletCalls(t: TestApp) {
  async function openWallet(m: Merchant) {
    const res = await t.call('POST', '/wallet', { token: m.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function deposit(m: Merchant, amount: number) {
    const res = await t.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  /** Opens the store's wallet and puts `amount` in it, as paying from the wallet needs. */
  async function fund(m: Merchant, amount: number) {
    await openWallet(m);
    await deposit(m, amount);
  }

  async function details(m: Merchant) {
    return (await t.call('GET', '/wallet/details', { token: m.token })).body.data;
  }

  /**
   * The balance of each of the store's ledger accounts (decision 0027): where the money is,
   * fee income and the provider's side included, which the wallet's details do not show.
   */
  async function accounts(
    m: Merchant,
  ): Promise<Record<'available' | 'held' | 'clearing' | 'fees' | 'subscriptions', number>> {
    const rows = await t.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('store_id', '=', m.storeId)
      .execute();
    const balances = { available: 0, held: 0, clearing: 0, fees: 0, subscriptions: 0 };
    for (const r of rows) balances[r.kind] = r.balance;
    return balances;
  }

  /** The wallet's transactions of one type, as its list answers them (newest first). */
  async function transactions(m: Merchant, type: string) {
    return (await t.call('GET', '/wallet/transactions', { token: m.token, query: { type } })).body.data;
  }

  const transferBody = (accountNumber: string, amount = 100_000, extra: Record<string, unknown> = {}) => ({
    amount,
    bankCode: GTB,
    accountNumber,
    accountName: sandboxAccountName(accountNumber),
    narration: 'Supplier payment',
    password: PASSWORD,
    ...extra,
  });

  function transfer(m: Merchant, body: unknown, key: string | null = randomUUID()) {
    return t.call('POST', '/wallet/transfer', {
      token: m.token,
      body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  }

  /**
   * A context as the app's background work has it: the same database and clock, and a provider
   * like the app's (the stateless sandbox unless a test gives its own).
   */
  function appContextNow(payments: PaymentProvider = createSandboxProvider(t.clock)): RequestContext {
    const deps = {
      config: t.config,
      clock: t.clock,
      engine: t.database.engine,
      log: pino({ level: 'silent' }),
      payments,
      // A deposit the background work credits is matched to the sale waiting for it, as the app's.
      deposits: depositSubscribers,
      orderFacts: orderFactSubscribers,
    } as unknown as Deps;
    return {
      // The app's database, with the store-key check: background work keeps the rule too.
      db: t.database.db,
      deps,
      requestId: 'test',
      ip: null,
      userAgent: null,
      now: t.clock.now(),
      actor: { type: 'system', id: null, name: 'Test' },
      user: null,
      sessionId: null,
      access: null,
    };
  }

  return {
    openWallet,
    deposit,
    fund,
    details,
    accounts,
    transactions,
    transferBody,
    transfer,
    appContextNow,
  };
}
