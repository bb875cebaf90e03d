import { expect, test } from '@playwright/test';
import { createMerchant, signIn, toast } from './support';

test('settings: the till rules for offline sales are changed and kept after a reload', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/settings/till');
  const hours = page.getByRole('textbox', { name: /Hours a sale may wait offline/ });
  const sales = page.getByRole('textbox', { name: /Sales that may wait on one device/ });
  const hold = page.getByRole('radio', { name: /Hold the sale for a decision/ });
  // The defaults of decision 0036: 24 hours, 200 sales, stock may go below zero.
  await expect(hours).toHaveValue('24');
  await expect(sales).toHaveValue('200');
  await expect(page.getByRole('radio', { name: /let stock go below zero/ })).toBeChecked();

  // Out of range: the contract's sentence next to the field, nothing sent.
  await hours.fill('100');
  await page.getByRole('button', { name: 'Save till rules' }).click();
  await expect(page.getByText('Hours must be a whole number from 1 to 72')).toBeVisible();

  await hours.fill('12');
  await sales.fill('50');
  await hold.check();
  await page.getByRole('button', { name: 'Save till rules' }).click();
  await expect(toast(page, 'Saved!!')).toBeVisible();

  await page.reload();
  await expect(hours).toHaveValue('12');
  await expect(sales).toHaveValue('50');
  await expect(hold).toBeChecked();
  // The server keeps it: the till reads the same rules.
  const answer = await request.get('/api/v1/till/settings', { headers: { Authorization: merchant.token } });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data).toEqual({
    offline_max_hours: 12,
    offline_max_sales: 50,
    offline_stock_rule: 'hold_for_review',
  });
});
