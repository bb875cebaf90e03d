import { expect, test } from '@playwright/test';
import { analyticsEvents, createMerchant, field, PASSWORD, toast, toastsGone } from './support';

test('a wrong password shows the server message; the right one signs in', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.goto('/auth/sign-in');
  await field(page, 'Email').fill(merchant.email);
  await field(page, 'Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toast(page, 'Email or password is incorrect.')).toBeVisible();
  // The field message from `error.fields`, and the password cleared (login state reset).
  await expect(page.getByText('Email or password is incorrect', { exact: true })).toBeVisible();
  await expect(field(page, 'Password')).toHaveValue('');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  // The toast area: top right.
  const toaster = page.locator('[data-sonner-toaster]');
  await expect(toaster).toHaveAttribute('data-y-position', 'top');
  await expect(toaster).toHaveAttribute('data-x-position', 'right');

  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('current-store')).toContainText(merchant.businessName);

  // The session as the spec keeps it, and the `login` event in the product's own analytics.
  const stored = await page.evaluate(() => ({
    auth: JSON.parse(localStorage.getItem('authState') ?? 'null'),
    token: JSON.parse(localStorage.getItem('loginToken') ?? 'null'),
    email: JSON.parse(localStorage.getItem('userEmail') ?? 'null'),
  }));
  expect(stored.auth.value).toMatchObject({
    isLoggedIn: true,
    store: { business_name: merchant.businessName },
  });
  expect(stored.auth.value.user.business_name).toBe(merchant.businessName);
  expect(stored.token.value).toBe(stored.auth.value.token);
  expect(stored.email.value).toBe(merchant.email);
  expect(stored.auth.expiry - Date.now()).toBeGreaterThan(5.9 * 3600_000);
  await expect
    .poll(async () => (await analyticsEvents(merchant.email)).map((e) => e.name))
    .toContain('login');

  // Sign-out clears it. The account menu sits under the toasts.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('authState'), localStorage.getItem('loginToken')]),
  ).toEqual([null, null]);
});

test("without a matching store: 'No business name!', then 'Login successful', then onboarding", async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request, { onboard: false });
  await page.goto('/auth/sign-in');
  await field(page, 'Email').fill(merchant.email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Both toasts come in one render; the success one lasts 2 s and the error 4 s, so they are
  // awaited together: one after the other, a slow first match outlived the shorter toast.
  await Promise.all([
    expect(toast(page, 'No business name!')).toBeVisible(),
    expect(toast(page, 'Login successful')).toBeVisible(),
  ]);
  await expect(page).toHaveURL(/\/onboarding\/business-info$/);
});
