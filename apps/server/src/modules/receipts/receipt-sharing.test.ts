import { RECEIPT_COLUMNS } from '@tillbook/contract/receipt-escpos';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountName } from '../../providers/payments/sandbox.js';
import { escapeHtml } from './receipt-page.js';
import { appWithTwoStores, auditsOf, PASSWORD, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order } from '../../test/sales-fixtures.js';

let t: TestApp;
let m: Merchant;
let other: Merchant;
let cashier: Merchant;
let sale: { id: string; number: string };
let phone: string;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ t, m, other, cashier } = await appWithTwoStores());
  const product = await createProduct(t, m, { name: 'Golden Penny Semovita 10kg', price: 1_250_000 });
  const customer = await createCustomer(t, m, { first_name: 'Ada', last_name: 'Obi' });
  // The fixture's numbers are +234 803…: the links carry them without the plus.
  phone = customer.phone_number.replace(/\D/g, '');
  const res = await order(t, m, {
    customer_id: customer.id,
    items: [{ product_id: product.id, quantity: 2 }],
    amount_received: 2_000_000,
    channel: 'pos',
  });
  expect(res.status).toBe(201);
  sale = res.body.data;
});
afterAll(async () => t.close());

const share = (body: Record<string, unknown>, who: Merchant = m, id = sale.id) =>
  t.call('POST', `/order/${id}/share`, { token: who.token, body });

/** The public page of a link, without any credentials (the path after the host). */
async function open(url: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  return { status: res.statusCode, body: res.body, bytes: res.rawPayload.length, headers: res.headers };
}

describe('sharing a receipt', () => {
  it("answers a signed link and wa.me / sms: links to the customer's number", async () => {
    const res = await share({ channel: 'whatsapp' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.url).toMatch(/\/api\/v1\/r\/[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}$/);
    expect(data.phone).toBe(phone);
    expect(data.whatsapp_url).toBe(`https://wa.me/${phone}?text=${encodeURIComponent(data.message)}`);
    expect(data.sms_url).toBe(`sms:+${phone}?body=${encodeURIComponent(data.message)}`);
    expect(data.message).toContain(data.url);
    expect(new Date(data.expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(90 * DAY - 60_000);
    expect(await auditsOf(t, 'order.receipt_shared', { storeId: m.storeId })).not.toHaveLength(0);
    // The same sale shared again gives the same link.
    expect((await share({ channel: 'sms' })).body.data.url).toBe(data.url);
  });

  it('takes another number, and refuses one no phone can reach (422 naming the field)', async () => {
    const res = await share({ channel: 'sms', phone: '+233 24 412 3456' });
    expect(res.body.data.phone).toBe('233244123456');
    const bad = await share({ channel: 'whatsapp', phone: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toHaveProperty('phone');
    const wrong = await share({ channel: 'fax' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty('channel');
  });

  it('opens a small mobile page with no account, under 50 KB', async () => {
    const { url } = (await share({ channel: 'link' })).body.data;
    const page = await open(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.bytes).toBeLessThan(50 * 1024);
    expect(page.body).toContain('Golden Penny Semovita 10kg');
    expect(page.body).toContain('₦25,000.00');
    expect(page.body).toContain('Balance due');
    expect(page.body).toContain('₦5,000.00');
    expect(page.body).toContain(sale.number);
    expect(page.body).toContain('Ada Obi');
    const pdf = await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const narrow = await t.app.inject({
      method: 'GET',
      url: `${new URL(url).pathname}/receipt.pdf?layout=receipt`,
    });
    expect(narrow.statusCode).toBe(200);
  });

  it('answers 404 for a link with one character changed', async () => {
    const { url } = (await share({ channel: 'link' })).body.data;
    const path = new URL(url).pathname;
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const token = path.split('/').pop()!;
    for (const at of [0, 10, token.indexOf('.') + 1, token.length - 1]) {
      const res = await t.app.inject({ method: 'GET', url: path.replace(token, flip(token, at)) });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/r/not-a-token' })).statusCode).toBe(400);
  });

  it('closes every link when revoked (the cashier may not), and a new share makes a new one', async () => {
    const { url } = (await share({ channel: 'link' })).body.data;
    expect((await t.call('POST', `/order/${sale.id}/share/revoke`, { token: cashier.token })).status).toBe(
      403,
    );
    const revoked = await t.call('POST', `/order/${sale.id}/share/revoke`, { token: m.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await open(url)).status).toBe(404);
    const again = (await share({ channel: 'link' })).body.data.url;
    expect(again).not.toBe(url);
    expect((await open(again)).status).toBe(200);
  });

  it("expires after the store's link days", async () => {
    const set = await t.call('PUT', '/receipt_settings', { token: m.token, body: { link_days: 2 } });
    expect(set.status).toBe(200);
    await t.call('POST', `/order/${sale.id}/share/revoke`, { token: m.token });
    const { url, expires_at } = (await share({ channel: 'link' })).body.data;
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(2 * DAY - 60_000);
    expect((await open(url)).status).toBe(200);
    t.clock.advance(2 * DAY + 1000);
    expect((await open(url)).status).toBe(404);
    t.clock.advance(-(2 * DAY + 1000));
    await t.call('PUT', '/receipt_settings', { token: m.token, body: { link_days: 90 } });
  });

  it("answers 404 for another store's order, and needs a sign-in to share", async () => {
    expect((await share({ channel: 'link' }, other)).status).toBe(404);
    expect((await t.call('POST', `/order/${sale.id}/share/revoke`, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', `/order/${sale.id}/share`, { body: { channel: 'link' } })).status).toBe(401);
    expect((await t.call('GET', `/order/${sale.id}/receipt.escpos`, { token: other.token })).status).toBe(
      404,
    );
  });
});

describe('printing on a thermal printer', () => {
  for (const width of [58, 80] as const) {
    it(`answers ESC/POS bytes at ${width} mm with the receipt's QR code`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order/${sale.id}/receipt.escpos?width=${width}&drawer=true`,
        headers: { authorization: m.token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
      const text = bytes.toString('latin1');
      expect(text).toContain('NGN 25,000.00');
      expect(text).toContain('/api/v1/r/');
      expect(bytes.indexOf(Buffer.from([0x1b, 0x70]))).toBeGreaterThan(-1);
      // The printable runs between the commands (the QR code's data aside): none wider than the paper.
      // eslint-disable-next-line no-control-regex -- the commands are control bytes
      const runs = text.split(/[\x00-\x1f]+/).filter((r) => !r.includes('/api/v1/r/'));
      expect(runs.filter((r) => r.includes('NGN 25,000.00')).length).toBeGreaterThan(0);
      for (const run of runs) expect(run.trimEnd().length).toBeLessThanOrEqual(RECEIPT_COLUMNS[width]);
    });
  }

  it('refuses another width (400 naming it)', async () => {
    const res = await t.call('GET', `/order/${sale.id}/receipt.escpos`, {
      token: m.token,
      query: { width: 72 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('width');
  });
});

describe('receipt settings', () => {
  it('keeps header and footer text and what is shown; only settings.manage changes them', async () => {
    expect((await t.call('GET', '/receipt_settings', { token: m.token })).body.data).toMatchObject({
      link_days: 90,
      show_cashier: true,
    });
    expect(
      (await t.call('PUT', '/receipt_settings', { token: cashier.token, body: { footer_text: 'x' } })).status,
    ).toBe(403);
    const res = await t.call('PUT', '/receipt_settings', {
      token: m.token,
      body: { header_text: 'Open Mon–Sat', footer_text: 'No refund after 7 days', show_customer: false },
    });
    expect(res.body.data).toMatchObject({ header_text: 'Open Mon–Sat', show_customer: false });
    const { url } = (await share({ channel: 'link' })).body.data;
    const page = (await open(url)).body;
    expect(page).toContain('No refund after 7 days');
    expect(page).not.toContain('Ada Obi');
    expect(
      (await t.call('PUT', '/receipt_settings', { token: m.token, body: { link_days: 0 } })).status,
    ).toBe(400);
    expect(
      (await t.call('GET', '/receipt_settings', { token: other.token })).body.data.footer_text,
    ).toBeNull();
  });
});

describe("sharing a customer's statement", () => {
  it('sends a payment reminder naming what they owe, and opens the statement with no account', async () => {
    const product = await createProduct(t, m, { name: 'Indomie carton', price: 980_000 });
    const ada = await createCustomer(t, m, { first_name: 'Ngozi', last_name: 'Eze' });
    expect(
      (
        await t.call('PUT', `/customers/${ada.id}/credit_limit`, {
          token: m.token,
          body: { credit_limit: 5_000_000 },
        })
      ).status,
    ).toBe(200);
    const sale = await order(t, m, {
      customer_id: ada.id,
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'credit',
      channel: 'pos',
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    const res = await t.call('POST', `/customers/${ada.id}/account/share`, {
      token: m.token,
      body: { channel: 'whatsapp', reminder: true },
    });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.message).toContain('you owe ₦19,600.00');
    expect(data.whatsapp_url).toBe(`https://wa.me/${data.phone}?text=${encodeURIComponent(data.message)}`);
    expect(await auditsOf(t, 'customer.reminder_sent', { storeId: m.storeId })).toHaveLength(1);

    const page = await open(data.url);
    expect(page.status).toBe(200);
    expect(page.bytes).toBeLessThan(50 * 1024);
    expect(page.body).toContain('Ngozi Eze');
    expect(page.body).toContain('You owe');
    expect(page.body).toContain('₦19,600.00');
    const pdf = await t.app.inject({ method: 'GET', url: `${new URL(data.url).pathname}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Another store's customer, and a customer of no store.
    expect(
      (
        await t.call('POST', `/customers/${ada.id}/account/share`, {
          token: other.token,
          body: { channel: 'link' },
        })
      ).status,
    ).toBe(404);
    const bad = await t.call('POST', `/customers/${ada.id}/account/share`, {
      token: m.token,
      body: { channel: 'link', reminder: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('reminder');
  });
});

describe("sharing a wallet transfer's receipt", () => {
  /** Opens the store's wallet, puts ₦50,000 in it and sends ₦12,500 to a supplier's bank account. */
  async function paySupplier(who: Merchant) {
    expect((await t.call('POST', '/wallet', { token: who.token })).status).toBe(200);
    const deposit = await t.call('POST', '/wallet/sandbox/deposit', {
      token: who.token,
      body: { amount: 5_000_000 },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    const res = await t.call('POST', '/wallet/transfer', {
      token: who.token,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        amount: 1_250_000,
        bankCode: '058',
        accountNumber: '0123456789',
        accountName: sandboxAccountName('0123456789'),
        narration: 'Rice for December',
        password: PASSWORD,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { transfer: res.body.data, deposit: deposit.body.data };
  }

  it('answers a signed link whose page shows the amount, the recipient and the reference, with no account', async () => {
    const { transfer, deposit } = await paySupplier(m);
    const res = await t.call('POST', `/wallet/transactions/${transfer.id}/share`, {
      token: m.token,
      body: { channel: 'whatsapp', phone: '0803 555 0142' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.phone).toBe('2348035550142');
    expect(data.message).toContain('₦12,500.00');
    expect(data.message).toContain(transfer.reference);
    expect(data.message).not.toContain('0123456789');
    expect(data.whatsapp_url).toBe(`https://wa.me/2348035550142?text=${encodeURIComponent(data.message)}`);
    expect(await auditsOf(t, 'wallet.transfer_receipt_shared', { storeId: m.storeId })).toHaveLength(1);

    const page = await open(data.url);
    expect(page.status).toBe(200);
    expect(page.bytes).toBeLessThan(50 * 1024);
    expect(page.body).toContain('TRANSFER RECEIPT');
    expect(page.body).toContain('₦12,500.00');
    expect(page.body).toContain(transfer.reference);
    expect(page.body).toContain(escapeHtml(transfer.counterparty_name));
    expect(page.body).toContain('••••••6789');
    expect(page.body).not.toContain('0123456789');
    // The page is the receipt: no PDF behind it; one character changed is 404.
    expect(
      (await t.app.inject({ method: 'GET', url: `${new URL(data.url).pathname}/receipt.pdf` })).statusCode,
    ).toBe(404);
    const token = new URL(data.url).pathname.split('/').pop()!;
    const changed = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect((await open(data.url.replace(token, changed))).status).toBe(404);

    // A deposit has no transfer receipt; another store's transfer is 404; a cashier (no wallet.view) is 403.
    const refused = await t.call('POST', `/wallet/transactions/${deposit.id}/share`, {
      token: m.token,
      body: { channel: 'link' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Only a transfer to a bank account has a receipt to share.');
    expect(
      (
        await t.call('POST', `/wallet/transactions/${transfer.id}/share`, {
          token: other.token,
          body: { channel: 'link' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/wallet/transactions/${transfer.id}/share`, {
          token: cashier.token,
          body: { channel: 'link' },
        })
      ).status,
    ).toBe(403);
    const bad = await t.call('POST', `/wallet/transactions/${transfer.id}/share`, {
      token: m.token,
      body: { channel: 'fax' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('channel');
  });
});
