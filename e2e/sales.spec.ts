import { expect, test } from '@playwright/test';
import {
  badge,
  createMerchant,
  createMiloAndPeak,
  createProduct,
  field,
  scanCode,
  signIn,
  stockOf,
  toast,
  toastsGone,
} from './support';

test('point of sale: scan three items (one twice), a discount code, cash with change, the receipt @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const { milo, peak } = await createMiloAndPeak(request, merchant);
  const indomie = await createProduct(request, merchant, 'Indomie Chicken', 80000, 3);
  const code = await request.post('/api/v1/discounts', {
    headers: { Authorization: merchant.token },
    data: { name: 'Ten off', code: 'TENOFF', type: 'percentage', value: 10 },
  });
  expect(code.status(), await code.text()).toBe(201);
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signIn(page, merchant.email);

  await page.goto('/sales/orders/generate');
  await expect(page.getByText('The cart is empty')).toBeVisible();
  await expect(page.getByText('Keyboard shortcuts')).toBeVisible();
  for (const barcode of [milo.barcode, peak.barcode, milo.barcode, indomie.barcode])
    await scanCode(page, barcode);
  const cart = page.getByRole('table', { name: 'Cart' });
  await expect(cart.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Quantity of Peak Milk 400g' })).toHaveValue('1');
  // 2 × 1,500 + 2,500 + 800, priced by the server.
  await expect(page.getByLabel('Order total')).toHaveText('₦6,300.00');

  // An unknown barcode is named, and nothing is added.
  await page.keyboard.type('0000000000000');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'No product has the barcode or SKU "0000000000000".')).toBeVisible();
  await expect(cart.locator('tbody tr')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // The cart survives a reload.
  await page.reload();
  await expect(cart.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByLabel('Order total')).toHaveText('₦6,300.00');

  await page.keyboard.press('F7');
  await expect(field(page, 'Discount code')).toBeFocused();
  await page.keyboard.type('tenoff');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'TENOFF applied: ₦630.00 off')).toBeVisible();
  await expect(page.getByLabel('Order total')).toHaveText('₦5,670.00');

  await page.keyboard.press('F8');
  await page.keyboard.type('6000');
  await expect(page.getByLabel('Change due')).toContainText('₦330.00');
  await page.keyboard.press('F9');
  await expect(toast(page, 'Completed!!')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Sale completed' });
  await expect(dialog).toBeVisible();
  const receipt = dialog.getByRole('document', { name: 'Receipt ORD-000001' });
  await expect(receipt).toContainText('2 × ₦1,500.00');
  await expect(receipt).toContainText('Discount (TENOFF)');
  await expect(receipt).toContainText('₦5,670.00');
  await expect(receipt).toContainText('Change');
  await expect(receipt).toContainText('₦330.00');
  await dialog.getByRole('button', { name: 'Print receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // On paper only the receipt shows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.receipt--print-only')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Scan barcode' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await dialog.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByText('The cart is empty')).toBeVisible();
  expect(await stockOf(request, merchant, milo.id)).toBe(8);
  expect(await stockOf(request, merchant, peak.id)).toBe(4);
  expect(await stockOf(request, merchant, indomie.id)).toBe(2);
  const discount = await request.get('/api/v1/discounts', { headers: { Authorization: merchant.token } });
  expect((await discount.json()).data[0].used_count).toBe(1);
});

test('point of sale: a sale held while the next customer is served, then resumed and sold @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const { milo, peak } = await createMiloAndPeak(request, merchant);
  await signIn(page, merchant.email);
  await page.goto('/sales/orders/generate');
  const cart = page.getByRole('table', { name: 'Cart' });

  // First customer: two Milo, then they step away.
  await scanCode(page, milo.barcode);
  await scanCode(page, milo.barcode);
  await expect(page.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');
  await page.keyboard.press('F6');
  await expect(toast(page, 'Sale held: walk-in customer')).toBeVisible();
  await expect(page.getByText('The cart is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Held sales (1)' })).toBeEnabled();

  // The next customer buys a Peak and pays.
  await scanCode(page, peak.barcode);
  await expect(page.getByLabel('Order total')).toHaveText('₦2,500.00');
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(toast(page, 'Completed!!')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'New sale' }).click();

  // Held sales survive a reload; the first customer's sale comes back as it was.
  await page.reload();
  await toastsGone(page);
  await page.getByRole('button', { name: 'Held sales (1)' }).click();
  const heldSale = page.getByLabel('Held sale Walk-in · 2 items');
  await expect(heldSale).toContainText('2 × Milo 500g');
  await heldSale.getByRole('button', { name: 'Resume' }).click();
  await expect(cart.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Held sales (0)' })).toBeDisabled();
  await expect(page.getByLabel('Order total')).toHaveText('₦3,000.00');
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(toast(page, 'Completed!!')).toBeVisible();

  // Holding reserved nothing; each sale took its own stock once.
  expect(await stockOf(request, merchant, milo.id)).toBe(8);
  expect(await stockOf(request, merchant, peak.id)).toBe(4);
});

test('an order on credit: through its statuses, paid in two parts, its invoice as a PDF; a cancelled order returns stock @engine', async ({
  page,
  request,
}) => {
  // A long flow (a sale, four status and payment steps, a PDF, a cancellation) on a shared machine.
  test.slow();
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const rice = await createProduct(request, merchant, 'Mama Gold Rice 5kg', 500000, 10);
  const oil = await createProduct(request, merchant, 'Kings Oil 1L', 200000, 5);
  const customerRes = await request.post('/api/v1/customers/create', {
    headers,
    data: {
      first_name: 'Adaeze',
      last_name: 'Nwosu',
      phone_number: '+2348031234567',
      email_address: 'adaeze@example.ng',
    },
  });
  expect(customerRes.status(), await customerRes.text()).toBe(201);
  const customer = (await customerRes.json()).data as { id: string };
  await signIn(page, merchant.email);

  // A sale to a known customer, on credit: nothing received yet.
  await page.goto(`/sales/orders/generate?customer=${customer.id}`);
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(/Adaeze Nwosu/);
  await expect(page).toHaveURL(/\/sales\/orders\/generate$/);
  await page.getByRole('textbox', { name: 'Scan barcode' }).focus();
  for (const code of [rice.barcode, rice.barcode]) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByLabel('Order total')).toHaveText('₦10,000.00');
  await page.getByRole('combobox', { name: 'Payment type' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await field(page, 'Amount received').fill('0');
  await expect(page.getByText('₦10,000.00 will be left to pay')).toBeVisible();
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(toast(page, 'Completed!!')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Sale completed' })
    .getByRole('button', { name: 'New sale' })
    .click();

  await page.goto('/sales/orders');
  await page.getByRole('textbox', { name: 'Search' }).fill('Adaeze');
  await expect(page).toHaveURL(/search=Adaeze/);
  const row = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ORD-000001');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('Pending');
  await row.click();
  await expect(page).toHaveURL(/\/sales\/orders\/details\//);
  const orderUrl = page.url();
  await expect(badge(page, 'Pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark processing' }).click();
  await expect(toast(page, 'ORD-000001 is now processing')).toBeVisible();
  await expect(badge(page, 'Processing')).toBeVisible();

  // A part payment, then the rest.
  await toastsGone(page);
  await page.getByRole('link', { name: 'Record payment' }).first().click();
  await expect(page).toHaveURL(/\/purchase\/payments-received\/create\?order=/);
  await expect(page.getByLabel('Order balance')).toContainText('₦10,000.00');
  await field(page, 'Amount').fill('4000');
  await field(page, 'Reference').fill('TRF-8812');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'PAY-000001 recorded: ₦6,000.00 still due')).toBeVisible();
  await expect(page).toHaveURL(orderUrl);
  await expect(badge(page, 'Partially paid')).toBeVisible();
  await toastsGone(page);
  await page.getByRole('link', { name: 'Record payment' }).first().click();
  await page.getByRole('button', { name: 'Pay the rest' }).click();
  await expect(field(page, 'Amount')).toHaveValue('6000.00');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'PAY-000002 recorded: ORD-000001 is paid')).toBeVisible();
  await expect(badge(page, 'Paid')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments' }).locator('tbody tr')).toHaveCount(2);

  // Both payments in the list of payments received, found by the transfer's reference.
  await page.goto('/purchase/payments-received');
  const payments = page.getByRole('table', { name: 'Payments received' }).locator('tbody tr');
  await expect(payments).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search' }).fill('trf-8812');
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText('PAY-000001');
  await expect(payments.first()).toContainText('₦4,000.00');
  await page.getByRole('textbox', { name: 'Search' }).fill('no such payment');
  await expect(page.getByText('No payments match')).toBeVisible();
  await page.getByRole('button', { name: 'Show all payments' }).click();
  await expect(payments).toHaveCount(2);
  await page.goto(orderUrl);

  await toastsGone(page);
  await page.getByRole('button', { name: 'Mark completed' }).click();
  await expect(badge(page, 'Completed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByLabel('Status history')).toContainText(/processing/i);

  // Its invoice: a receipt now that it is paid, downloaded as a PDF, emailed.
  await toastsGone(page);
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/invoice\?order=/);
  await expect(page.getByRole('heading', { name: 'Receipt INV-000001' })).toBeVisible();
  await expect(page.getByLabel('Receipt INV-000001')).toContainText('Adaeze Nwosu');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByRole('button', { name: 'Email to customer' }).click();
  await expect(toast(page, 'Invoice sent')).toBeVisible();

  // Another order, cancelled: its stock comes back.
  const created = await request.post('/api/v1/order', {
    headers,
    data: { items: [{ product_id: oil.id, quantity: 3 }], payment_type: 'cash', amount_received: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const second = (await created.json()).data as { id: string; number: string };
  expect(await stockOf(request, merchant, oil.id)).toBe(2);
  await page.goto(`/sales/orders/details/${second.id}`);
  await expect(badge(page, 'Pending')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${second.number}?` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer changed their mind');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, `${second.number} cancelled`)).toBeVisible();
  await expect(badge(page, 'Cancelled')).toBeVisible();
  expect(await stockOf(request, merchant, oil.id)).toBe(5);
  await page.goto('/sales/orders?status=cancelled');
  await expect(page.getByRole('table', { name: 'Orders' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(second.number);
});

test('discounts: add with field errors, find, edit, generate a sample @engine', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await page.goto('/sales/discounts');
  await expect(page.getByText('No discounts yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add discount' }).first().click();
  await expect(page).toHaveURL(/\/sales\/discounts\/create$/);
  await field(page, 'Discount name').fill('Weekend sale');
  await field(page, 'Percentage off').fill('150');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByText('A percentage cannot be more than 100')).toBeVisible();
  await field(page, 'Percentage off').fill('12.5');
  await field(page, 'Code').fill('weekend12');
  await expect(field(page, 'Code')).toHaveValue('WEEKEND12');
  await field(page, 'Usage limit').fill('50');
  await field(page, 'Minimum order amount').fill('5,000');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(toast(page, 'Discount added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/discounts$/);
  const rows = page.getByRole('table', { name: 'Discounts' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('WEEKEND12');
  await expect(rows.first()).toContainText('12.5% off');
  await expect(rows.first()).toContainText('0 / 50');
  await expect(rows.first()).toContainText('Active');

  // The same code twice is refused by the server, next to the field.
  await page.getByRole('link', { name: 'Add discount' }).first().click();
  await field(page, 'Discount name').fill('Copy');
  await field(page, 'Code').fill('WEEKEND12');
  await page.getByText('Fixed amount', { exact: true }).click();
  await field(page, 'Amount off').fill('500');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(
    toast(page, 'The code "WEEKEND12" is already used by the discount "Weekend sale".'),
  ).toBeVisible();
  await expect(field(page, 'Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Code')).toHaveAccessibleDescription(
    /This code is already used by another discount/,
  );
  // Only the code is wrong: the other fields carry no error.
  await expect(page.locator('input[aria-invalid="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/sales\/discounts\/create$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);

  await rows.first().click();
  await expect(page).toHaveURL(/\/sales\/discounts\/edit\//);
  await expect(field(page, 'Percentage off')).toHaveValue('12.5');
  await page.locator('.mantine-Switch-track').click();
  await expect(page.getByRole('switch', { name: /^Active/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save discount' }).click();
  await expect(toast(page, 'Discount updated successfully')).toBeVisible();
  await expect(rows.first()).toContainText('Inactive');

  await toastsGone(page);
  await page.getByRole('button', { name: 'Generate sample' }).first().click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: /^Sample discount .+ generated$/ }),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search' }).fill('weekend12');
  await expect(rows).toHaveCount(1);
});
