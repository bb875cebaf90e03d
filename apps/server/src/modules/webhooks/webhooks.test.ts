import dns from 'node:dns';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onCitus } from '../../db/distribution.js';
import { createMerchant, createStaff, PASSWORD, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';
import { walletCalls } from '../wallet/wallet-test-support.js';
import { retryWaitMs } from './webhook-delivery.js';
import { deliverNow, startReceiver, type Received } from './webhook-test-support.js';

let t: TestApp;
let m: Merchant;
const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];

beforeAll(async () => {
  t = await createTestApp({ WALLET_RECONCILE_SECONDS: '0', WALLET_TRANSFER_FEE: '0' });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});
// A store of its own per test (tests move the clock a day on, past a session's life).
beforeEach(async () => {
  m = await createMerchant(t);
});

async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function register(merchant: Merchant, url: string, events: string[]) {
  const res = await t.call('POST', '/webhooks/endpoints', {
    token: merchant.token,
    body: { url, events, description: 'Test receiver' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; secret: string; secret_hint: string };
}

/** Checks the signature header as a receiver would: HMAC-SHA256 of `t.body` with the secret. */
function validSignature(r: Received, secret: string): boolean {
  const header = String(r.headers['tillbook-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${r.body}`).digest('hex');
  return expected === match[2] && r.headers['tillbook-timestamp'] === match[1];
}

const deliveries = async (merchant: Merchant, query: Record<string, string> = {}) => {
  let res = await t.call('GET', '/webhooks/deliveries', { token: merchant.token, query });
  if (res.status === 401) {
    // The test moved the clock past the session's life: sign in again.
    const again = await t.call('POST', '/user/signin', {
      body: { email: merchant.email, password: PASSWORD },
    });
    merchant.token = again.body.data.userToken;
    res = await t.call('GET', '/webhooks/deliveries', { token: merchant.token, query });
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('webhooks', () => {
  it('delivers each event once with a valid signature', async () => {
    const r = await receiver();
    const endpoint = await register(m, r.url, [
      'order.created',
      'order.status_changed',
      'order.refunded',
      'product.stock_low',
      'payment.received',
    ]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    // The secret is shown once: the list gives a hint only.
    const list = await t.call('GET', '/webhooks/endpoints', { token: m.token });
    expect(JSON.stringify(list.body.data)).not.toContain(endpoint.secret);
    expect(list.body.data[0].secret_hint).toBe(endpoint.secret_hint);

    const product = await createProduct(t, m, { quantity: 6, low_stock_threshold: 3 });
    // A paid POS sale: order.created, payment.received, and the stock falls to 3 (its low level).
    const sale = await order(t, m, {
      items: [{ product_id: product.id, quantity: 3 }],
      channel: 'pos',
      amount_received: 450_000,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    // Nothing is sent inside the sale: the deliveries wait for the worker.
    expect(r.received).toHaveLength(0);
    // A refund: order.refunded and order.status_changed (success → refunded).
    const refund = await t.call('POST', `/order/${sale.body.data.id}/refund`, {
      token: m.token,
      body: { reason: 'Customer changed their mind' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    expect(await deliverNow(t)).toBe(5);
    expect(await deliverNow(t)).toBe(0);
    const events = r.received.map((x) => JSON.parse(x.body) as { id: string; type: string; data: any });
    expect(events.map((e) => e.type).sort()).toEqual([
      'order.created',
      'order.refunded',
      'order.status_changed',
      'payment.received',
      'product.stock_low',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    for (const x of r.received) {
      expect(validSignature(x, endpoint.secret)).toBe(true);
      expect(validSignature(x, 'whsec_wrong')).toBe(false);
      expect(x.headers['tillbook-event']).toBe(JSON.parse(x.body).type);
    }
    const created = events.find((e) => e.type === 'order.created')!;
    // The order's number, taken with the sale's rows, reached the payload.
    expect(created.data.number).toBe(sale.body.data.number);
    expect(created.data.total).toBe(450_000);
    const payment = events.find((e) => e.type === 'payment.received')!;
    expect(payment.data.order_number).toBe(sale.body.data.number);
    expect(payment.data.number).toMatch(/^PAY-\d{6}$/);
    expect(events.find((e) => e.type === 'product.stock_low')!.data).toMatchObject({
      product_id: product.id,
      quantity: 3,
      low_stock_threshold: 3,
    });
    expect(events.find((e) => e.type === 'order.status_changed')!.data).toMatchObject({
      from: 'success',
      to: 'refunded',
    });

    const log = await deliveries(m);
    expect(log.data).toHaveLength(5);
    for (const d of log.data) {
      expect(d.status).toBe('delivered');
      expect(d.attempts).toBe(1);
      expect(d.attempt_log).toHaveLength(1);
      expect(d.attempt_log[0].status_code).toBe(200);
      expect(d.endpoint_url).toBe(r.url);
    }
  });

  it('sends only the events an endpoint subscribed to, and nothing for a store without endpoints', async () => {
    const r = await receiver();
    await register(m, r.url, ['order.status_changed']);
    const other = await createMerchant(t);
    const product = await createProduct(t, m, { quantity: 50 });
    const sale = await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] });
    expect(sale.status).toBe(201);
    const otherProduct = await createProduct(t, other, { quantity: 50 });
    expect((await order(t, other, { items: [{ product_id: otherProduct.id, quantity: 1 }] })).status).toBe(
      201,
    );
    const moved = await t.call('PATCH', `/order/status/${sale.body.data.id}`, {
      token: m.token,
      body: { status: 'processing' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await deliverNow(t);
    expect(r.received.map((x) => JSON.parse(x.body).type)).toEqual(['order.status_changed']);
    const rows = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('store_id', '=', other.storeId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("queues a sale's events from the moment the store has an enabled endpoint, and none while it has none", async () => {
    const n = await createMerchant(t);
    const product = await createProduct(t, n, { quantity: 50 });
    const sell = async () => {
      const before = t.statements();
      const res = await order(t, n, { items: [{ product_id: product.id, quantity: 1 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.data.id as string, statements: t.statements() - before };
    };
    const outbox = async () =>
      (
        await t.db
          .selectFrom('webhook_deliveries')
          .select('event')
          .where('store_id', '=', n.storeId)
          .execute()
      ).length;
    const quiet = await sell();
    expect(await outbox()).toBe(0);
    const r = await receiver();
    const endpoint = await register(n, r.url, ['order.created']);
    const heard = await sell();
    expect(await outbox()).toBe(1);
    // On SQLite and Citus (one statement per table, decision 0049) the outbox's insert … select
    // is a statement of its own; on PostgreSQL it is part of the sale's one statement either way.
    expect(heard.statements - quiet.statements).toBe(process.env.TEST_DATABASE_URL && !onCitus() ? 0 : 1);
    await deliverNow(t);
    expect(r.received.map((x) => JSON.parse(x.body).data.id)).toEqual([heard.id]);
    const off = await t.call('PATCH', `/webhooks/endpoints/${endpoint.id}`, {
      token: n.token,
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await sell();
    expect(await outbox()).toBe(1);
  });

  it('sends wallet.transfer.settled when a transfer settles', async () => {
    const r = await receiver();
    const endpoint = await register(m, r.url, ['wallet.transfer.settled']);
    const w = walletCalls(t);
    await w.openWallet(m);
    await w.deposit(m, 500_000);
    const sent = await w.transfer(m, w.transferBody('0123456789', 100_000));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await deliverNow(t);
    expect(r.received).toHaveLength(1);
    const event = JSON.parse(r.received[0]!.body);
    expect(event.type).toBe('wallet.transfer.settled');
    expect(event.data).toMatchObject({ reference: sent.body.data.reference, status: 'success' });
    expect(validSignature(r.received[0]!, endpoint.secret)).toBe(true);
  });

  it('retries a receiver that is down with growing waits, and stops after it answers', async () => {
    const r = await receiver();
    await register(m, r.url, ['order.created']);
    await r.down();
    const product = await createProduct(t, m, { quantity: 50 });
    expect((await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] })).status).toBe(201);

    expect(await deliverNow(t)).toBe(1);
    let [d] = (await deliveries(m)).data;
    expect(d.status).toBe('pending');
    expect(d.attempts).toBe(1);
    expect(d.attempt_log[0].status_code).toBeNull();
    expect(d.attempt_log[0].error).toBeTruthy();
    // Not due again before its wait is over.
    expect(await deliverNow(t)).toBe(0);
    t.clock.advance(retryWaitMs(1));
    expect(await deliverNow(t)).toBe(1);
    [d] = (await deliveries(m)).data;
    expect(d.attempts).toBe(2);
    t.clock.advance(retryWaitMs(2) - 1000);
    expect(await deliverNow(t)).toBe(0);
    t.clock.advance(1000);

    await r.up();
    r.answer(500);
    expect(await deliverNow(t)).toBe(1);
    [d] = (await deliveries(m)).data;
    expect(d.attempts).toBe(3);
    expect(d.attempt_log[0].status_code).toBe(500);

    r.answer(200);
    t.clock.advance(retryWaitMs(3));
    expect(await deliverNow(t)).toBe(1);
    [d] = (await deliveries(m)).data;
    expect(d.status).toBe('delivered');
    expect(d.attempts).toBe(4);
    expect(d.attempt_log.map((a: { status_code: number | null }) => a.status_code)).toEqual([
      200,
      500,
      null,
      null,
    ]);
    expect(r.received).toHaveLength(2);

    // Stopped: a day later nothing more is sent.
    t.clock.advance(25 * 3_600_000);
    expect(await deliverNow(t)).toBe(0);
    expect(r.received).toHaveLength(2);

    expect((await deliveries(m)).data[0].status).toBe('delivered');
    // "Send again" sends it once more.
    const again = await t.call('POST', `/webhooks/deliveries/${d.id}/resend`, { token: m.token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.status).toBe('pending');
    expect(await deliverNow(t)).toBe(1);
    expect(r.received).toHaveLength(3);
    expect(r.received[2]!.body).toBe(r.received[1]!.body);
  });

  it('gives up a day after the event', async () => {
    const r = await receiver();
    await register(m, r.url, ['order.created']);
    r.answer(503);
    const product = await createProduct(t, m, { quantity: 50 });
    expect((await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] })).status).toBe(201);
    let rounds = 0;
    for (; rounds < 40; rounds++) {
      if (!(await deliverNow(t))) {
        const [d] = (await deliveries(m)).data;
        if (d.status !== 'pending') break;
      }
      t.clock.advance(4 * 3_600_000);
    }
    const [d] = (await deliveries(m)).data;
    expect(d.status).toBe('failed');
    expect(d.next_attempt_at).toBeNull();
    // 30 s, 1, 2, 4 … minutes up to 4 h between tries: about a dozen tries in the day.
    expect(d.attempts).toBeGreaterThan(5);
    expect(d.attempts).toBeLessThan(20);
  });

  it('a slow receiver never holds up a sale: the sale answers while the delivery is in flight', async () => {
    const r = await receiver();
    await register(m, r.url, ['order.created']);
    const product = await createProduct(t, m, { quantity: 50 });
    expect((await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] })).status).toBe(201);
    r.hold();
    const round = deliverNow(t);
    while (r.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    // The receiver is holding the first delivery open; sales go on and answer meanwhile.
    for (let i = 0; i < 3; i++) {
      const sale = await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] });
      expect(sale.status).toBe(201);
    }
    expect(r.waiting).toBe(1);
    const pending = await t.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('store_id', '=', m.storeId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(4);
    r.release();
    expect(await round).toBe(1);
    expect(await deliverNow(t)).toBe(3);
    expect(r.received).toHaveLength(4);
  });

  it('validates endpoints and answers 404 for another store', async () => {
    const bad = await t.call('POST', '/webhooks/endpoints', {
      token: m.token,
      body: { url: 'ftp://example.com', events: [] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['url', 'events']));
    const unknown = await t.call('POST', '/webhooks/endpoints', {
      token: m.token,
      body: { url: 'https://example.com/hook', events: ['order.eaten'] },
    });
    expect(unknown.status).toBe(400);

    const r = await receiver();
    const mine = await register(m, r.url, ['order.created']);
    const product = await createProduct(t, m, { quantity: 50 });
    await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] });
    const [delivery] = (await deliveries(m)).data;

    const other = await createMerchant(t);
    expect((await t.call('GET', '/webhooks/endpoints', { token: other.token })).body.data).toEqual([]);
    expect((await deliveries(other)).data).toEqual([]);
    const patch = await t.call('PATCH', `/webhooks/endpoints/${mine.id}`, {
      token: other.token,
      body: { enabled: false },
    });
    expect(patch.status).toBe(404);
    expect((await t.call('DELETE', `/webhooks/endpoints/${mine.id}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await t.call('POST', `/webhooks/deliveries/${delivery.id}/resend`, { token: other.token })).status,
    ).toBe(404);

    // Edit: disabled endpoints get no new deliveries.
    const off = await t.call('PATCH', `/webhooks/endpoints/${mine.id}`, {
      token: m.token,
      body: { enabled: false, events: ['order.created', 'order.refunded'] },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, events: ['order.created', 'order.refunded'] });
    await order(t, m, { items: [{ product_id: product.id, quantity: 1 }] });
    expect((await deliveries(m)).data).toHaveLength(1);

    const audits = await t.db
      .selectFrom('audits')
      .select('action')
      .where('store_id', '=', m.storeId)
      .where('entity_id', '=', mine.id)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['webhook_endpoint.created', 'webhook_endpoint.updated']),
    );
    const gone = await t.call('DELETE', `/webhooks/endpoints/${mine.id}`, { token: m.token });
    expect(gone.status).toBe(200);
    expect((await deliveries(m)).data).toEqual([]);
  });

  it('refuses private addresses unless allowed', async () => {
    const strict = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
    try {
      const owner = await createMerchant(strict);
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/x',
        'https://localhost/x',
      ]) {
        const res = await strict.call('POST', '/webhooks/endpoints', {
          token: owner.token,
          body: { url, events: ['order.created'] },
        });
        expect(res.status, url).toBe(400);
        expect(res.body.error.fields.url).toBeTruthy();
      }
      const okRes = await strict.call('POST', '/webhooks/endpoints', {
        token: owner.token,
        body: { url: 'https://hooks.example.com/tillbook', events: ['order.created'] },
      });
      expect(okRes.status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('refuses a delivery whose name now points into the network, on the connection itself (DNS rebinding)', async () => {
    const strict = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
    // The name was public when registered; from now on it answers a loopback address.
    const lookup = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((
        host: string,
        _options: unknown,
        callback: (e: null, a: Array<{ address: string; family: number }>) => void,
      ) =>
        host === 'hooks.example.com'
          ? callback(null, [{ address: '127.0.0.1', family: 4 }])
          : callback(null, [{ address: '93.184.216.34', family: 4 }])) as never);
    try {
      const owner = await createMerchant(strict);
      const created = await strict.call('POST', '/webhooks/endpoints', {
        token: owner.token,
        body: { url: 'https://hooks.example.com/tillbook', events: ['order.created'] },
      });
      expect(created.status).toBe(201);
      const product = await createProduct(strict, owner, { quantity: 5 });
      expect((await order(strict, owner, { items: [{ product_id: product.id, quantity: 1 }] })).status).toBe(
        201,
      );

      expect(await deliverNow(strict)).toBe(1);
      const list = await strict.call('GET', '/webhooks/deliveries', { token: owner.token });
      const [d] = list.body.data;
      expect(d.status).toBe('pending');
      expect(d.attempt_log[0].status_code).toBeNull();
      expect(d.attempt_log[0].error).toBe(
        'hooks.example.com points at a private address; deliveries cannot go there',
      );
      // The socket's own lookup asked, not a check beside it.
      expect(lookup).toHaveBeenCalledWith('hooks.example.com', { all: true }, expect.any(Function));
    } finally {
      lookup.mockRestore();
      await strict.close();
    }
  });

  it('needs developers.manage', async () => {
    const cashier = await createStaff(t, m, 'cashier');
    for (const [method, url] of [
      ['GET', '/webhooks/endpoints'],
      ['POST', '/webhooks/endpoints'],
      ['GET', '/webhooks/deliveries'],
    ] as const) {
      const res = await t.call(method, url, {
        token: cashier.token,
        body: method === 'POST' ? { url: 'https://example.com/x', events: ['order.created'] } : undefined,
      });
      expect(res.status, url).toBe(403);
    }
  });
});
