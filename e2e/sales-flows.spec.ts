import { expect, test, type Page } from '@playwright/test';
import {
  badge,
  createCashSale,
  createMerchant,
  createMiloAndPeak,
  createProduct,
  field,
  signIn,
  stockOf,
  toast,
  toastsGone,
} from './support';

/** The value next to a label in the order's totals ("Refunded", "Outstanding"). */
const totalRow = (page: Page, label: string) =>
  page.getByLabel('Order totals').getByText(label, { exact: true }).locator('..');

test('a completed sale refunded in part with a reason, then the rest: screen, money and stock @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const { milo, peak } = await createMiloAndPeak(request, merchant);
  // Paid in full at the till: the sale is complete at once.
  const order = await createCashSale(
    request,
    merchant,
    [
      { product_id: milo.id, quantity: 3 },
      { product_id: peak.id, quantity: 1 },
    ],
    700000,
  );
  expect(order.status).toBe('success');
  expect(await stockOf(request, merchant, milo.id)).toBe(7);
  expect(await stockOf(request, merchant, peak.id)).toBe(4);

  await signIn(page, merchant.email);
  await page.goto(`/sales/orders/details/${order.id}`);
  await expect(page.getByRole('heading', { name: order.number })).toBeVisible();
  await expect(badge(page, 'Completed')).toBeVisible();
  await expect(badge(page, 'Paid')).toBeVisible();
  await expect(totalRow(page, 'Total')).toContainText('₦7,000.00');
  await expect(page.getByLabel('Order totals').getByText('Refunded', { exact: true })).toHaveCount(0);

  // Two of the three Milo come back; the Peak stays sold.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.number}` });
  await expect(dialog.getByRole('button', { name: 'Refund everything' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Refund units of Milo 500g' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Refund units of Peak Milk 400g' }).fill('0');
  const refundSelected = dialog.getByRole('button', { name: 'Refund selected' });
  // No reason, no refund: the form says so and nothing is sent.
  const refundCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/refund')) refundCalls.push(r.url());
  });
  await refundSelected.click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
  expect(refundCalls).toEqual([]);
  const untouched = await request.get(`/api/v1/order/${order.id}`, { headers });
  expect((await untouched.json()).data).toMatchObject({ refunds: [], refunded_total: 0 });
  expect(await stockOf(request, merchant, milo.id)).toBe(7);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two tins dented');
  await refundSelected.click();
  await expect(toast(page, 'Refund recorded')).toBeVisible();
  expect(refundCalls).toHaveLength(1);
  await expect(dialog).toBeHidden();

  // The screen: the line, the totals, the refund with its reason, the history.
  const miloLine = page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({
    hasText: 'Milo 500g',
  });
  await expect(miloLine).toContainText('2 refunded');
  await expect(totalRow(page, 'Refunded')).toContainText('₦3,000.00');
  await expect(totalRow(page, 'Outstanding')).toContainText('₦0.00');
  // Not "Completed" any more: partly refunded, by the value returned.
  await expect(badge(page, 'Partly refunded ₦3,000.00')).toBeVisible();
  await expect(badge(page, 'Completed')).toHaveCount(0);
  await expect(badge(page, 'Paid')).toBeVisible();
  await expect(page.getByText('Refunds', { exact: true })).toBeVisible();
  await expect(page.getByText(/₦3,000\.00 · 2 × Milo 500g · Two tins dented$/)).toBeVisible();
  // The server writes amounts with the currency code in history (as in PDFs and mail).
  await expect(page.getByLabel('Status history')).toContainText(
    `Order ${order.number}: partly refunded NGN 3,000.00, NGN 3,000.00 paid back (Two tins dented)`,
  );

  // The server: stock back by exactly what was refunded, the money paid back recorded.
  expect(await stockOf(request, merchant, milo.id)).toBe(9);
  expect(await stockOf(request, merchant, peak.id)).toBe(4);
  const afterPart = (await (await request.get(`/api/v1/order/${order.id}`, { headers })).json()).data;
  expect(afterPart).toMatchObject({
    status: 'success',
    refunded_total: 300000,
    amount_refunded: 300000,
    amount_outstanding: 0,
  });
  expect(
    afterPart.items.find((i: { product_id: string }) => i.product_id === milo.id).quantity_refunded,
  ).toBe(2);
  expect(afterPart.refunds).toHaveLength(1);
  expect(afterPart.refunds[0]).toMatchObject({ reason: 'Two tins dented', value: 300000, amount: 300000 });

  // The rest: the form offers only what is left, and refunding it all closes the order.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('group', { name: 'Milo 500g' })).toContainText('3 sold · 2 back already');
  await expect(dialog.getByRole('textbox', { name: 'Refund units of Milo 500g' })).toHaveValue('1');
  await expect(dialog.getByRole('textbox', { name: 'Refund units of Peak Milk 400g' })).toHaveValue('1');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer returned the rest');
  await dialog.getByRole('button', { name: 'Refund everything' }).click();
  await expect(toast(page, `${order.number} refunded`)).toBeVisible();
  await expect(badge(page, 'Refunded')).toBeVisible();
  await expect(totalRow(page, 'Refunded')).toContainText('₦7,000.00');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(
    page.getByText(/1 × Milo 500g, 1 × Peak Milk 400g · Customer returned the rest$/),
  ).toBeVisible();
  expect(await stockOf(request, merchant, milo.id)).toBe(10);
  expect(await stockOf(request, merchant, peak.id)).toBe(5);
  const afterAll = (await (await request.get(`/api/v1/order/${order.id}`, { headers })).json()).data;
  expect(afterAll).toMatchObject({ status: 'refunded', refunded_total: 700000, amount_refunded: 700000 });
});

test('point of sale: a new customer added from the picker is put on the sale the order is made for @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const milo = await createProduct(request, merchant, 'Milo 500g', 150000, 10);
  await signIn(page, merchant.email);
  await page.goto('/sales/orders/generate');
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  await expect(scan).toBeFocused();
  await page.keyboard.type(milo.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Order total')).toHaveText('₦1,500.00');
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await expect(customer).toHaveValue('');

  await page.getByRole('button', { name: 'New customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Tunde');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Bakare');
  // A short number is refused next to the field, before anything is sent.
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('0803');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(dialog.getByText(/Enter a valid phone number/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('0803 555 0101');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(page, 'Customer added succefully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(customer).toHaveValue('Tunde Bakare · 08035550101');
  // The till goes back to scanning, and the cart kept its line.
  await expect(scan).toBeFocused();
  await expect(page.getByLabel('Order total')).toHaveText('₦1,500.00');

  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(toast(page, 'Completed!!')).toBeVisible();
  const receipt = page
    .getByRole('dialog', { name: 'Sale completed' })
    .getByRole('document', { name: 'Receipt ORD-000001' });
  await expect(receipt).toContainText('Customer: Tunde Bakare');

  // The server: one customer Tunde, and the sale is theirs.
  const found = await request.get('/api/v1/customers/search/name', { headers, params: { first: 'Tunde' } });
  const customers = (await found.json()).data as Array<{
    id: string;
    full_name: string;
    phone_number: string;
  }>;
  expect(customers).toHaveLength(1);
  expect(customers[0]).toMatchObject({ full_name: 'Tunde Bakare', phone_number: '08035550101' });
  const orders = await request.get(`/api/v1/order/customer/${customers[0]!.id}`, { headers });
  expect(orders.status()).toBe(200);
  const list = (await orders.json()).data as Array<{ number: string; status: string; total: number }>;
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ number: 'ORD-000001', status: 'success', total: 150000 });
});

test('discounts limited to a product and to a category through the form pickers @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const categoryRes = await request.post('/api/v1/product/category', { headers, data: { name: 'Dairy' } });
  expect(categoryRes.status(), await categoryRes.text()).toBe(201);
  const dairy = (await categoryRes.json()).data as { id: string };
  const milo = await createProduct(request, merchant, 'Milo 500g', 150000, 10);
  await createProduct(request, merchant, 'Milo 1kg', 280000, 10);
  const peak = await createProduct(request, merchant, 'Peak Milk 400g', 250000, 5, {
    category_ids: [dairy.id],
  });
  /** The store's discounts as the server keeps them. */
  const savedDiscounts = async () =>
    (await (await request.get('/api/v1/discounts', { headers })).json()).data as Array<{
      id: string;
      code: string;
      applies_to: string;
      category_ids: string[];
      product_ids: string[];
      value: number;
    }>;
  /** The server's answer to `code` on a cart of `items`. */
  const validate = (code: string, items: Array<{ product_id: string; quantity: number }>) =>
    request.post('/api/v1/discounts/validate', { headers, data: { discount_code: code, items } });
  await signIn(page, merchant.email);

  await page.goto('/sales/discounts/create');
  await field(page, 'Discount name').fill('Milo week');
  await field(page, 'Code').fill('milo10');
  await field(page, 'Percentage off').fill('10');
  const appliesTo = page.getByRole('radiogroup', { name: 'Applies to' });
  await appliesTo.getByText('Products', { exact: true }).click();
  // Without a product the form says what is missing.
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByText('Choose at least one product')).toBeVisible();
  const products = page.getByRole('combobox', { name: 'Products' });
  await products.fill('Milo');
  await expect(page.getByRole('option', { name: 'Milo 1kg' })).toBeVisible();
  await page.getByRole('option', { name: 'Milo 500g' }).click();
  await expect(page.getByText('Choose at least one product')).toBeHidden();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(toast(page, 'Discount added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/discounts$/);
  const rows = page.getByRole('table', { name: 'Discounts' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('MILO10');

  // The server: the discount is limited to that one product, and only it is discounted.
  const miloWeek = (await savedDiscounts()).find((d) => d.code === 'MILO10')!;
  const saved = (await (await request.get(`/api/v1/discounts/${miloWeek.id}`, { headers })).json()).data;
  expect(saved).toMatchObject({ applies_to: 'products', product_ids: [milo.id], category_ids: [] });
  const check = await validate('MILO10', [
    { product_id: milo.id, quantity: 2 },
    { product_id: peak.id, quantity: 1 },
  ]);
  expect(check.status(), await check.text()).toBe(200);
  // 10% of the two Milo (₦3,000), nothing off the Peak.
  expect((await check.json()).data.amount).toBe(30000);

  // Opened again, the form names the chosen product.
  await rows.first().click();
  await expect(page).toHaveURL(/\/sales\/discounts\/edit\//);
  await expect(page.locator('.mantine-Pill-label', { hasText: /^Milo 500g$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A category discount, picked from the store's categories; its code is taken already first.
  await toastsGone(page);
  await page.getByRole('link', { name: 'Add discount' }).first().click();
  await field(page, 'Discount name').fill('Dairy days');
  await field(page, 'Code').fill('MILO10');
  await page.getByRole('radiogroup', { name: 'Type' }).getByText('Fixed amount', { exact: true }).click();
  await field(page, 'Amount off').fill('200');
  await appliesTo.getByText('Categories', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Categories' }).click();
  await page.getByRole('option', { name: 'Dairy' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByText('This code is already used by another discount')).toBeVisible();
  await field(page, 'Code').fill('DAIRY200');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(toast(page, 'Discount added successfully')).toBeVisible();
  await expect(rows).toHaveCount(2);

  expect((await savedDiscounts()).find((d) => d.code === 'DAIRY200')).toMatchObject({
    applies_to: 'categories',
    category_ids: [dairy.id],
    product_ids: [],
    value: 20000,
  });
  const dairyCheck = await validate('DAIRY200', [
    { product_id: milo.id, quantity: 1 },
    { product_id: peak.id, quantity: 1 },
  ]);
  expect(dairyCheck.status(), await dairyCheck.text()).toBe(200);
  expect((await dairyCheck.json()).data.amount).toBe(20000);
  // A cart without dairy does not take the code.
  const noDairy = await validate('DAIRY200', [{ product_id: milo.id, quantity: 1 }]);
  expect(noDairy.status(), await noDairy.text()).toBe(422);
  expect(await noDairy.json()).toMatchObject({
    success: false,
    message: 'The discount code "DAIRY200" does not apply to any item in this cart.',
    error: { code: 'UNPROCESSABLE', fields: { discount_code: 'Does not apply to these items' } },
  });
});

test('an order with one product on two lines (made through the API) is refunded by product @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const milo = await createProduct(request, merchant, 'Milo 500g', 150000, 10);
  // Two lines of Milo, one of them with a line discount: 3 + 2 units.
  const order = await createCashSale(
    request,
    merchant,
    [
      { product_id: milo.id, quantity: 3 },
      { product_id: milo.id, quantity: 2, discount: 10000 },
    ],
    740000,
  );
  expect(order.status).toBe('success');
  expect(await stockOf(request, merchant, milo.id)).toBe(5);

  await signIn(page, merchant.email);
  await page.goto(`/sales/orders/details/${order.id}`);
  await expect(page.getByRole('table', { name: 'Order lines' }).locator('tbody tr')).toHaveCount(2);
  await toastsGone(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.number}` });
  // One row for the product, with everything sold of it.
  const units = dialog.getByRole('textbox', { name: 'Refund units of Milo 500g' });
  await expect(units).toHaveCount(1);
  await expect(dialog.getByRole('group', { name: 'Milo 500g' })).toContainText('5 sold');
  await expect(units).toHaveValue('5');
  await units.fill('4');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Wrong size');
  await dialog.getByRole('button', { name: 'Refund selected' }).click();
  await expect(toast(page, 'Refund recorded')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await stockOf(request, merchant, milo.id)).toBe(9);
  const after = (await (await request.get(`/api/v1/order/${order.id}`, { headers })).json()).data;
  expect(after.status).toBe('success');
  expect(after.items.map((i: { quantity_refunded: number }) => i.quantity_refunded)).toEqual([3, 1]);

  // The last unit: the form offers 1 of 5 and refunding it closes the order.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('group', { name: 'Milo 500g' })).toContainText('5 sold · 4 back already');
  await expect(units).toHaveValue('1');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Wrong size');
  await dialog.getByRole('button', { name: 'Refund everything' }).click();
  await expect(toast(page, `${order.number} refunded`)).toBeVisible();
  await expect(badge(page, 'Refunded')).toBeVisible();
  expect(await stockOf(request, merchant, milo.id)).toBe(10);
});
