import { expect, test } from '@playwright/test';
import { createMerchant, field, signIn, subscribeToGrowth, toast } from './support';

test('the stored session expires after 6 hours and the app returns to sign-in', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.clock.install();
  await signIn(page, merchant.email);
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.clock.fastForward('05:59:00');
  await expect(page).toHaveURL(/\/settings\/profile$/);

  await page.clock.fastForward('00:02:00');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect(
    await page.evaluate(() => ['authState', 'loginToken', 'userEmail'].map((k) => localStorage.getItem(k))),
  ).toEqual([null, null, null]);
});

test("toasts use the spec's texts: 'Created New Store!!' and 'Saved!!'", async ({ page, request }) => {
  const merchant = await createMerchant(request);
  // A second store is more than Starter allows (decision 0030).
  await subscribeToGrowth(request, merchant);
  await signIn(page, merchant.email);
  await page.goto('/store');
  await page.getByRole('button', { name: 'Create store' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Business name' }).fill('Second Shop');
  await page.getByRole('dialog').getByRole('button', { name: 'Create store' }).click();
  await expect(toast(page, 'Created New Store!!')).toBeVisible();
  await expect(page.locator('main').getByText('Second Shop', { exact: true })).toBeVisible();

  await page.goto('/settings/profile');
  await field(page, 'Last name').fill('Obi-Okafor');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Saved!!')).toBeVisible();
  // Success toasts close after 2 s.
  await expect(toast(page, 'Saved!!')).toHaveCount(0, { timeout: 4000 });
});

test('a change made offline waits and is sent when the browser is back online', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await page.goto('/settings/profile');
  await expect(field(page, 'Last name')).toHaveValue('Obi');

  await page.context().setOffline(true);
  await field(page, 'Last name').fill('Okonkwo');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(
    toast(page, 'You are offline. The change will be sent when you are back online.'),
  ).toBeVisible();
  await expect(page.getByText('1 change waiting for a connection')).toBeVisible();

  await page.context().setOffline(false);
  await expect(toast(page, 'Saved!!')).toBeVisible();
  const me = await request.get('/api/v1/user/singleuser', { headers: { Authorization: merchant.token } });
  expect(((await me.json()) as { data: { user: { last_name: string } } }).data.user.last_name).toBe(
    'Okonkwo',
  );
});
