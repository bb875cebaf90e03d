import { randomUUID } from 'node:crypto';
import type { Order } from '@tillbook/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackProvider, paystackSignature } from '../../providers/payments/paystack.js';
import { FakePaystack } from '../../test/fake-paystack.js';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';
import { ledgerProblems } from '../wallet/wallet-ledger-check.js';
import { walletCalls } from '../wallet/wallet-test-support.js';
import { requeryTillTransfers } from './transfer-requery.js';

/**
 * Transfers at the till on Paystack (decision 0065): the signed webhook pays the sale waiting for
 * it, a forged one changes nothing, and the requery round reads Paystack's list of transactions
 * (the fake's `GET /transaction`) so a lost webhook still pays its sale, once.
 */

const SECRET = 'sk_test_fake';
const UNIT = 10_000;
let fake: FakePaystack;
let t: TestApp;

beforeAll(async () => {
  fake = await new FakePaystack().start();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: fake.url,
    PAYSTACK_TIMEOUT_MS: '400',
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
afterEach(async () => expect(await ledgerProblems(t.db)).toEqual([]));

/** A successful charge into a dedicated account, as Paystack's webhook and its list carry it. */
const charge = (account: string, amount: number, reference = `T${randomUUID()}`) => ({
  reference,
  amount,
  currency: 'NGN',
  channel: 'dedicated_nuban',
  paid_at: t.clock.now().toISOString(),
  customer: { customer_code: null },
  authorization: { receiver_bank_account_number: account, sender_name: 'CHIOMA EZE' },
});

const webhook = (data: unknown, signature?: string) => {
  const raw = JSON.stringify({ event: 'charge.success', data });
  return t.call('POST', '/wallet/webhook/paystack', {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signature ?? paystackSignature(SECRET, raw),
    },
  });
};

async function shopWaiting(
  units: number,
): Promise<{ m: Merchant; account: string; sale: Order; product: { id: string } }> {
  const m = await createMerchant(t);
  const wallet = await walletCalls(t).openWallet(m);
  const product = await createProduct(t, m, { price: UNIT, quantity: 1_000 });
  const placed = await order(t, m, {
    items: [{ product_id: product.id, quantity: units }],
    payment_type: 'bank_transfer',
    await_transfer: true,
    channel: 'pos',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { m, account: wallet.account_number, sale: placed.body.data, product };
}

const orderOf = async (m: Merchant, id: string) =>
  (await t.call('GET', `/order/${id}`, { token: m.token })).body.data;
const depositsOf = async (m: Merchant) =>
  (await t.call('GET', '/wallet/transactions', { token: m.token, query: { type: 'deposit' } })).body.data;

describe('a transfer at the till on Paystack', () => {
  it('is refused with a forged signature (401, nothing credited or paid) and pays the sale when signed', async () => {
    const { m, account, sale } = await shopWaiting(4);
    const data = charge(account, 4 * UNIT);
    const forged = await webhook(data, paystackSignature('sk_test_someone_else', JSON.stringify(data)));
    expect(forged.status).toBe(401);
    expect(await depositsOf(m)).toEqual([]);
    expect((await orderOf(m, sale.id)).status).toBe('pending');

    expect((await webhook(data)).status).toBe(200);
    expect((await webhook(data)).status).toBe(200);
    expect(await orderOf(m, sale.id)).toMatchObject({ status: 'success', payment_state: 'paid' });
    expect((await orderOf(m, sale.id)).payments.map((p: { reference: string }) => p.reference)).toEqual([
      data.reference,
    ]);
    expect(await depositsOf(m)).toHaveLength(1);
  });

  it('is credited and matched by the requery round when the webhook was lost, once, and the late webhook credits nothing', async () => {
    const { m, account, sale, product } = await shopWaiting(6);
    // A second sale keeps waiting, so each round asks Paystack again.
    const other = await order(t, m, {
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'bank_transfer',
      await_transfer: true,
      channel: 'pos',
    });
    expect(other.status).toBe(201);
    const lost = charge(account, 6 * UNIT);
    // Paystack's list holds the lost charge, another account's charge and a card payment.
    fake.charges.push(lost, charge('7999999999', 6 * UNIT), {
      ...charge(account, 6 * UNIT),
      channel: 'card',
    });
    const ctx = () =>
      walletCalls(t).appContextNow(
        createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, clock: t.clock, timeoutMs: 400 }),
      );
    expect(await requeryTillTransfers(ctx())).toBe(1);
    const listCalls = fake.calls.filter((c) => c.method === 'GET' && c.path === '/transaction');
    expect(listCalls.length).toBeGreaterThan(0);
    expect(await orderOf(m, sale.id)).toMatchObject({ status: 'success', payment_state: 'paid' });
    expect(await requeryTillTransfers(ctx())).toBe(0);
    expect(fake.calls.filter((c) => c.method === 'GET' && c.path === '/transaction').length).toBeGreaterThan(
      listCalls.length,
    );
    expect((await orderOf(m, other.body.data.id)).transfer.state).toBe('awaiting');
    expect((await webhook(lost)).status).toBe(200);
    expect(await depositsOf(m)).toHaveLength(1);
    expect((await t.call('GET', '/wallet/details', { token: m.token })).body.data.balance).toBe(6 * UNIT);
  });
});
