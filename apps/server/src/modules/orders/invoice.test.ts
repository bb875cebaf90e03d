import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, PNG_1X1, type Merchant, auditsOf } from '../../test/fixtures.js';
import { fileUpload } from '../../test/multipart.js';
import { APP_SETUP_MS, createTestApp, type TestApp } from '../../test/harness.js';
import { pdfLines } from '../../test/pdf-text.js';
import { createCustomer, createMemberWith, createProduct, order } from '../../test/sales-fixtures.js';

let t: TestApp;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t, { business_name: 'Iya Basira Stores' });
  other = await createMerchant(t);
});
afterAll(async () => t.close());

async function placed(body: Record<string, unknown>, who: Merchant = m) {
  const res = await order(t, who, body);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

/** The PDF bytes of an order's invoice (inject directly: the harness reads bodies as text). */
async function pdf(id: string, query = '', who: Merchant = m) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/order/${id}/invoice.pdf${query}`,
    headers: { authorization: who.token },
  });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}

describe('invoice view', () => {
  it('assigns the next INV- number the first time, and keeps it', async () => {
    const p = await createProduct(t, m, { name: 'Dangote Sugar 1kg', price: 120_000 });
    const customer = await createCustomer(t, m, { first_name: 'Kemi', last_name: 'Bello' });
    const a = await placed({
      customer_id: customer.id,
      items: [{ product_id: p.id, quantity: 2 }],
      amount_received: 100_000,
    });
    const b = await placed({ items: [{ product_id: p.id, quantity: 1 }] });

    const first = await t.call('GET', `/order/${a.id}/invoice`, {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      kind: 'invoice',
      invoice_number: 'INV-000001',
      balance_due: 140_000,
      store: { business_name: 'Iya Basira Stores', state: 'Lagos', country: 'Nigeria' },
      order: {
        id: a.id,
        number: a.number,
        total: 240_000,
        amount_received: 100_000,
        invoice_number: 'INV-000001',
      },
    });
    expect(first.body.data.order.customer.name).toBe('Kemi Bello');
    const again = await t.call('GET', `/order/${a.id}/invoice`, { token: m.token });
    expect(again.body.data.invoice_number).toBe('INV-000001');
    expect(again.body.data.issued_at).toBe(first.body.data.issued_at);

    // Several first requests at once still give the order one number and use one from the sequence.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => t.call('GET', `/order/${b.id}/invoice`, { token: m.token })),
    );
    expect(new Set(together.map((r) => r.body.data.invoice_number))).toEqual(new Set(['INV-000002']));
    const c = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    expect((await t.call('GET', `/order/${c.id}/invoice`, { token: m.token })).body.data.invoice_number).toBe(
      'INV-000003',
    );
    const issued = await auditsOf(t, 'order.invoice_issued', { entityId: b.id });
    expect(issued).toHaveLength(1);
  });

  it('is a receipt once the order is paid in full', async () => {
    const p = await createProduct(t, m, { price: 50_000 });
    const o = await placed({
      items: [{ product_id: p.id, quantity: 1 }],
      channel: 'pos',
      amount_received: 50_000,
    });
    const res = await t.call('GET', `/order/${o.id}/invoice`, { token: m.token });
    expect(res.body.data).toMatchObject({ kind: 'receipt', balance_due: 0 });
  });

  it("answers 404 for another store's order and assigns nothing", async () => {
    const p = await createProduct(t, m);
    const o = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    expect((await t.call('GET', `/order/${o.id}/invoice`, { token: other.token })).status).toBe(404);
    expect((await pdf(o.id, '', other)).status).toBe(404);
    expect((await t.call('POST', `/order/${o.id}/invoice/email`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `/order/${o.id}`, { token: m.token })).body.data.invoice_number).toBeNull();
  });

  it('needs orders.view', async () => {
    const p = await createProduct(t, m);
    const o = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    const stockKeeper = await createMemberWith(t, m, ['products.view']);
    const res = await t.call('GET', `/order/${o.id}/invoice`, { token: stockKeeper.token });
    expect(res.status).toBe(403);
    expect((await pdf(o.id, '', stockKeeper)).status).toBe(403);
  });
});

describe('invoice PDF', () => {
  it('downloads an A4 PDF, or an 80 mm receipt', async () => {
    const p = await createProduct(t, m, { name: 'Titus Sardines', price: 65_000 });
    const o = await placed({
      items: [{ product_id: p.id, quantity: 3 }],
      notes: 'Pay into GTBank 0123456789',
    });
    const a4 = await pdf(o.id);
    expect(a4.status).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toMatch(/^attachment; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(a4.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a4.data.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');

    const receipt = await pdf(o.id, '?layout=receipt');
    expect(receipt.status).toBe(200);
    expect(receipt.data.toString('latin1')).toContain('/MediaBox [0 0 226.77');
    expect((await pdf(o.id, '?layout=letter')).status).toBe(400);
  });

  it("shows the store's logo, and still answers when the logo file is missing", async () => {
    const shop = await createMerchant(t);
    const upload = fileUpload(PNG_1X1, 'logo.png', 'image/png');
    const logo = await t.call('PATCH', '/user/brand-photo', { token: shop.token, ...upload });
    expect(logo.status).toBe(200);
    const p = await createProduct(t, shop);
    const o = await placed({ items: [{ product_id: p.id, quantity: 1 }] }, shop);
    const withLogo = await pdf(o.id, '', shop);
    expect(withLogo.status).toBe(200);
    expect(withLogo.data.toString('latin1')).toContain('/Subtype /Image');

    const name = String(logo.body.data.logo_url).split('/').pop()!;
    rmSync(`${t.config.UPLOAD_DIR}/${name}`);
    const without = await pdf(o.id, '', shop);
    expect(without.status).toBe(200);
    expect(without.data.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('prints names outside Latin-1 without failing', async () => {
    const p = await createProduct(t, m, { name: 'Ọbẹ̀ ata 😋 東京' });
    const o = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    const res = await pdf(o.id);
    expect(res.status).toBe(200);
    expect(res.data.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('what the documents say', () => {
  // In the store's zone (Lagos), saying which: the offset travels with the PDF.
  const DATE = expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m GMT\+1$/);
  let peak: { id: string };
  let semo: { id: string };
  beforeAll(async () => {
    peak = await createProduct(t, m, { name: 'Peak Milk 400g', sku: 'PEAK-400', price: 250_000 });
    semo = await createProduct(t, m, { name: 'Semovita 1kg', sku: 'SEMO-1KG', price: 120_000 });
  });

  async function documents(orderId: string) {
    const invoice = await t.call('GET', `/order/${orderId}/invoice`, { token: m.token });
    expect(invoice.status).toBe(200);
    const a4 = await pdf(orderId);
    const roll = await pdf(orderId, '?layout=receipt');
    expect([a4.status, roll.status]).toEqual([200, 200]);
    return {
      number: invoice.body.data.invoice_number as string,
      a4: await pdfLines(a4.data),
      roll: await pdfLines(roll.data),
    };
  }

  /** The lines from `first` on, as many as `expected` has. */
  const from = (lines: string[], first: string, count: number) => {
    expect(lines).toContain(first);
    return lines.slice(lines.indexOf(first), lines.indexOf(first) + count);
  };

  it('an invoice prints the store, its number, each line and the totals in naira, on A4 and 80 mm', async () => {
    const customer = await createCustomer(t, m, { first_name: 'Kemi', last_name: 'Bello' });
    const o = await placed({
      customer_id: customer.id,
      items: [
        { product_id: peak.id, quantity: 2, discount: 20_000 },
        { product_id: semo.id, quantity: 3 },
      ],
      amount_received: 300_000,
    });
    const { number, a4, roll } = await documents(o.id);
    expect(number).toMatch(/^INV-\d{6}$/);

    expect(a4.slice(0, 2)).toEqual(['Iya Basira Stores', 'INVOICE']);
    expect(a4).toEqual(
      expect.arrayContaining([
        `Invoice no. ${number}`,
        `Order ${o.number}`,
        'Status pending',
        'Payment partially paid',
        'BILL TO',
        'Kemi Bello',
      ]),
    );
    const rows = [
      'Item Qty Unit price Discount Amount',
      'Peak Milk 400g (PEAK-400) 2 ₦2,500.00 -₦200.00 ₦4,800.00',
      'Semovita 1kg (SEMO-1KG) 3 ₦1,200.00 ₦3,600.00',
      'Subtotal ₦8,400.00',
      'Total ₦8,400.00',
      'Amount received ₦3,000.00',
      'Balance due ₦5,400.00',
      'Thank you for your business.',
    ];
    expect(from(a4, rows[0]!, rows.length)).toEqual(rows);

    expect(roll).toEqual([
      'Iya Basira Stores',
      'Lagos, Nigeria',
      'INVOICE',
      `${number} · ${o.number}`,
      DATE,
      'Kemi Bello',
      'Peak Milk 400g',
      '2 x ₦2,500.00 - ₦200.00 ₦4,800.00',
      'Semovita 1kg',
      '3 x ₦1,200.00 ₦3,600.00',
      'Subtotal ₦8,400.00',
      'Total ₦8,400.00',
      'Amount received ₦3,000.00',
      'Balance due ₦5,400.00',
      'Paid by cash. Thank you!',
    ]);
    // The currency is printed as the screens show it, never as its code.
    expect([...a4, ...roll].join('\n')).not.toContain('NGN');
  });

  it('a receipt prints the sale paid in full with the change given, on A4 and 80 mm', async () => {
    const o = await placed({
      items: [
        { product_id: peak.id, quantity: 1 },
        { product_id: semo.id, quantity: 2 },
      ],
      channel: 'pos',
      amount_received: 500_000,
    });
    const { number, a4, roll } = await documents(o.id);

    expect(a4.slice(0, 2)).toEqual(['Iya Basira Stores', 'RECEIPT']);
    expect(a4).toEqual(
      expect.arrayContaining([
        `Receipt no. ${number}`,
        `Order ${o.number}`,
        'Payment paid',
        'SOLD TO',
        'PAID',
      ]),
    );
    expect(a4).toContain('Walk-in customer');
    const rows = [
      'Item Qty Unit price Discount Amount',
      'Peak Milk 400g (PEAK-400) 1 ₦2,500.00 ₦2,500.00',
      'Semovita 1kg (SEMO-1KG) 2 ₦1,200.00 ₦2,400.00',
      'Subtotal ₦4,900.00',
      'Total ₦4,900.00',
      'Amount received ₦4,900.00',
      'Change given ₦100.00',
      'Balance due ₦0.00',
    ];
    // The PAID stamp sits beside the totals.
    expect(
      from(
        a4.filter((line) => line !== 'PAID'),
        rows[0]!,
        rows.length,
      ),
    ).toEqual(rows);

    expect(roll).toEqual([
      'Iya Basira Stores',
      'Lagos, Nigeria',
      'RECEIPT',
      `${number} · ${o.number}`,
      DATE,
      'Walk-in customer',
      'Peak Milk 400g',
      '1 x ₦2,500.00 ₦2,500.00',
      'Semovita 1kg',
      '2 x ₦1,200.00 ₦2,400.00',
      'Subtotal ₦4,900.00',
      'Total ₦4,900.00',
      'Amount received ₦4,900.00',
      'Change given ₦100.00',
      'Balance due ₦0.00',
      'Paid by cash. Thank you!',
    ]);
    expect([...a4, ...roll].join('\n')).not.toContain('NGN');
  });

  it("prints another currency with that currency's sign", async () => {
    const shop = await createMerchant(t, { business_name: 'Kofi Provisions' });
    const currency = await t.call('PATCH', '/stores/currency', {
      token: shop.token,
      body: { currency: 'USD' },
    });
    expect(currency.status).toBe(200);
    const p = await createProduct(t, shop, { name: 'Milo 400g', price: 4_550 });
    const o = await placed({ items: [{ product_id: p.id, quantity: 2 }] }, shop);
    const res = await pdf(o.id, '?layout=receipt', shop);
    const lines = await pdfLines(res.data);
    expect(lines).toContain('2 x US$45.50 US$91.00');
    expect(lines).toContain('Total US$91.00');
  });
});

describe('emailing the invoice', () => {
  it("mails the invoice with its PDF to the customer's email", async () => {
    const p = await createProduct(t, m, { price: 80_000 });
    const customer = await createCustomer(t, m, { email_address: 'tunde.bakare@example.ng' });
    const o = await placed({ customer_id: customer.id, items: [{ product_id: p.id, quantity: 1 }] });
    const res = await t.call('POST', `/order/${o.id}/invoice/email`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Invoice sent');
    expect(res.body.data).toMatchObject({ to: 'tunde.bakare@example.ng' });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'tunde.bakare@example.ng')
      .executeTakeFirstOrThrow();
    // The subject carries no text the store chose: the store's name is quoted in the message.
    expect(mail.subject).toBe(`Invoice ${res.body.data.invoice_number} for order ${o.number}`);
    expect(mail.text).toContain('from the store “Iya Basira Stores”');
    expect(mail.text).toContain(o.number);
    expect(mail.text).toContain('balance due NGN 800.00');
    const attachments = JSON.parse(mail.attachments!);
    expect(attachments).toEqual([
      {
        filename: `invoice-${res.body.data.invoice_number}.pdf`,
        content_type: 'application/pdf',
        bytes: expect.any(Number),
      },
    ]);
    expect(attachments[0].bytes).toBeGreaterThan(1000);
    const [audit] = await auditsOf(t, 'order.invoice_emailed', { entityId: o.id });
    expect(audit?.summary).toContain('tunde.bakare@example.ng');
  });

  it('answers 422 when the customer has no email, or the sale was to a walk-in', async () => {
    const p = await createProduct(t, m);
    const customer = await createCustomer(t, m, {
      first_name: 'Musa',
      last_name: 'Ibrahim',
      email_address: null,
    });
    const o = await placed({ customer_id: customer.id, items: [{ product_id: p.id, quantity: 1 }] });
    const res = await t.call('POST', `/order/${o.id}/invoice/email`, { token: m.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Musa Ibrahim has no email address. Add one to their profile, then send the invoice again.',
    );
    const walkIn = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    const none = await t.call('POST', `/order/${walkIn.id}/invoice/email`, { token: m.token });
    expect(none.status).toBe(422);
    expect(none.body.message).toContain('walk-in sale');
  });

  it('refuses to email an invoice before the sender’s email is verified', async () => {
    const unverified = await createMerchant(t, { verify: false });
    const p = await createProduct(t, unverified);
    const customer = await createCustomer(t, unverified, { email_address: 'victim.relay@example.ng' });
    const o = await placed(
      { customer_id: customer.id, items: [{ product_id: p.id, quantity: 1 }] },
      unverified,
    );
    const res = await t.call('POST', `/order/${o.id}/invoice/email`, { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Verify your email address before emailing invoices.');
    const sent = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'victim.relay@example.ng')
      .execute();
    expect(sent).toHaveLength(0);
  });

  it('limits the invoice emails one address receives in a day', async () => {
    const p = await createProduct(t, m);
    const customer = await createCustomer(t, m, { email_address: 'often.emailed@example.ng' });
    const o = await placed({ customer_id: customer.id, items: [{ product_id: p.id, quantity: 1 }] });
    for (let i = 0; i < t.config.INVOICE_EMAILS_PER_RECIPIENT_DAY; i++) {
      expect((await t.call('POST', `/order/${o.id}/invoice/email`, { token: m.token })).status).toBe(200);
    }
    const refused = await t.call('POST', `/order/${o.id}/invoice/email`, { token: m.token });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many emails to this address\. Try again in \d+ (hours|minutes)\.$/,
    );
    const sent = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'often.emailed@example.ng')
      .execute();
    expect(sent).toHaveLength(t.config.INVOICE_EMAILS_PER_RECIPIENT_DAY);
  });

  it('limits the invoice emails one store sends in an hour', { timeout: APP_SETUP_MS }, async () => {
    const small = await createTestApp({ INVOICE_EMAILS_PER_STORE_HOUR: '2' });
    try {
      const shop = await createMerchant(small);
      const p = await createProduct(small, shop);
      const send = async () => {
        const customer = await createCustomer(small, shop);
        const res = await order(small, shop, {
          customer_id: customer.id,
          items: [{ product_id: p.id, quantity: 1 }],
        });
        return small.call('POST', `/order/${res.body.data.id}/invoice/email`, { token: shop.token });
      };
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many emails from this store\. Try again in \d+ minutes\.$/);
    } finally {
      await small.close();
    }
  });
});
