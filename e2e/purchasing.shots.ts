import { expect, test } from '@playwright/test';
import { createMerchant, field, signIn, shoot } from './support';

test('screens, purchasing', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const product = async (name: string) =>
    (
      await (
        await request.post('/api/v1/product/create', {
          headers,
          data: { name, price: 250000, cost_price: 180000, quantity: 4 },
        })
      ).json()
    ).data;
  const a = await product('Milo 500g');
  const b = await product('Peak Milk 400g');
  await signIn(page, merchant.email);

  await page.goto('/purchase/vendors');
  await shoot(page, 'vendors-empty');
  await page.goto('/purchase/vendors/create');
  await page.getByRole('button', { name: 'Add billing address' }).click();
  await page.getByRole('button', { name: 'Add vendor' }).click();
  await shoot(page, 'vendor-create-errors');
  await field(page, 'Vendor name').fill('Nestlé Distributors');
  await field(page, 'Company name').fill('Nestlé Nigeria Plc');
  await field(page, 'Phone number').fill('+2348020001111');
  await page.getByRole('textbox', { name: 'Address line 1', exact: true }).fill('22 Industrial Avenue');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Ilupeju');
  await page.getByRole('button', { name: 'Add vendor' }).click();
  await expect(page).toHaveURL(/details/);
  const vendorId = page.url().split('/').pop()!;
  await request.post(`/api/v1/purchase_order`, {
    headers,
    data: {
      vendor_id: vendorId,
      status: 'issued',
      items: [
        { product_id: a.id, quantity: 12, unit_cost: 185000 },
        { product_id: b.id, quantity: 6, unit_cost: 99000 },
      ],
    },
  });
  await page.reload();
  await shoot(page, 'vendor-details');
  await page.goto(`/purchase/vendors/edit/${vendorId}`);
  await shoot(page, 'vendor-edit');
  await page.goto('/purchase/vendors');
  await shoot(page, 'vendors');

  await page.goto(`/purchase/create?vendor=${vendorId}`);
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  await scan.fill(a.barcode);
  await scan.press('Enter');
  await page.getByRole('textbox', { name: 'Search products' }).fill('peak');
  await expect(page.getByRole('button', { name: /Peak Milk 400g/ })).toBeVisible();
  await shoot(page, 'purchase-order-create');
  await page.goto('/purchase/orders');
  await shoot(page, 'purchase-orders');
  await page.getByRole('table', { name: 'Purchase orders' }).locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/purchase\/orders\//);
  await shoot(page, 'purchase-order-details');
  await page.getByRole('button', { name: 'Receive stock' }).click();
  await shoot(page, 'purchase-order-receive');
});
