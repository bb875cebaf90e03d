import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPaystackProvider,
  fromKobo,
  paystackSignature,
  toKobo,
} from '../../providers/payments/paystack.js';
import { FakePaystack } from '../../test/fake-paystack.js';
import { createMerchant, PASSWORD, type Merchant, auditsOf, auditOf } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { reconcilePendingTransfers } from './wallet-transfers.service.js';
import { onlyDeposited, walletCalls } from './wallet-test-support.js';

const SECRET = 'sk_test_fake';
let fake: FakePaystack;
let t: TestApp;

beforeAll(async () => {
  fake = await new FakePaystack().start();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: fake.url,
    PAYSTACK_TIMEOUT_MS: '400',
    WALLET_TRANSFER_FEE: '1000',
    WALLET_RECONCILE_SECONDS: '0',
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.delayMs = 0;
  fake.fail5xx = 0;
  fake.failPath = /./;
  fake.hangPath = null;
  fake.transferStatus = 'success';
  fake.duplicateReference = false;
  // Each test counts the calls it caused.
  fake.calls.length = 0;
  fake.transfers.clear();
});
afterEach(async () => expect(await ledgerProblems(t.db)).toEqual([]));

/** A context as the app's background work has it, with a provider of its own on the fake Paystack. */
const context = () =>
  walletCalls(t).appContextNow(
    createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, clock: t.clock, timeoutMs: 400 }),
  );

const webhook = (event: unknown, signature?: string) => {
  const raw = JSON.stringify(event);
  return t.call('POST', '/wallet/webhook/paystack', {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signature ?? paystackSignature(SECRET, raw),
    },
  });
};

const charge = (wallet: { account_number: string }, amount: number, reference = `T${randomUUID()}`) => ({
  event: 'charge.success',
  data: {
    reference,
    amount,
    currency: 'NGN',
    channel: 'dedicated_nuban',
    customer: { customer_code: null },
    authorization: { receiver_bank_account_number: wallet.account_number, sender_name: 'EMEKA OKAFOR' },
  },
});

async function fundedWallet(amount = 1_000_000) {
  const m = await createMerchant(t);
  const open = await t.call('POST', '/wallet', { token: m.token });
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  const res = await webhook(charge(open.body.data, amount));
  expect(res.status).toBe(200);
  return { m, wallet: open.body.data };
}

const details = async (m: Merchant) => (await t.call('GET', '/wallet/details', { token: m.token })).body.data;
const accounts = (m: Merchant) => walletCalls(t).accounts(m);
const transactions = (m: Merchant, type: string) => walletCalls(t).transactions(m, type);
/** Paystack calls for one transfer: sent (POST /transfer) and verified (GET /transfer/verify/…). */
const sentTimes = (reference: string) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === '/transfer' && c.body?.reference === reference)
    .length;
const verifiedTimes = (reference: string) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === `/transfer/verify/${reference}`).length;
const send = (m: Merchant, amount: number, key = randomUUID()) =>
  t.call('POST', '/wallet/transfer', {
    token: m.token,
    headers: { 'idempotency-key': key },
    body: {
      amount,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'FOLAKE ADEYEMI',
      narration: 'Stock',
      password: PASSWORD,
    },
  });

describe('a reversal reported for a transfer still pending', () => {
  it('returns the hold with its fee, once', async () => {
    const { m } = await fundedWallet();
    fake.transferStatus = 'pending';
    const res = await send(m, 100_000);
    expect(res.body.data.status).toBe('pending');
    fake.transfers.get(res.body.data.reference)!.status = 'reversed';
    const ctx = context();
    await reconcilePendingTransfers(ctx);
    await webhook({ event: 'transfer.reversed', data: { reference: res.body.data.reference } });
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const tx = await transactions(m, 'reversal');
    expect(tx).toHaveLength(1);
  });
});

describe('kobo', () => {
  it('converts exactly and refuses anything but whole subunits', () => {
    expect(toKobo(123_456_789)).toBe(123_456_789);
    expect(fromKobo(1)).toBe(1);
    expect(fromKobo('250000')).toBe(250_000);
    expect(() => toKobo(10.5)).toThrow();
    expect(() => fromKobo(99.99)).toThrow();
    expect(() => fromKobo(-1)).toThrow();
  });
});

describe('the Paystack adapter against a local fake', () => {
  it('opens a dedicated account, lists the active banks and resolves names', async () => {
    const m = await createMerchant(t);
    const open = await t.call('POST', '/wallet', { token: m.token });
    expect(open.body.data).toMatchObject({
      provider: 'paystack',
      bank_name: 'Wema Bank',
      account_name: 'PAYSTACK/TILLBOOK',
      sandbox: false,
    });
    const banks = await t.call('GET', '/wallet/bankcode', { token: m.token });
    expect(banks.body.data.map((b: { code: string }) => b.code)).toEqual(['058', '057']);
    const v = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '058' },
    });
    expect(v.body.data).toMatchObject({ account_name: 'FOLAKE ADEYEMI', bank_name: 'Guaranty Trust Bank' });
    const bad = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0000000009', bankCode: '058' },
    });
    expect(bad.status).toBe(422);
    const sim = await t.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount: 1000 } });
    expect(sim.status).toBe(409);
    expect(fake.calls.every((c) => c.auth === `Bearer ${SECRET}`)).toBe(true);
  });

  it('a deposit webhook delivered 5 times at once credits once, to the kobo; a wrong signature is 401 and changes nothing', async () => {
    const { m, wallet } = await fundedWallet(1_234_567);
    expect((await details(m)).balance).toBe(1_234_567);
    const event = charge(wallet, 250_001);
    const results = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await details(m)).balance).toBe(1_484_568);
    const forged = await webhook(charge(wallet, 9_999_999), 'a'.repeat(128));
    expect(forged.status).toBe(401);
    const missing = await t.call('POST', '/wallet/webhook/paystack', {
      payload: JSON.stringify(charge(wallet, 5)),
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(401);
    expect((await details(m)).balance).toBe(1_484_568);
  });

  it('sends a transfer with our reference and the amount in kobo; success is final', async () => {
    const { m } = await fundedWallet();
    const res = await send(m, 300_050);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('success');
    const sent = fake.transfers.get(res.body.data.reference)!;
    expect(sent).toMatchObject({ amount: 300_050, currency: 'NGN', recipient: 'RCP_0123456789' });
    expect((await details(m)).balance).toBe(1_000_000 - 301_050);
  });

  it('slow answers within the time-out are fine', async () => {
    const { m } = await fundedWallet();
    fake.delayMs = 150;
    const res = await send(m, 100_000);
    expect(res.body.data.status).toBe('success');
  });

  it('a pending transfer is settled by the webhook once, however late or often it comes', async () => {
    const { m } = await fundedWallet();
    fake.transferStatus = 'pending';
    const res = await send(m, 100_000);
    expect(res.body.data.status).toBe('pending');
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 101_000 });
    const event = {
      event: 'transfer.success',
      data: { reference: res.body.data.reference, amount: 100_000 },
    };
    const deliveries = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    // A late "failed" for a transfer already sent changes nothing.
    await webhook({ event: 'transfer.failed', data: { reference: res.body.data.reference } });
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    const settled = await auditsOf(t, 'wallet.transfer.success', { storeId: m.storeId });
    expect(settled).toHaveLength(1);
  });

  it('a 5xx leaves the transfer pending; the reconciler verifies it and settles it once; it is never sent twice', async () => {
    const { m } = await fundedWallet();
    fake.fail5xx = 1;
    fake.failPath = /^\/transfer$/;
    const key = randomUUID();
    const res = await send(m, 100_000, key);
    expect(res.body.data.status).toBe('pending');
    const retry = await send(m, 100_000, key);
    expect(retry.body.data.id).toBe(res.body.data.id);
    expect(
      fake.calls.filter((c) => c.path === '/transfer' && c.body.reference === res.body.data.reference),
    ).toHaveLength(1);
    const ctx = context();
    await Promise.all([reconcilePendingTransfers(ctx), reconcilePendingTransfers(ctx)]);
    expect(await details(m)).toMatchObject({ balance: 899_000, held: 0 });
    expect(
      fake.calls.filter((c) => c.path === '/transfer' && c.body.reference === res.body.data.reference),
    ).toHaveLength(1);
  });

  it('a time-out leaves it pending; a transfer.failed webhook reverses it with the fee', async () => {
    const { m } = await fundedWallet();
    fake.hangPath = /^\/transfer$/;
    fake.transferStatus = 'failed';
    const res = await send(m, 100_000);
    expect(res.body.data.status).toBe('pending');
    fake.hangPath = null;
    await webhook({
      event: 'transfer.failed',
      data: { reference: res.body.data.reference, reason: 'Account closed' },
    });
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const list = await transactions(m, 'reversal');
    expect(list[0]).toMatchObject({ amount: 101_000, related_id: res.body.data.id });
    await reconcilePendingTransfers(context());
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
  });

  it('a reference already used is verified, not resent', async () => {
    const { m } = await fundedWallet();
    fake.duplicateReference = true;
    const res = await send(m, 100_000);
    // The fake has no such transfer: it is pending until verify finds it or it is old enough to fail.
    expect(res.body.data.status).toBe('pending');
    const reference = res.body.data.reference;
    // Sent once, refused as a duplicate, and then verified rather than sent again.
    expect(fake.transferCalls()).toBe(1);
    expect(sentTimes(reference)).toBe(1);
    expect(verifiedTimes(reference)).toBe(1);
    t.clock.advance(11 * 60_000);
    await reconcilePendingTransfers(context());
    expect(sentTimes(reference)).toBe(1);
    expect(verifiedTimes(reference)).toBe(2);
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
  });

  it('a transfer reversed after it was sent comes back with its fee', async () => {
    const { m } = await fundedWallet();
    const res = await send(m, 100_000);
    expect(res.body.data.status).toBe('success');
    await webhook({ event: 'transfer.reversed', data: { reference: res.body.data.reference } });
    await webhook({ event: 'transfer.reversed', data: { reference: res.body.data.reference } });
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const tx = await transactions(m, 'transfer');
    expect(tx[0].status).toBe('reversed');
    // The fee was income once the transfer was sent; the reversal gives it back.
    expect(await accounts(m)).toEqual(onlyDeposited(1_000_000));
    const reversals = await transactions(m, 'reversal');
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ amount: 101_000, related_id: res.body.data.id });
  });

  it('a repeated Idempotency-Key does not call Paystack again', async () => {
    const { m } = await fundedWallet();
    const key = randomUUID();
    const first = await send(m, 100_000, key);
    expect(first.body.data.status).toBe('success');
    const again = await send(m, 100_000, key);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(sentTimes(first.body.data.reference)).toBe(1);
    expect(fake.transferCalls()).toBe(1);
    expect(await accounts(m)).toMatchObject({ available: 899_000, held: 0, fees: 1000 });
  });
});

describe('webhooks that cannot be credited or read', () => {
  it('a deposit in another currency is acknowledged (2xx), credits nothing and is recorded once', async () => {
    const { m, wallet } = await fundedWallet();
    const event = charge(wallet, 25_000);
    event.data.currency = 'USD';
    const first = await webhook(event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ received: true });
    // Delivered again (providers do), 20 times at once: still acknowledged, still nothing
    // credited, one record.
    const again = await Promise.all(Array.from({ length: 20 }, () => webhook(event)));
    expect(again.every((r) => r.status === 200)).toBe(true);
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const deposits = await transactions(m, 'deposit');
    expect(deposits).toHaveLength(1);
    const audits = await auditsOf(t, 'wallet.deposit_refused', { storeId: m.storeId });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'wallet', entity_id: wallet.id });
    expect(audits[0]!.summary).toContain(event.data.reference);
    expect(audits[0]!.summary).toContain('USD 250.00');
    expect(audits[0]!.summary).toContain('the wallet is in NGN');
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ currency: 'USD', amount: 25_000 });
    // The merchant sees it in the audit log.
    const log = await t.call('GET', '/audits', { token: m.token, query: { entity: 'wallet' } });
    expect(JSON.stringify(log.body)).toContain('wallet.deposit_refused');
  });

  it('a currency code that is no currency is recorded as sent, not a 500', async () => {
    const { m, wallet } = await fundedWallet();
    const event = charge(wallet, 25_000);
    event.data.currency = 'naira!';
    const res = await webhook(event);
    expect(res.status).toBe(200);
    expect(await details(m)).toMatchObject({ balance: 1_000_000 });
    const audit = await auditOf(t, 'wallet.deposit_refused', { storeId: m.storeId });
    expect(audit.summary).toContain('25000 minor units of "naira!"');
  });

  it.each([
    ['not JSON', 'event=charge.success&amount=5000'],
    ['cut short', '{"event":"charge.success","data":{'],
    ['JSON null', 'null'],
    [
      'an amount that is not whole kobo',
      '{"event":"charge.success","data":{"reference":"T1","amount":"12.5"}}',
    ],
    ['a deposit with no reference', '{"event":"charge.success","data":{"amount":500000,"currency":"NGN"}}'],
    ['a deposit with no currency', '{"event":"charge.success","data":{"reference":"T2","amount":500000}}'],
    ['a transfer outcome with no reference', '{"event":"transfer.success","data":{"reason":"ok"}}'],
  ])('a correctly signed body that is %s is a 400, never a 500, and changes nothing', async (_name, raw) => {
    const { m } = await fundedWallet();
    const before = await accounts(m);
    const res = await t.call('POST', '/wallet/webhook/paystack', {
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(SECRET, raw) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.body).toBeDefined();
    expect(await accounts(m)).toEqual(before);
    // Unsigned, the same body is a 401: nothing is read before the signature.
    const unsigned = await t.call('POST', '/wallet/webhook/paystack', {
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
    });
    expect(unsigned.status).toBe(401);
  });
});
