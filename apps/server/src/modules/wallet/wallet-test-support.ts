import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { expect } from 'vitest';
import type { Deps, RequestContext } from '../../lib/context.js';
import { createSandboxProvider, sandboxAccountName } from '../../providers/payments/sandbox.js';
import { PASSWORD, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

export const GTB = '058';

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

  /** A context as the app's background work has it: the same database, clock and (stateless) provider. */
  function appContextNow(): RequestContext {
    const deps = {
      config: t.config,
      clock: t.clock,
      engine: t.database.engine,
      log: pino({ level: 'silent' }),
      payments: createSandboxProvider(t.clock),
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

  return { openWallet, deposit, details, accounts, transferBody, transfer, appContextNow };
}
