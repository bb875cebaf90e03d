import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { pdfLines } from '../../test/pdf-text.js';
import { createProduct, order } from '../../test/sales-fixtures.js';

let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t, { business_name: 'Iya Basira Stores' });
});
afterAll(async () => t.close());

describe('the invoice’s "pay to" (issue 17)', () => {
  it('prints the settlement account while money is due, and nothing before it is set', async () => {
    const product = await createProduct(t, m, { name: 'Garri 5kg', price: 250_000, quantity: 10 });
    const placed = await order(t, m, {
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'bank_transfer',
      amount_received: 0,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.data.id as string;
    const before = await t.call('GET', `/order/${id}/invoice`, { token: m.token });
    expect(before.body.data.pay_to).toBeNull();

    const set = await t.call('PUT', '/payment/settlement-account', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '058' },
    });
    expect(set.status).toBe(200);
    const after = await t.call('GET', `/order/${id}/invoice`, { token: m.token });
    expect(after.body.data.pay_to).toEqual({
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
      account_name: set.body.data.account_name,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${id}/invoice.pdf`,
      headers: { authorization: m.token },
    });
    expect(res.statusCode).toBe(200);
    const lines = await pdfLines(res.rawPayload);
    expect(lines).toContain('PAY TO');
    expect(lines.join('\n')).toContain(`${set.body.data.account_name}, Guaranty Trust Bank 0123456789`);
  });
});
