import { expect, test } from '@playwright/test';
import { createMerchant, signIn, shoot } from './support';

test('screens, sales', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const product = async (name: string, price: number) =>
    (
      await (
        await request.post('/api/v1/product/create', { headers, data: { name, price, quantity: 40 } })
      ).json()
    ).data as { id: string; barcode: string };
  const milo = await product('Milo 500g', 150000);
  const peak = await product('Peak Milk 400g', 250000);
  const rice = await product('Mama Gold Rice 5kg', 520000);
  const customer = (
    await (
      await request.post('/api/v1/customers/create', {
        headers,
        data: {
          first_name: 'Adaeze',
          last_name: 'Nwosu',
          phone_number: '+2348031234567',
          email_address: 'ada@example.ng',
        },
      })
    ).json()
  ).data as { id: string };
  await request.post('/api/v1/discounts', {
    headers,
    data: { name: 'Weekend sale', code: 'WEEKEND10', type: 'percentage', value: 10, usage_limit: 100 },
  });
  await request.post('/api/v1/discounts', {
    headers,
    data: {
      name: 'Christmas',
      code: 'XMAS2026',
      type: 'fixed',
      value: 50000,
      starts_at: '2026-12-20',
      ends_at: '2026-12-26',
    },
  });
  await request.post('/api/v1/discounts/auto-create', { headers });
  const order = (
    await (
      await request.post('/api/v1/order', {
        headers,
        data: {
          customer_id: customer.id,
          items: [
            { product_id: rice.id, quantity: 2 },
            { product_id: milo.id, quantity: 3, discount: 20000 },
          ],
          discount_code: 'WEEKEND10',
          payment_type: 'bank_transfer',
          amount_received: 500000,
        },
      })
    ).json()
  ).data as { id: string };
  await request.patch(`/api/v1/order/status/${order.id}`, { headers, data: { status: 'processing' } });
  await request.post('/api/v1/payment_received/add_payment', {
    headers,
    data: { order_id: order.id, amount: 300000, payment_mode: 'cash', reference: 'Counter' },
  });
  await request.post('/api/v1/order', {
    headers,
    data: {
      items: [{ product_id: peak.id, quantity: 1 }],
      payment_type: 'cash',
      amount_received: 300000,
      channel: 'pos',
    },
  });
  await signIn(page, merchant.email);

  await page.goto('/sales/orders/generate');
  await shoot(page, 'pos-empty');
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  for (const code of [milo.barcode, peak.barcode, milo.barcode, rice.barcode]) {
    await scan.fill(code);
    await scan.press('Enter');
    await expect(scan).toHaveValue('');
  }
  await page.getByRole('textbox', { name: 'Discount code' }).fill('WEEKEND10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('textbox', { name: 'Amount received' }).fill('15000');
  await expect(page.getByLabel('Change due')).toBeVisible();
  await shoot(page, 'pos-cart');
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale completed' })).toBeVisible();
  await shoot(page, 'pos-receipt');
  await page.getByRole('button', { name: 'New sale' }).click();

  await page.goto('/sales/orders');
  await shoot(page, 'orders');
  await page.goto(`/sales/orders/details/${order.id}`);
  await shoot(page, 'order-details');
  await page.goto(`/invoice?order=${order.id}`);
  await shoot(page, 'invoice');
  await page.goto('/sales/discounts');
  await shoot(page, 'discounts');
  await page.goto('/sales/discounts/create');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await shoot(page, 'discount-create-errors');
  await page.goto('/purchase/payments-received');
  await shoot(page, 'payments');
  await page.goto(`/purchase/payments-received/create?order=${order.id}`);
  await expect(page.getByLabel('Order balance')).toBeVisible();
  await shoot(page, 'payment-create');
});
