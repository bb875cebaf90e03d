import { randomUUID } from 'node:crypto';
import { walletRoutes } from '@tillbook/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Deps, RequestContext } from '../../lib/context.js';
import {
  createSandboxProvider,
  SANDBOX_ACCOUNTS,
  sandboxAccountName,
} from '../../providers/payments/sandbox.js';
import { createMerchant, createStaff, PASSWORD, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { creditDeposit } from './wallet.service.js';
import { reconcilePendingTransfers } from './wallet-transfers.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WALLET_TRANSFER_FEE: '1000', WALLET_RECONCILE_SECONDS: '0' });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await ledgerProblems(t.db)).toEqual([]);
});

const GTB = '058';

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
    db: t.db,
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

describe('opening the wallet', () => {
  it('answers null before it is opened, then one wallet with a virtual account however often it is opened', async () => {
    const m = await createMerchant(t);
    expect(await details(m)).toBeNull();
    const [a, b] = await Promise.all([openWallet(m), openWallet(m)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ balance: 0, held: 0, currency: 'NGN', provider: 'sandbox', sandbox: true });
    expect(a.account_number).toMatch(/^\d{10}$/);
    expect((await details(m)).id).toBe(a.id);
    const audit = await t.db
      .selectFrom('audits')
      .selectAll()
      .where('action', '=', 'wallet.open')
      .where('store_id', '=', m.storeId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('a deposit before the wallet is opened is 404; another store’s wallet is 404', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    await openWallet(other);
    const res = await t.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount: 1000 } });
    expect(res.status).toBe(404);
    const peek = await t.call('GET', '/wallet/details', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(peek.status).toBe(404);
    const list = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(list.status).toBe(404);
  });
});

describe('banks and name enquiry', () => {
  it('lists the banks with their CBN codes and resolves a 10-digit number to the same name', async () => {
    const m = await createMerchant(t);
    const banks = await t.call('GET', '/wallet/bankcode', { token: m.token });
    expect(banks.body.data).toContainEqual({ name: 'Guaranty Trust Bank', code: '058' });
    expect(banks.body.data).toContainEqual({ name: 'Zenith Bank', code: '057' });
    const v = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: GTB },
    });
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual({
      account_number: '0123456789',
      account_name: sandboxAccountName('0123456789'),
      bank_code: GTB,
      bank_name: 'Guaranty Trust Bank',
    });
    const again = await t.call('GET', '/payment/verify-account', {
      token: m.token,
      query: { accountNumber: '0123456789', bankCode: GTB },
    });
    expect(again.body.data.account_name).toBe(v.body.data.account_name);
  });

  it('names the field that is wrong', async () => {
    const m = await createMerchant(t);
    const short = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '12345', bankCode: GTB },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.accountNumber).toBe('Account number must be 10 digits');
    const bank = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '999' },
    });
    expect(bank.status).toBe(400);
    expect(bank.body.error.fields.bankCode).toBeDefined();
    const unknown = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: SANDBOX_ACCOUNTS.unknown, bankCode: GTB },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.accountNumber).toMatch(/Could not resolve/);
  });
});

describe('deposits', () => {
  it('a simulated deposit credits the wallet and is listed, searched and exported', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    const d = await deposit(m, 1_000_000);
    expect(d).toMatchObject({
      type: 'deposit',
      direction: 'credit',
      status: 'success',
      amount: 1_000_000,
      balance_after: 1_000_000,
    });
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const list = await t.call('GET', '/wallet/transactions', { token: m.token, query: { type: 'deposit' } });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.pagination).toMatchObject({ total: 1, page: 1, perPage: 10 });
    const none = await t.call('GET', '/wallet/transactions', { token: m.token, query: { type: 'transfer' } });
    expect(none.body.data).toHaveLength(0);
    const searched = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { search: d.reference.slice(3, 15) },
    });
    expect(searched.body.data.map((x: { id: string }) => x.id)).toEqual([d.id]);
    const csv = await t.call('GET', '/wallet/transactions/export', { token: m.token });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.body).toContain('10000.00');
    expect(csv.body.split('\r\n')[0]).toContain('reference');
  });

  it('a deposit reported 5 times at once credits once', async () => {
    const m = await createMerchant(t);
    const w = await openWallet(m);
    // Borrow the app's dependencies through a request: the provider and clock the routes use.
    const ctx = await appContext();
    const report = {
      provider_reference: `psk_${randomUUID()}`,
      amount: 250_000,
      currency: 'NGN',
      account_number: w.account_number,
      provider_ref: null,
      payer_name: 'Ada Obi',
      narration: null,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => creditDeposit(ctx, report)));
    expect(results.filter((r) => r!.credited)).toHaveLength(1);
    expect(new Set(results.map((r) => r!.transaction.id)).size).toBe(1);
    expect(await details(m)).toMatchObject({ balance: 250_000 });
  });

  it('the deposit simulation is refused without the wallet.transfer permission', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    const manager = await createStaff(t, m, 'manager');
    const res = await t.call('POST', '/wallet/sandbox/deposit', {
      token: manager.token,
      body: { amount: 1000 },
    });
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/wallet/details', { token: manager.token })).status).toBe(200);
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/wallet/details', { token: cashier.token })).status).toBe(403);
  });
});

const appContext = async () => appContextNow();

describe('transfers', () => {
  it('holds amount and fee, sends, and makes it final; the fee goes to fee income', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const res = await transfer(m, transferBody('0123456789', 300_000));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'transfer',
      status: 'success',
      amount: 300_000,
      fee: 1000,
      balance_after: 699_000,
    });
    expect(res.body.data.counterparty_bank_name).toBe('Guaranty Trust Bank');
    expect(await details(m)).toMatchObject({ balance: 699_000, held: 0 });
    const audits = await t.db
      .selectFrom('audits')
      .select('action')
      .where('store_id', '=', m.storeId)
      .where('entity', '=', 'wallet_transaction')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'wallet.deposit',
      'wallet.transfer',
      'wallet.transfer.success',
    ]);
  });

  it('needs an Idempotency-Key, the right password, a verified email and the permission', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const noKey = await transfer(m, transferBody('0123456789'), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.fields['Idempotency-Key']).toBeDefined();
    const wrong = await transfer(m, transferBody('0123456789', 100_000, { password: 'not-the-password-1' }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.password).toBe('The password is not correct');
    const noBody = await transfer(m, { ...transferBody('0123456789'), amount: 'lots' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.fields.amount).toBeDefined();
    const manager = await createStaff(t, m, 'manager');
    const refused = await transfer(manager, transferBody('0123456789'));
    expect(refused.status).toBe(403);
    const unverified = await createMerchant(t, { verify: false });
    await openWallet(unverified);
    const u = await transfer(unverified, transferBody('0123456789'));
    expect(u.status).toBe(403);
    expect(u.body.message).toMatch(/Verify your email/);
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
  });

  it('refuses a transfer over the per-transfer limit and says how much is short when money is missing', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 50_000);
    const short = await transfer(m, transferBody('0123456789', 100_000));
    expect(short.status).toBe(422);
    expect(short.body.message).toContain('NGN 510.00 short');
    const big = await transfer(m, transferBody('0123456789', 900_000_000));
    expect(big.status).toBe(422);
    expect(big.body.error.fields.amount).toMatch(/At most/);
  });

  it('a failed transfer is reversed with its fee', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const res = await transfer(m, transferBody(SANDBOX_ACCOUNTS.fails, 200_000));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'failed' });
    expect(res.body.data.failure_reason).toMatch(/declined/);
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const reversal = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { type: 'reversal' },
    });
    expect(reversal.body.data).toHaveLength(1);
    expect(reversal.body.data[0]).toMatchObject({
      amount: 201_000,
      related_id: res.body.data.id,
      direction: 'credit',
    });
  });

  it('a pending transfer stays held until the reconciler settles it, once', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const res = await transfer(m, transferBody(SANDBOX_ACCOUNTS.pending, 100_000));
    expect(res.body.data.status).toBe('pending');
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 101_000 });
    await reconcilePendingTransfers(appContextNow());
    expect(await details(m)).toMatchObject({ held: 101_000 });
    t.clock.advance(61_000);
    const ctx = appContextNow();
    const [a, b] = await Promise.all([reconcilePendingTransfers(ctx), reconcilePendingTransfers(ctx)]);
    expect(a.settled + b.settled).toBeGreaterThanOrEqual(1);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    const after = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { type: 'transfer' },
    });
    expect(after.body.data[0].status).toBe('success');
    const successAudits = await t.db
      .selectFrom('audits')
      .select('id')
      .where('store_id', '=', m.storeId)
      .where('action', '=', 'wallet.transfer.success')
      .execute();
    expect(successAudits).toHaveLength(1);
  });

  it('a provider time-out leaves the transfer pending, never resent, and the reconciler settles it once', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const key = randomUUID();
    const res = await transfer(m, transferBody(SANDBOX_ACCOUNTS.timesOut, 100_000), key);
    expect(res.body.data.status).toBe('pending');
    const again = await transfer(m, transferBody(SANDBOX_ACCOUNTS.timesOut, 100_000), key);
    expect(again.body.data.id).toBe(res.body.data.id);
    const transfers = await t.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('store_id', '=', m.storeId)
      .where('type', '=', 'transfer')
      .execute();
    expect(transfers).toHaveLength(1);
    const ctx = await appContext();
    await reconcilePendingTransfers(ctx);
    await reconcilePendingTransfers(ctx);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
  });
});

describe('concurrency', () => {
  it('100 concurrent ₦1,000 transfers from ₦10,000 with a ₦10 fee: exactly 9 succeed, the rest 422', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => transfer(m, transferBody('0123456789', 100_000))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 422)).toHaveLength(91);
    expect(await details(m)).toMatchObject({ balance: 1_000_000 - 9 * 101_000, held: 0 });
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.message).toMatch(/Not enough money/);
  });

  it('the same Idempotency-Key sent 50 times at once: one hold, one provider call, 50 equal answers', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const key = randomUUID();
    const body = transferBody('0123456789', 100_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(m, body, key)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = new Set(results.map((r) => JSON.stringify(r.body.data)));
    expect(ids.size).toBe(1);
    const transfers = await t.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('store_id', '=', m.storeId)
      .where('type', '=', 'transfer')
      .execute();
    expect(transfers).toHaveLength(1);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    const other = await transfer(m, { ...body, amount: 200_000 }, key);
    expect(other.status).toBe(409);
  });
});

describe('settlement account', () => {
  it('is set by name enquiry, audited, and refused without settings.manage', async () => {
    const m = await createMerchant(t);
    expect((await t.call('GET', '/payment/settlement-account', { token: m.token })).body.data).toBeNull();
    const set = await t.call('PUT', '/payment/settlement-account', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '057' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe('Saved!!');
    expect(set.body.data).toMatchObject({
      bank_name: 'Zenith Bank',
      account_name: sandboxAccountName('0123456789'),
    });
    expect(
      (await t.call('GET', '/payment/settlement-account', { token: m.token })).body.data.account_number,
    ).toBe('0123456789');
    const banks = await t.call('GET', '/payment/banks', { token: m.token });
    expect(banks.body.data.length).toBeGreaterThan(20);
    const cashier = await createStaff(t, m, 'cashier');
    const refused = await t.call('PUT', '/payment/settlement-account', {
      token: cashier.token,
      body: { accountNumber: '0123456789', bankCode: '057' },
    });
    expect(refused.status).toBe(403);
    const other = await createMerchant(t);
    expect((await t.call('GET', '/payment/settlement-account', { token: other.token })).body.data).toBeNull();
    expect(walletRoutes.transfer.idempotent).toBe(true);
  });
});
