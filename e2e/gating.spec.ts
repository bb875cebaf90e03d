import { expect, test } from '@playwright/test';
import { createMerchant, signIn } from './support';

test('signed out: protected routes go to sign-in, replacing the history entry', async ({ page }) => {
  await page.goto('/auth/sign-up');
  const length = await page.evaluate(() => window.history.length);
  await page.goto('/settings/team');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Replaced: the protected address is not in the history, so Back leaves sign-in for sign-up.
  expect(await page.evaluate(() => window.history.length)).toBe(length + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('signed in: public auth routes go to /home, replacing the history entry', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await expect(page.getByTestId('current-store')).toContainText(merchant.businessName);

  await page.goto('/auth/sign-up');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  const length = await page.evaluate(() => window.history.length);
  await page.goto('/auth/forgot-password');
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => window.history.length)).toBe(length + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // A screen opened by its address shows inside the real layout.
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'Developers', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
