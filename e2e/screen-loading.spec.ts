import { expect, test } from '@playwright/test';
import { createMerchant, signIn } from './support';

test('a screen whose code fails to load is tried again, then after 120 s offers a reload', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await page.clock.install();
  await signIn(page, merchant.email);

  // A dropped connection: the first two tries fail, the third gets through.
  let failures = 0;
  await page.route(/\/assets\/customers-screen-[\w-]+\.js$/, (route) =>
    failures++ < 2 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Customers', exact: true })
    .click();
  await page.clock.runFor(1_000);
  await page.clock.runFor(2_000);
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  expect(failures).toBe(3);

  // A new version deployed: the old chunk is gone for good.
  await page.route(/\/assets\/discounts-screen-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Discounts', exact: true })
    .click();
  for (let s = 0; s < 120; s += 10) await page.clock.runFor(10_000);
  await expect(page.getByRole('heading', { name: 'This screen could not load' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
