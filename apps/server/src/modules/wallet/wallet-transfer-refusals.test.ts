/**
 * Bad requests to `POST /wallet/transfer`: each is refused with the field it is about, before any
 * money is held and before the provider is called (decision 0027).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { onlyDeposited, type WalletCalls, walletTestApp } from './wallet-test-support.js';

/** The references the app asked the sandbox to send: a refused transfer adds none. */
const provider = vi.hoisted(() => ({ sent: [] as string[] }));
vi.mock('../../providers/payments/sandbox.js', async (importOriginal) => {
  const { recordingSandbox } = await import('../../test/recording-sandbox.js');
  return recordingSandbox(await importOriginal(), provider);
});

let t: TestApp, calls: WalletCalls;
beforeAll(async () => ({ t, calls } = await walletTestApp()));
afterAll(async () => t.close());
afterEach(async () => expect(await ledgerProblems(t.db)).toEqual([]));

/** A merchant with an open wallet holding ₦10,000. */
async function funded(): Promise<Merchant> {
  const m = await createMerchant(t);
  await calls.openWallet(m);
  await calls.deposit(m, 1_000_000);
  return m;
}

/** Nothing moved: the deposit alone, no transfer row, no key kept, nothing sent. */
async function expectUntouched(m: Merchant, sentBefore: number) {
  expect(await calls.accounts(m)).toEqual(onlyDeposited(1_000_000));
  const rows = await t.db
    .selectFrom('wallet_transactions')
    .select('type')
    .where('store_id', '=', m.storeId)
    .execute();
  expect(rows.map((r) => r.type)).toEqual(['deposit']);
  const keys = await t.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('store_id', '=', m.storeId)
    .execute();
  expect(keys).toEqual([]);
  expect(provider.sent.length).toBe(sentBefore);
}

describe('a malformed Idempotency-Key', () => {
  it.each([
    ['300 characters', 'k'.repeat(300)],
    ['a space', 'two words'],
    ['non-ASCII letters', 'clé-ü-1'],
    ['a tab', 'a\tb'],
  ])('with %s is a 400 naming the header, and nothing changes', async (_name, key) => {
    const m = await funded();
    const sentBefore = provider.sent.length;
    const res = await calls.transfer(m, calls.transferBody('0123456789'), key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain('Idempotency-Key');
    expect(res.body.error.fields['Idempotency-Key']).toMatch(/visible ASCII/);
    await expectUntouched(m, sentBefore);
  });

  it('is refused before the password is checked', async () => {
    const m = await funded();
    const sentBefore = provider.sent.length;
    const res = await calls.transfer(
      m,
      calls.transferBody('0123456789', 100_000, { password: 'not-the-password-1' }),
      'x'.repeat(201),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'Idempotency-Key': expect.stringMatching(/visible ASCII/),
    });
    await expectUntouched(m, sentBefore);
    // 200 characters is the longest allowed.
    const longest = await calls.transfer(m, calls.transferBody('0123456789'), 'x'.repeat(200));
    expect(longest.status, JSON.stringify(longest.body)).toBe(201);
  });
});

describe('the amount', () => {
  it.each([99, 1, 0, -100, 150.5])('%s kobo is a 400 naming amount, and nothing changes', async (amount) => {
    const m = await funded();
    const sentBefore = provider.sent.length;
    const res = await calls.transfer(m, calls.transferBody('0123456789', amount));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.amount).toBeDefined();
    await expectUntouched(m, sentBefore);
  });

  it('under ₦1 says so; ₦1 (100 kobo) is sent', async () => {
    const m = await funded();
    const under = await calls.transfer(m, calls.transferBody('0123456789', 99));
    expect(under.body.error.fields.amount).toBe('Amount must be at least 100 minor units (₦1.00)');
    const one = await calls.transfer(m, calls.transferBody('0123456789', 100));
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.data).toMatchObject({ amount: 100, fee: 1000, status: 'success' });
    expect(await calls.accounts(m)).toMatchObject({ available: 1_000_000 - 1100, fees: 1000 });
  });
});

describe('an unknown bank code', () => {
  it.each([
    ['a code no bank has', '999'],
    ['letters', 'GTB'],
    ['too short', '05'],
  ])('(%s) is a 400 naming bankCode; the provider is not called and nothing moves', async (_name, code) => {
    const m = await funded();
    const sentBefore = provider.sent.length;
    const res = await calls.transfer(m, calls.transferBody('0123456789', 100_000, { bankCode: code }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.bankCode).toBe('Choose a bank from the list');
    await expectUntouched(m, sentBefore);
  });
});

describe('an API key', () => {
  it('a full sandbox key may fund the twin’s wallet but not send: the refusal says why (not "verify your email")', async () => {
    const m = await createMerchant(t);
    const created = await t.call('GET', '/developer/generate-keys', {
      token: m.token,
      query: { env: 'sandbox', type: 'secret' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const key = created.body.data.value as string;
    const withKey = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.call(method, url, {
        headers: { authorization: `Bearer ${key}`, ...headers },
        ...(body !== undefined ? { body } : {}),
      });
    expect((await withKey('POST', '/wallet')).status).toBe(200);
    expect((await withKey('POST', '/wallet/sandbox/deposit', { amount: 500_000 })).status).toBe(201);
    const sentBefore = provider.sent.length;
    const res = await withKey('POST', '/wallet/transfer', calls.transferBody('0123456789'), {
      'idempotency-key': randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.message).toMatch(/API key cannot send transfers/);
    expect(res.body.message).toMatch(/password or transaction PIN/);
    expect(res.body.message).not.toMatch(/verify your email/i);
    expect((await withKey('GET', '/wallet/details')).body.data).toMatchObject({ balance: 500_000, held: 0 });
    expect(provider.sent.length).toBe(sentBefore);
  });
});
