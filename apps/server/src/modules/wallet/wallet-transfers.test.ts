/** Transfers: hold, send, settle once; under concurrency and repeats (decision 0027). */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNTS } from '../../providers/payments/sandbox.js';
import { createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { reconcilePendingTransfers } from './wallet-transfers.service.js';
import { walletCalls } from './wallet-test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WALLET_TRANSFER_FEE: '1000', WALLET_RECONCILE_SECONDS: '0' });
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await ledgerProblems(t.db)).toEqual([]);
});

let calls: ReturnType<typeof walletCalls>;
beforeAll(() => {
  calls = walletCalls(t);
});
const openWallet = (m: Merchant) => calls.openWallet(m);
const deposit = (m: Merchant, amount: number) => calls.deposit(m, amount);
const details = (m: Merchant) => calls.details(m);
const transferBody = (n: string, amount?: number, extra?: Record<string, unknown>) =>
  calls.transferBody(n, amount, extra);
const transfer = (m: Merchant, body: unknown, key?: string | null) => calls.transfer(m, body, key);
const appContextNow = () => calls.appContextNow();

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
