/** Transfers: hold, send, settle once; under concurrency and repeats (decision 0027). */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_ACCOUNTS } from '../../providers/payments/sandbox.js';
import { createMerchant, createStaff, PASSWORD, type Merchant, auditsOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { reconcilePendingTransfers, settleTransfer } from './wallet-transfers.service.js';
import { onlyDeposited, type WalletCalls, WALLET_ENV, ledgerCheckedApp } from './wallet-test-support.js';

/**
 * The references of the transfers the app asked the (stateless) sandbox to send or verify, so a
 * test can count provider calls: the app's provider and the tests' own both come from here.
 */
const provider = vi.hoisted(() => ({ sent: [] as string[], verified: [] as string[] }));
vi.mock('../../providers/payments/sandbox.js', async (importOriginal) => {
  const { recordingSandbox } = await import('../../test/recording-sandbox.js');
  return recordingSandbox(await importOriginal(), provider);
});
const sendCalls = (reference: string) => provider.sent.filter((r) => r === reference).length;

let t: TestApp, calls: WalletCalls;
ledgerCheckedApp(WALLET_ENV, (app) => ({ t, calls } = app));
const openWallet = (m: Merchant) => calls.openWallet(m);
const deposit = (m: Merchant, amount: number) => calls.deposit(m, amount);
const details = (m: Merchant) => calls.details(m);
const accounts = (m: Merchant) => calls.accounts(m);
const transactions = (m: Merchant, type: string) => calls.transactions(m, type);
/** The store's transfer rows, whatever their state: a repeat or a retry must not add one. */
const transferRows = (m: Merchant) =>
  t.db
    .selectFrom('wallet_transactions')
    .select('id')
    .where('store_id', '=', m.storeId)
    .where('type', '=', 'transfer')
    .execute();
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
    // The amount went to the provider's side (clearing), the fee to fee income, nothing held.
    expect(await accounts(m)).toEqual({
      available: 699_000,
      held: 0,
      clearing: -1_000_000 + 300_000,
      fees: 1000,
      subscriptions: 0,
    });
    expect(sendCalls(res.body.data.reference)).toBe(1);
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
    // Never sent: no fee income, nothing on the provider's side but the deposit.
    expect(await accounts(m)).toEqual(onlyDeposited(1_000_000));
    const reversal = await transactions(m, 'reversal');
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({
      amount: 201_000,
      related_id: res.body.data.id,
      direction: 'credit',
    });
  });

  it('a transfer reversed after it was sent gives amount and fee back: the fee leaves fee income', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    const res = await transfer(m, transferBody('0123456789', 200_000));
    expect(res.body.data.status).toBe('success');
    expect((await accounts(m)).fees).toBe(1000);
    const wallet = await t.db
      .selectFrom('wallets')
      .selectAll()
      .where('store_id', '=', m.storeId)
      .executeTakeFirstOrThrow();
    const reversed = { status: 'reversed' as const, reason: 'Beneficiary account closed' };
    const ctx = appContextNow();
    const [a, b] = await Promise.all([
      settleTransfer(ctx, wallet, res.body.data.reference, reversed),
      settleTransfer(ctx, wallet, res.body.data.reference, reversed),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await accounts(m)).toEqual(onlyDeposited(1_000_000));
    const reversal = await transactions(m, 'reversal');
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({ amount: 201_000, related_id: res.body.data.id });
    expect(reversal[0].narration).toContain('Beneficiary account closed');
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
    expect(a.settled + b.settled).toBe(1);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    expect((await accounts(m)).fees).toBe(1000);
    expect(sendCalls(res.body.data.reference)).toBe(1);
    const after = await transactions(m, 'transfer');
    expect(after[0].status).toBe('success');
    const successAudits = await auditsOf(t, 'wallet.transfer.success', { storeId: m.storeId });
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
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(again.body.message).toMatch(/repeated request/);
    // The repeat found the transfer and did not send it again.
    expect(sendCalls(res.body.data.reference)).toBe(1);
    expect(await transferRows(m)).toHaveLength(1);
    const ctx = await appContext();
    await reconcilePendingTransfers(ctx);
    await reconcilePendingTransfers(ctx);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    // Verified (once: the second round finds it settled), never sent again.
    expect(provider.verified.filter((r) => r === res.body.data.reference)).toHaveLength(1);
    expect(sendCalls(res.body.data.reference)).toBe(1);
    const successAudits = await auditsOf(t, 'wallet.transfer.success', { storeId: m.storeId });
    expect(successAudits).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('100 concurrent ₦1,000 transfers from ₦10,000 with a ₦10 fee: exactly 9 succeed, the rest 422', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_000_000);
    // One person, 100 at once: a right password is never slowed (decision 0038, addendum 2).
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
    expect(sendCalls(results[0]!.body.data.reference)).toBe(1);
    expect(await transferRows(m)).toHaveLength(1);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    const other = await transfer(m, { ...body, amount: 200_000 }, key);
    expect(other.status).toBe(409);
    expect(sendCalls(results[0]!.body.data.reference)).toBe(1);
  });
});

describe('the daily limit', () => {
  // The defaults: at most ₦5,000,000 a transfer and ₦10,000,000 a day (the store's local day).
  it('10 concurrent ₦1,500,000 transfers: 6 fit in ₦10,000,000, 4 are refused; the rest of the day, then the next day', async () => {
    expect(t.config.WALLET_DAILY_LIMIT).toBe(1_000_000_000);
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_600_000_000);
    const sentBefore = provider.sent.length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => transfer(m, transferBody('0123456789', 150_000_000))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 422)).toHaveLength(4);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.error.fields.amount).toBe('Over the daily limit');
    expect(refused.body.message).toContain('NGN 1,000,000.00 can still be sent today');
    // Refused transfers hold nothing and reach no provider.
    expect(provider.sent.length - sentBefore).toBe(6);
    const sent = 6 * 150_000_000;
    expect(await details(m)).toMatchObject({ balance: 1_600_000_000 - sent - 6 * 1000, held: 0 });
    // Up to the limit exactly is allowed; ₦1 more is not.
    const rest = await transfer(m, transferBody('0123456789', 100_000_000));
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const over = await transfer(m, transferBody('0123456789', 100));
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('NGN 0.00 can still be sent today');
    // The next day starts again (the session ended meanwhile: sign in again).
    t.clock.advance(24 * 3_600_000);
    const signIn = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
    m.token = signIn.body.data.userToken;
    const tomorrow = await transfer(m, transferBody('0123456789', 100));
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(201);
  });

  it("the day is the store's: at 00:30 in Lagos (23:30 UTC) the transfers of the evening before no longer count", async () => {
    // To 22:50 UTC (23:50 in Lagos, the store's zone) on some day.
    const now = t.clock.now().getTime();
    const day = 24 * 3_600_000;
    const at2250 = Math.floor(now / day) * day + (22 * 60 + 50) * 60_000;
    t.clock.advance((at2250 > now ? at2250 : at2250 + day) - now);
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_100_000_000);
    const evening = [
      await transfer(m, transferBody('0123456789', 500_000_000)),
      await transfer(m, transferBody('0123456789', 500_000_000)),
    ];
    expect(evening.map((r) => r.status)).toEqual([201, 201]);
    expect((await transfer(m, transferBody('0123456789', 100))).status).toBe(422);
    // 40 minutes later it is the next day in Lagos, and the same day in UTC.
    t.clock.advance(40 * 60_000);
    expect(t.clock.now().toISOString().slice(11, 16)).toBe('23:30');
    const nextDay = await transfer(m, transferBody('0123456789', 100_000));
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(201);
  });

  it('a failed transfer does not count towards the day', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    await deposit(m, 1_100_000_000);
    const failed = await transfer(m, transferBody(SANDBOX_ACCOUNTS.fails, 500_000_000));
    expect(failed.body.data.status).toBe('failed');
    const a = await transfer(m, transferBody('0123456789', 500_000_000));
    const b = await transfer(m, transferBody('0123456789', 500_000_000));
    expect([a.status, b.status]).toEqual([201, 201]);
    const c = await transfer(m, transferBody('0123456789', 100));
    expect(c.status).toBe(422);
    expect(c.body.error.fields.amount).toBe('Over the daily limit');
  });
});
