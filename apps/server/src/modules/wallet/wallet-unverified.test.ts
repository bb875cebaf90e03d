/** What an account whose email nobody verified may do (decision 0047), on both payment providers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePaystack } from '../../test/fake-paystack.js';
import { createMerchant, createStaff, latestCode, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';

const REFUSED =
  'Verify your email address to open the wallet: it gives your store a real bank account for payments. Enter the 6-digit code we emailed you (Enter code, at the top of the page), or ask for a new one there.';

let fake: FakePaystack;
let live: TestApp;
let sandbox: TestApp;
beforeAll(async () => {
  fake = await new FakePaystack().start();
  live = await createTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_test_fake',
    PAYSTACK_BASE_URL: fake.url,
    PAYSTACK_TIMEOUT_MS: '2000',
    WALLET_RECONCILE_SECONDS: '0',
  });
  sandbox = await createTestApp();
});
afterAll(async () => {
  await live.close();
  await sandbox.close();
  await fake.stop();
});

async function sells(t: TestApp, m: Merchant) {
  const p = await createProduct(t, m, { price: 20_000, quantity: 5 });
  const sale = await order(t, m, {
    items: [{ product_id: p.id, quantity: 1 }],
    channel: 'pos',
    amount_received: 20_000,
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
}

describe('an unverified account', () => {
  it('tries the product in its first store: catalogue, sales, and the sandbox wallet of play money', async () => {
    const m = await createMerchant(sandbox, { verify: false });
    expect(m.user.email_verified).toBe(false);
    await sells(sandbox, m);
    const opened = await sandbox.call('POST', '/wallet', { token: m.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.sandbox).toBe(true);
    // Money still cannot leave it (decision 0020), nor can the team grow.
    const roles = await sandbox.call('GET', '/roles', { token: m.token });
    const cashier = roles.body.data.find((r: { key: string }) => r.key === 'cashier');
    const invite = await sandbox.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: 'helper@example.ng', role_id: cashier.id },
    });
    expect(invite.status).toBe(403);
  });

  it('cannot open a live wallet: 403 saying to verify, nothing made; after verifying it opens', async () => {
    const m = await createMerchant(live, { verify: false });
    await sells(live, m);
    const refused = await live.call('POST', '/wallet', { token: m.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: REFUSED });
    expect((await live.call('GET', '/wallet/details', { token: m.token })).body.data).toBeNull();
    const wallets = await live.db
      .selectFrom('wallets')
      .select('id')
      .where('store_id', '=', m.storeId)
      .execute();
    expect(wallets).toEqual([]);

    const code = await latestCode(live, m.email);
    expect((await live.call('POST', '/user/verify-email', { body: { email: m.email, code } })).status).toBe(
      200,
    );
    const opened = await live.call('POST', '/wallet', { token: m.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.sandbox).toBe(false);
  });

  it('a verified account opens a live wallet at once; the session and permission checks come first', async () => {
    const m = await createMerchant(live);
    const cashier = await createStaff(live, m, 'cashier');
    const refused = await live.call('POST', '/wallet', { token: cashier.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You do not have permission to do this/);
    expect((await live.call('POST', '/wallet', { token: null })).status).toBe(401);
    expect((await live.call('POST', '/wallet', { token: m.token })).status).toBe(200);
  });
});
