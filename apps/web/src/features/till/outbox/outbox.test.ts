import 'fake-indexeddb/auto';
import type { Order, OrderQuote } from '@tillbook/contract/orders';
import type { Product, ProductVariant } from '@tillbook/contract/products';
import type { TillChanges } from '@tillbook/contract/till';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import type { OrderBody } from '../../../lib/till-db';
import { applyChanges } from '../catalogue/catalogue-cache';
import { addProduct, emptyCart, lineItem } from '../components/cart';
import { localQuote } from '../offline/local-quote';
import { sell } from './outbox';
import { getSale, salesOf, updateSale } from './outbox-store';
import { prepareShares, shareDone, shareWhenSent } from './queued-shares';
import type { SaleInput } from './sale';
import { ONLINE_SEND_STALE_MS, sendOutbox } from './send-outbox';

// The till's one outbox (decision 0052), on an IndexedDB in memory (fake-indexeddb) and a fake
// server behind `fetch`: what goes out, under which key, and what stays on the device.

const quote: OrderQuote = {
  items: [
    {
      product_id: 'p1',
      variant_id: 'p1',
      variant_name: null,
      pack: null,
      pack_factor: 1,
      name: 'Milo 500g',
      sku: 'MILO',
      unit_price: 150000,
      list_price: 150000,
      quantity: 1,
      discount: 0,
      total: 150000,
      order_discount: 0,
      tax: 0,
    },
  ],
  items_count: 1,
  subtotal: 150000,
  discount: 0,
  discount_code: null,
  tax: 0,
  taxes: [],
  tax_inclusive: false,
  shipping: 0,
  shipping_name: null,
  total: 150000,
  currency: 'NGN',
};

const body: OrderBody = {
  items: [{ product_id: 'p1', quantity: 1 }],
  payment_type: 'cash',
  channel: 'pos',
  amount_received: 150000,
};

let stores = 0;
/** A store of its own per test (the database lives for the whole file), with a fresh catalogue copy. */
async function newStore(
  settings = { offline_max_hours: 24, offline_max_sales: 200 },
  products: Product[] = [],
): Promise<string> {
  const storeId = `store-${++stores}`;
  const changes: TillChanges = {
    cursor: 'c1',
    more: false,
    full: true,
    products,
    removed_product_ids: [],
    customers: [],
    discounts: [],
    tax_rules: [],
    shipping_rates: [],
    settings: { ...settings, offline_stock_rule: 'allow_negative', shift_required: false },
    store: { country: 'NG', state: 'Lagos', currency: 'NGN' },
    server_time: new Date().toISOString(),
  };
  await applyChanges(storeId, changes);
  return storeId;
}

const saleIn = (storeId: string, key: string): SaleInput => ({
  storeId,
  key,
  body,
  quote,
  lines: [{ variant_name: '', pack_factor: 1 }],
  customer: null,
  cashier: { id: 'u1', name: 'Ada Obi' },
});

const order = (over: Partial<Order> = {}) =>
  ({ id: 'o1', number: 'ORD-0001', offline_state: null, offline_issues: [], ...over }) as Order;

/** What the fake server was sent: key and body of each `POST /order`. */
function server(answer: (body: OrderBody, n: number) => Response | Promise<Response>) {
  const sent: { key: string; body: OrderBody }[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const headers = init?.headers as Record<string, string>;
    const sentBody = JSON.parse(String(init?.body)) as OrderBody;
    sent.push({ key: headers['Idempotency-Key']!, body: sentBody });
    return answer(sentBody, sent.length);
  });
  return { sent, fetch };
}

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * A fake server that keeps the Idempotency-Key as `lib/idempotency.ts` does: a key's first
 * answer is stored with the sale and answered to a repeat of the same body (409 to another); a
 * refused request stores nothing. `drop` loses request n on its way there ('before') or its
 * answer on the way back ('after', the sale made); `refuse` answers a body 422.
 */
function idempotentServer(opts: {
  drop?: (n: number) => 'before' | 'after' | null;
  refuse?: (body: OrderBody) => boolean;
}) {
  const sales: { key: string; body: OrderBody }[] = [];
  const stored = new Map<string, { request: string; order: Order }>();
  // When the till sent it is no part of the request (as the server reads it).
  const request = (b: OrderBody) =>
    JSON.stringify(b.offline ? { ...b, offline: { ...b.offline, sent_at: undefined } } : b);
  const { sent } = server(async (sentBody, n) => {
    const drop = opts.drop?.(n) ?? null;
    if (drop === 'before') return unreachable();
    const key = sent[n - 1]!.key;
    const first = stored.get(key);
    if (first && first.request !== request(sentBody))
      return jsonResponse(409, { success: false, error: { code: 'CONFLICT', message: 'Another request' } });
    if (!first && opts.refuse?.(sentBody))
      return jsonResponse(422, { success: false, error: { code: 'UNPROCESSABLE', message: 'Sold out' } });
    if (!first) {
      sales.push({ key, body: sentBody });
      stored.set(key, { request: request(sentBody), order: order({ number: `ORD-000${sales.length}` }) });
    }
    if (drop === 'after') return unreachable();
    return jsonResponse(201, { success: true, data: stored.get(key)!.order });
  });
  return { sent, sales };
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // Forget "the server could not be reached a moment ago" from an earlier test.
  window.dispatchEvent(new Event('online'));
});
afterEach(() => vi.restoreAllMocks());

describe('the till outbox', () => {
  it('online: puts the sale in the outbox, sends it once with its Idempotency-Key, and the answer is the receipt', async () => {
    const storeId = await newStore();
    const { sent } = server(() => jsonResponse(201, { success: true, message: 'ok', data: order() }));
    const outcome = await sell(saleIn(storeId, 'key-online'));
    expect(outcome).toEqual({ kind: 'recorded', order: order() });
    expect(sent).toEqual([{ key: 'key-online', body }]);
    // Recorded: nothing waits on the device, and a round sends nothing more.
    expect(await salesOf(storeId)).toEqual([]);
    await sendOutbox(storeId);
    expect(sent).toHaveLength(1);
  });

  it('offline: keeps the sale numbered by the device, sends nothing, then replays each once with the same key', async () => {
    const storeId = await newStore();
    online = false;
    const { sent } = server(() => jsonResponse(201, { success: true, message: 'ok', data: order() }));
    const first = await sell(saleIn(storeId, 'key-a'));
    const second = await sell(saleIn(storeId, 'key-b'));
    if (first.kind !== 'waiting' || second.kind !== 'waiting') throw new Error('not kept');
    expect(first.sale.offlineNumber).toMatch(/^OFF-[A-Z0-9]{6}-\d+$/);
    const [device, n] = [first.sale.offlineNumber.slice(0, 10), Number(first.sale.offlineNumber.slice(11))];
    expect(second.sale.offlineNumber).toBe(`${device}-${n + 1}`);
    expect(first.sale.receipt).toMatchObject({ number: first.sale.offlineNumber, status: 'pending' });
    expect(sent).toEqual([]);

    online = true;
    await sendOutbox(storeId);
    expect(sent.map((s) => s.key)).toEqual(['key-a', 'key-b']);
    expect(sent[0]!.body.offline).toMatchObject({ number: first.sale.offlineNumber, total: 150000 });
    expect(sent[0]!.body.offline?.sent_at).toEqual(expect.any(String));
    expect((await salesOf(storeId)).map((s) => [s.key, s.state, s.orderNumber])).toEqual([
      ['key-a', 'sent', 'ORD-0001'],
      ['key-b', 'sent', 'ORD-0001'],
    ]);
    // Replayed once: another round (another tab, the timer) sends nothing again.
    await sendOutbox(storeId);
    expect(sent).toHaveLength(2);
  });

  it('online, the request lost before it reached the server: the cashier gets the offline receipt, and the round sends the same body under the same key, which makes the sale once', async () => {
    const storeId = await newStore();
    const shop = idempotentServer({ drop: (n) => (n === 1 ? 'before' : null) });
    const outcome = await sell(saleIn(storeId, 'key-dropped'));
    if (outcome.kind !== 'waiting') throw new Error(`not kept: ${outcome.kind}`);
    expect(outcome.sale.key).toBe('key-dropped');
    expect(outcome.sale.body.offline?.number).toBe(outcome.sale.offlineNumber);
    expect(outcome.sale.receipt).toMatchObject({ number: outcome.sale.offlineNumber, status: 'pending' });
    expect(outcome.sale.sentOnline).toEqual(body);

    window.dispatchEvent(new Event('online'));
    await sendOutbox(storeId);
    expect(shop.sent).toEqual([
      { key: 'key-dropped', body },
      { key: 'key-dropped', body },
    ]);
    expect(shop.sales).toHaveLength(1);
    expect(await getSale('key-dropped')).toMatchObject({ state: 'sent', orderNumber: 'ORD-0001' });
    await sendOutbox(storeId);
    expect(shop.sent).toHaveLength(2);
  });

  it('online, the answer lost after the server made the sale: the next round gets the stored answer, one sale on the server, nothing left waiting', async () => {
    const storeId = await newStore();
    const shop = idempotentServer({ drop: (n) => (n === 1 ? 'after' : null) });
    const outcome = await sell(saleIn(storeId, 'key-lost-answer'));
    expect(outcome.kind).toBe('waiting');
    expect(shop.sales).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    await sendOutbox(storeId);
    // The same body and key: the server answers with what it stored, and makes nothing new.
    expect(shop.sent.map((s) => [s.key, s.body])).toEqual([
      ['key-lost-answer', body],
      ['key-lost-answer', body],
    ]);
    expect(shop.sales).toHaveLength(1);
    expect((await salesOf(storeId)).filter((s) => s.state !== 'sent')).toEqual([]);
    expect(await getSale('key-lost-answer')).toMatchObject({ state: 'sent', orderNumber: 'ORD-0001' });
    await sendOutbox(storeId);
    expect(shop.sent).toHaveLength(2);
  });

  it('online, the answer lost and the resend refused: no sale was made, so it goes as the offline sale under the same key, once', async () => {
    const storeId = await newStore();
    // The first request never arrives; online the product is sold out by the time of the
    // resend, while the server takes the sale made offline (and reviews it).
    const shop = idempotentServer({
      drop: (n) => (n === 1 ? 'before' : null),
      refuse: (sent) => !sent.offline,
    });
    const outcome = await sell(saleIn(storeId, 'key-resend-refused'));
    if (outcome.kind !== 'waiting') throw new Error(`not kept: ${outcome.kind}`);

    window.dispatchEvent(new Event('online'));
    await sendOutbox(storeId);
    expect(shop.sent.map((s) => s.key)).toEqual([
      'key-resend-refused',
      'key-resend-refused',
      'key-resend-refused',
    ]);
    expect(shop.sent[1]!.body).toEqual(body);
    expect(shop.sent[2]!.body.offline).toMatchObject({ number: outcome.sale.offlineNumber, total: 150000 });
    expect(shop.sales).toHaveLength(1);
    expect(await getSale('key-resend-refused')).toMatchObject({ state: 'sent', sentOnline: null });
    await sendOutbox(storeId);
    expect(shop.sent).toHaveLength(3);
  });

  it('online, the answer lost and the resend failing too (no network, the key still being recorded): it waits with the body it was sent with', async () => {
    const storeId = await newStore();
    const shop = idempotentServer({ drop: (n) => (n === 1 ? 'after' : n === 2 ? 'before' : null) });
    await sell(saleIn(storeId, 'key-twice'));
    window.dispatchEvent(new Event('online'));
    await sendOutbox(storeId);
    expect(await getSale('key-twice')).toMatchObject({ state: 'queued', sentOnline: body });

    // Another request with this key is still being recorded: a 409 that is no refusal.
    server(() =>
      jsonResponse(409, {
        success: false,
        error: { code: 'CONFLICT', message: 'A request with this Idempotency-Key is still being processed.' },
      }),
    );
    await sendOutbox(storeId);
    expect(await getSale('key-twice')).toMatchObject({ state: 'queued', sentOnline: body });
    expect(shop.sales).toHaveLength(1);
  });

  it('online, a refusal is the cashier’s: nothing stays in the outbox and the reason comes back', async () => {
    const storeId = await newStore();
    server(() =>
      jsonResponse(422, {
        success: false,
        error: {
          code: 'UNPROCESSABLE',
          message: 'Only 0 left of "Milo 500g"',
          fields: { 'items.0.quantity': 'Only 0 left' },
        },
      }),
    );
    const outcome = await sell(saleIn(storeId, 'key-refused'));
    expect(outcome.kind).toBe('refused');
    if (outcome.kind === 'refused') expect(String(outcome.error)).toContain('Only 0 left');
    expect(await salesOf(storeId)).toEqual([]);
  });

  it('a sale the server refuses on replay stays on the device with the reason, and the next one is still sent', async () => {
    const storeId = await newStore();
    online = false;
    await sell(saleIn(storeId, 'key-gone'));
    await sell(saleIn(storeId, 'key-fine'));
    online = true;
    const { sent } = server((_body, n) =>
      n === 1
        ? jsonResponse(404, { success: false, error: { code: 'NOT_FOUND', message: 'Product not found' } })
        : jsonResponse(201, { success: true, data: order({ number: 'ORD-0002' }) }),
    );
    await sendOutbox(storeId);
    const [gone, fine] = await salesOf(storeId);
    expect([gone?.state, gone?.error]).toEqual(['needs_decision', 'Product not found']);
    expect([fine?.state, fine?.orderNumber]).toEqual(['sent', 'ORD-0002']);
    // Kept for the cashier's decision: no round sends it again.
    await sendOutbox(storeId);
    expect(sent.map((s) => s.key)).toEqual(['key-gone', 'key-fine']);
  });

  it('past the store’s limit no sale is kept offline, and the cashier is told why', async () => {
    const storeId = await newStore({ offline_max_hours: 24, offline_max_sales: 1 });
    online = false;
    expect((await sell(saleIn(storeId, 'key-1'))).kind).toBe('waiting');
    const refused = await sell(saleIn(storeId, 'key-2'));
    expect(refused.kind).toBe('refused');
    if (refused.kind === 'refused')
      expect(String(refused.error)).toContain('1 sales are waiting on this till');
    expect((await salesOf(storeId)).map((s) => s.key)).toEqual(['key-1']);
  });

  it('a sale sent online whose tab closed mid-send is sent again under its key by a later round, not while it may still be on its way', async () => {
    const storeId = await newStore();
    let release: () => void = () => undefined;
    const hanging = new Promise<Response>((resolve) => {
      release = () => resolve(jsonResponse(201, { success: true, data: order() }));
    });
    const { sent } = server((_body, n) =>
      n === 1 ? hanging : jsonResponse(201, { success: true, data: order() }),
    );
    const pending = sell(saleIn(storeId, 'key-closed'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // A round meanwhile leaves it to the request on its way.
    await sendOutbox(storeId);
    expect(sent).toHaveLength(1);
    // As if the tab had closed a while ago: the round sends it again, same key, same body.
    await updateSale('key-closed', {
      sendingSince: new Date(Date.now() - ONLINE_SEND_STALE_MS - 1000).toISOString(),
    });
    await sendOutbox(storeId);
    expect(sent.map((s) => [s.key, s.body])).toEqual([
      ['key-closed', body],
      ['key-closed', body],
    ]);
    release();
    await pending;
  });

  it('offline, a carton, tins and a size of one product: the body keeps each line’s variant, pack and price, and replays once with the same lines', async () => {
    const variant = (over: Partial<ProductVariant> & Pick<ProductVariant, 'id'>) =>
      ({
        name: '',
        sku: over.id,
        barcode: '',
        price: 50_000,
        sale_price: null,
        quantity: 500,
        status: 'active',
        packs: [],
        ...over,
      }) as ProductVariant;
    const base = {
      unit: 'tin',
      status: 'active',
      track_stock: true,
      images: [],
      category_ids: [],
      options: [],
    };
    const milk = {
      ...base,
      id: 'milk',
      name: 'Peak Milk 400g',
      price: 50_000,
      sale_price: 45_000,
      variants: [
        variant({
          id: 'milk',
          sale_price: 45_000,
          packs: [{ name: 'carton', factor: 24, barcode: '900', price: 1_000_000 }],
        }),
      ],
    } as unknown as Product;
    const shirt = {
      ...base,
      id: 'shirt',
      name: 'T-shirt',
      price: 500_000,
      sale_price: null,
      variants: [variant({ id: 'shirt', name: 'M' }), variant({ id: 'shirt-l', name: 'L', price: 550_000 })],
    } as unknown as Product;
    const storeId = await newStore(undefined, [milk, shirt]);
    online = false;

    // The cart as the till builds it, and the body and quote it sends (point-of-sale-screen).
    let cart = addProduct(emptyCart(), milk, 3);
    cart = addProduct(cart, milk, 2, { pack: 'carton' });
    cart = addProduct(cart, shirt, 1, { variantId: 'shirt-l' });
    const items = cart.lines.map((l) => lineItem(l, null));
    const lineQuote = await localQuote(storeId, { items });
    const sale: SaleInput = {
      ...saleIn(storeId, 'key-packs'),
      body: { ...body, items, amount_received: lineQuote.total },
      quote: lineQuote,
      lines: cart.lines.map((l) => ({ variant_name: l.variant_name, pack_factor: l.pack_factor })),
    };
    const kept = await sell(sale);
    if (kept.kind !== 'waiting') throw new Error(`not kept: ${kept.kind}`);
    const expectedItems = [
      { product_id: 'shirt', variant_id: 'shirt-l', quantity: 1 },
      { product_id: 'milk', pack: 'carton', quantity: 2 },
      { product_id: 'milk', quantity: 3 },
    ];
    expect(kept.sale.body.items).toEqual(expectedItems);
    expect(kept.sale.body.offline).toMatchObject({
      unit_prices: [550_000, 1_000_000, 45_000],
      total: 550_000 + 2_000_000 + 135_000,
    });
    // The receipt names the variant and the pack of each line.
    expect(
      kept.sale.receipt.items.map((i) => [i.product_id, i.variant_id, i.variant_name, i.pack, i.pack_factor]),
    ).toEqual([
      ['shirt', 'shirt-l', 'L', null, 1],
      ['milk', 'milk', null, 'carton', 24],
      ['milk', 'milk', null, null, 1],
    ]);

    online = true;
    const shop = idempotentServer({});
    await sendOutbox(storeId);
    await sendOutbox(storeId);
    expect(shop.sales).toHaveLength(1);
    expect(shop.sales[0]!.body.items).toEqual(expectedItems);
    expect(shop.sales[0]!.body.offline?.unit_prices).toEqual([550_000, 1_000_000, 45_000]);
  });
});

describe('a receipt shared from a sale made offline (issue 35)', () => {
  /** The fake server: `POST /order` makes ORD-0007, `POST /order/o7/share` answers its link. */
  function shop(share: () => Response) {
    const asked: { url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url).split('?')[0]!;
      asked.push({ url: path, body: JSON.parse(String(init?.body)) });
      if (path.endsWith('/order'))
        return jsonResponse(201, { success: true, data: order({ id: 'o7', number: 'ORD-0007' }) });
      return share();
    });
    return asked;
  }
  const link = {
    url: 'https://shop.example/api/v1/r/abc.def',
    expires_at: '2027-03-01T00:00:00.000Z',
    phone: '2348031234567',
    message: 'Your receipt: https://shop.example/api/v1/r/abc.def',
    whatsapp_url: 'https://wa.me/2348031234567?text=Your%20receipt',
    sms_url: 'sms:+2348031234567?body=Your%20receipt',
  };

  it('waits with the sale, gets its link once the store has the sale, and is ready for one tap', async () => {
    const storeId = await newStore();
    online = false;
    const asked = shop(() => jsonResponse(201, { success: true, data: link }));
    const kept = await sell(saleIn(storeId, 'key-share'));
    if (kept.kind !== 'waiting') throw new Error('not kept');
    await shareWhenSent('key-share', 'whatsapp', '08031234567');
    // Nothing to ask while the sale waits.
    await prepareShares(storeId);
    expect(asked).toEqual([]);
    expect((await getSale('key-share'))?.share).toMatchObject({ state: 'waiting', channel: 'whatsapp' });

    online = true;
    await sendOutbox(storeId);
    await prepareShares(storeId);
    expect(asked.map((a) => a.url)).toEqual(['/api/v1/order', '/api/v1/order/o7/share']);
    expect(asked[1]!.body).toEqual({ channel: 'whatsapp', phone: '08031234567' });
    expect((await getSale('key-share'))?.share).toMatchObject({
      state: 'ready',
      phone: '2348031234567',
      url: link.url,
      openUrl: link.whatsapp_url,
      error: null,
    });
    // Ready once: another round asks nothing more.
    await prepareShares(storeId);
    expect(asked).toHaveLength(2);
    await shareDone('key-share');
    expect((await getSale('key-share'))?.share?.state).toBe('done');
  });

  it('a share the server refuses keeps waiting with the reason, and goes on the next round', async () => {
    const storeId = await newStore();
    online = false;
    let refuse = true;
    const asked = shop(() =>
      refuse
        ? jsonResponse(503, { success: false, error: { code: 'UNAVAILABLE', message: 'Try again shortly' } })
        : jsonResponse(201, { success: true, data: link }),
    );
    await sell(saleIn(storeId, 'key-sms'));
    await shareWhenSent('key-sms', 'sms', null);
    online = true;
    await sendOutbox(storeId);
    await prepareShares(storeId);
    expect((await getSale('key-sms'))?.share).toMatchObject({ state: 'waiting', error: 'Try again shortly' });
    refuse = false;
    await prepareShares(storeId);
    expect(asked.filter((a) => a.url.endsWith('/share'))).toHaveLength(2);
    expect((await getSale('key-sms'))?.share).toMatchObject({ state: 'ready', openUrl: link.sms_url });
  });
});
