import { expect, test, type Page } from '@playwright/test';
import { createCashSale, createMerchant, createProduct, field, PASSWORD, signIn, toast } from './support';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

/** The whole of a box on screen, neither side cut off. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('refunds on a phone: the dialog says what goes back and how before confirming; the order then reads partly refunded @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const milo = await createProduct(request, merchant, 'Milo 500g', 150000, 10);
  const sale = await createCashSale(request, merchant, [{ product_id: milo.id, quantity: 3 }], 450000);
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);

  await page.goto(`/sales/orders/details/${sale.id}`);
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Completed$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${sale.number}` });
  const summary = dialog.getByLabel('Refund summary');
  // Everything is chosen at first: all ₦4,500 goes back, in cash, the way the sale was paid.
  await expect(summary).toContainText('Paid back to the customer₦4,500.00');
  await expect(summary).toContainText('Paid by Cash');

  // One unit of three: the summary follows before anything is confirmed.
  await dialog.getByRole('textbox', { name: 'Refund units of Milo 500g' }).fill('1');
  await expect(summary).toContainText('Value returned₦1,500.00');
  await expect(summary).toContainText('Paid back to the customer₦1,500.00');
  await expect(summary).toContainText('Paid by Cash');
  await expectOnScreen(page, summary);
  await page.screenshot({ path: `${SHOTS}/refund-dialog-phone.png` });
  // Nothing was refunded by the quote.
  const before = await request.get(`/api/v1/order/${sale.id}`, {
    headers: { Authorization: merchant.token },
  });
  expect((await before.json()).data.refunded_total).toBe(0);

  await dialog.getByRole('textbox', { name: 'Reason' }).fill('One tin dented');
  // The money goes back by transfer this time: not from the drawer.
  await dialog.getByRole('combobox', { name: 'Pay back by' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await expect(dialog.getByText('Not from the drawer')).toBeVisible();
  // The dialog takes the phone's screen, its confirmation within a thumb's reach.
  expect((await dialog.boundingBox())!.width).toBe(PHONE.width);
  await expect(dialog.getByRole('button', { name: 'Refund selected' })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Refund selected' }).click();
  await expect(toast(page, 'Refund recorded')).toBeVisible();
  const after = await request.get(`/api/v1/order/${sale.id}`, { headers: { Authorization: merchant.token } });
  expect((await after.json()).data.refunds.map((r: { method: string }) => r.method)).toEqual([
    'bank_transfer',
  ]);
  const partly = page.locator('.mantine-Badge-label', { hasText: /^Partly refunded ₦1,500\.00$/ });
  await expect(partly).toBeVisible();
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Completed$/ })).toHaveCount(0);
  await expectOnScreen(page, partly);
  await page.screenshot({ path: `${SHOTS}/order-partly-refunded-phone.png` });

  // The orders list says the same.
  await page.goto('/sales/orders');
  await expect(page.getByText('Partly refunded ₦1,500.00').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/orders-partly-refunded-phone.png` });

  // The dashboard's week: bars for the days so far, none for days to come.
  await page.goto('/dashboard');
  await expect(page.getByTestId('chart-total')).toContainText('₦3,000.00');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-chart-phone.png`, fullPage: true });
});

test.describe('onboarding in Lagos', () => {
  test.use({ timezoneId: 'Africa/Lagos' });

  test('onboarding on a phone: the state from Nigeria’s states, the time zone from the IANA list with this device’s preselected @engine', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request, { onboard: false });
    await page.setViewportSize(PHONE);
    await page.goto('/auth/sign-in');
    await field(page, 'Email').fill(merchant.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/business-info/);

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('Africa/Lagos');
    const state = page.getByRole('combobox', { name: 'State' });
    await state.fill('Ab');
    await expect(page.getByRole('option', { name: 'Abia' })).toBeVisible();
    await state.fill('Lag');
    await page.getByRole('option', { name: 'Lagos' }).click();
    await expect(state).toHaveValue('Lagos');
    await zone.fill('Nairobi');
    await page.getByRole('option', { name: 'Africa/Nairobi' }).click();
    await expect(zone).toHaveValue('Africa/Nairobi');
    await page.screenshot({ path: `${SHOTS}/onboarding-lists-phone.png`, fullPage: true });

    await field(page, 'Business name').fill('Ngozi Stores');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(toast(page, 'Business information saved')).toBeVisible();
    await expect(page).toHaveURL(/business-number/);
    // What was chosen is what the store keeps.
    const stores = await request.get('/api/v1/stores', { headers: { Authorization: merchant.token } });
    expect(stores.status(), await stores.text()).toBe(200);
    expect((await stores.json()).data[0]).toMatchObject({ state: 'Lagos', timezone: 'Africa/Nairobi' });
  });
});
