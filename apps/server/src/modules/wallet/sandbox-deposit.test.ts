import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/fixtures.js';
import { APP_SETUP_MS, createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';

/** The sandbox's simulated deposit has a ceiling: twice the daily transfer limit (decision 0048). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deposit = (token: string, amount: number) =>
  t.call('POST', '/wallet/sandbox/deposit', { token, body: { amount } });

describe('a simulated deposit', () => {
  it('is at most ₦20,000,000 (twice the default daily limit): one kobo more is a 400 naming amount, and nothing is credited', async () => {
    expect(t.config.WALLET_DAILY_LIMIT).toBe(1_000_000_000);
    const m = await createMerchant(t);
    expect((await t.call('POST', '/wallet', { token: m.token })).status).toBe(200);

    const over = await deposit(m.token, 2_000_000_001);
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('VALIDATION_FAILED');
    expect(over.body.error.fields).toEqual({ amount: 'Amount must be at most NGN 20,000,000.00' });
    expect(over.body.message).toBe('A simulated deposit is at most NGN 20,000,000.00.');
    // The most the contract allows, which was accepted before.
    expect((await deposit(m.token, Number.MAX_SAFE_INTEGER)).status).toBe(400);

    const most = await deposit(m.token, 2_000_000_000);
    expect(most.status, JSON.stringify(most.body)).toBe(201);
    const details = await t.call('GET', '/wallet/details', { token: m.token });
    expect(details.body.data).toMatchObject({ balance: 2_000_000_000, sandbox: true });
    expect(await ledgerProblems(t.db)).toEqual([]);
  });

  it('follows the daily limit the server is given', { timeout: APP_SETUP_MS }, async () => {
    const small = await createTestApp({ WALLET_DAILY_LIMIT: '5000000', WALLET_TRANSFER_LIMIT: '5000000' });
    try {
      const m = await createMerchant(small);
      expect((await small.call('POST', '/wallet', { token: m.token })).status).toBe(200);
      const call = (amount: number) =>
        small.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount } });
      expect((await call(10_000_001)).body.error.fields).toEqual({
        amount: 'Amount must be at most NGN 100,000.00',
      });
      expect((await call(10_000_000)).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
