import { expect, test, type APIRequestContext } from '@playwright/test';
import { createMerchant, field, type Merchant, signIn, stockOf, toast, toastsGone } from './support';

async function product(request: APIRequestContext, m: Merchant, name: string, quantity: number) {
  const res = await request.post('/api/v1/product/create', {
    headers: { Authorization: m.token },
    data: { name, price: 250000, cost_price: 180000, quantity },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; barcode: string };
}

test('vendor with two addresses, a purchase order by scanning, issued and received in two deliveries @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const milo = await product(request, merchant, 'Milo 500g', 3);
  const sugar = await product(request, merchant, 'Dangote Sugar 1kg', 0);
  await signIn(page, merchant.email);

  await page.goto('/purchase/vendors');
  await expect(page.getByText('No vendors yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add vendor' }).first().click();
  await expect(page).toHaveURL(/\/purchase\/vendors\/create$/);
  await field(page, 'Vendor name').fill('Nestlé Distributors');
  await field(page, 'Email').fill('orders@nestle.example');
  await page.getByRole('button', { name: 'Add billing address' }).click();
  await page.getByRole('button', { name: 'Add shipping address' }).click();
  const line1 = page.getByRole('textbox', { name: 'Address line 1', exact: true });
  const city = page.getByRole('textbox', { name: 'City', exact: true });
  await line1.nth(0).fill('22 Industrial Avenue');
  await city.nth(0).fill('Ilupeju');
  await line1.nth(1).fill('Plot 5 Agbara Estate');
  // A missing city is named next to its field by the contract's rules.
  await page.getByRole('button', { name: 'Add vendor' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await city.nth(1).fill('Agbara');
  await page.getByRole('button', { name: 'Add vendor' }).click();
  await expect(toast(page, 'Vendor added')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/vendors\/details\//);
  await expect(page.getByText('22 Industrial Avenue')).toBeVisible();
  await expect(page.getByText('Plot 5 Agbara Estate')).toBeVisible();
  await expect(page.getByText('Default')).toHaveCount(2);

  await page.getByRole('link', { name: 'New purchase order' }).first().click();
  await expect(page).toHaveURL(/\/purchase\/create\?vendor=/);
  await expect(page.getByRole('combobox', { name: 'Vendor' })).toHaveValue('Nestlé Distributors');
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  for (const code of [milo.barcode, sugar.barcode, milo.barcode]) {
    await scan.fill(code);
    await scan.press('Enter');
  }
  const lines = page.getByRole('table', { name: 'Purchase order lines' });
  await expect(lines.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Quantity of Dangote Sugar 1kg' })).toHaveValue('1');
  await page.getByRole('textbox', { name: 'Quantity of Dangote Sugar 1kg' }).fill('10');
  await page.getByRole('textbox', { name: 'Unit cost of Dangote Sugar 1kg' }).fill('1,050.50');
  await page.getByRole('button', { name: 'Save and issue' }).click();
  await expect(toast(page, 'PO-000001 issued')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/orders\/[0-9a-f-]+$/);
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Issued$/ })).toBeVisible();
  await expect(page.getByText('0 of 12 units (0%)')).toBeVisible();

  // First delivery: all the Milo, 4 bags of sugar.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Receive stock' }).click();
  await page.getByRole('textbox', { name: 'Received now of Dangote Sugar 1kg' }).fill('4');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Receive 6 unit/ })
    .click();
  await expect(toast(page, 'Stock received')).toBeVisible();
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Partially received$/ })).toBeVisible();
  await expect(page.getByText('6 of 12 units (50%)')).toBeVisible();
  expect(await stockOf(request, merchant, milo.id)).toBe(5);
  expect(await stockOf(request, merchant, sugar.id)).toBe(4);

  // The rest: the form offers what is still outstanding.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Receive stock' }).click();
  await expect(page.getByRole('textbox', { name: 'Received now of Dangote Sugar 1kg' })).toHaveValue('6');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Receive 6 unit/ })
    .click();
  await expect(toast(page, 'PO-000001 fully received')).toBeVisible();
  await expect(page.getByText('12 of 12 units (100%)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Receive stock' })).toHaveCount(0);
  expect(await stockOf(request, merchant, sugar.id)).toBe(10);

  // The product screen shows the new stock and both deliveries in its history, each linked to the PO.
  await page.goto(`/inventory/products/${sugar.id}`);
  await expect(page.getByRole('heading', { name: 'Dangote Sugar 1kg' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /: 10 against a threshold of/ })).toBeVisible();
  await expect(page.getByText(/Nothing on order/)).toBeVisible();
  const history = page.getByRole('table', { name: 'Stock history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('Purchase order received');
  await expect(history.locator('tbody tr').first()).toContainText('+6');
  await expect(history.locator('tbody tr').first()).toContainText('4 → 10');
  await expect(history.locator('tbody tr').nth(1)).toContainText('+4');
  await expect(history.locator('tbody tr').nth(1)).toContainText('0 → 4');
  await history.getByRole('link', { name: 'Purchase order received' }).first().click();
  await expect(page).toHaveURL(/\/purchase\/orders\/[0-9a-f-]+$/);
  await expect(page.getByText('12 of 12 units (100%)')).toBeVisible();

  await page.goto('/purchase/orders');
  const row = page.getByRole('table', { name: 'Purchase orders' }).locator('tbody tr').first();
  await expect(row).toContainText('PO-000001');
  await expect(row).toContainText('Received');
  await expect(row).toContainText('100%');
});
