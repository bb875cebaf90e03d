import { expect, test, type Page } from '@playwright/test';
import { createMerchant, signIn, toastsGone, type Merchant } from './support';

// Issue 15, finding 8: after the server ended a session, the app kept showing the data it had
// cached (in memory and in localStorage) instead of going back to sign-in.

const CACHE_KEY = 'tillbook-query-cache';
const SECRET = 'Zainab Okonkwo-Secret';

type Request = Parameters<typeof createMerchant>[0];
let shared: Merchant | null = null;

/**
 * One shop with one customer for the three tests (each signs in afresh): every new shop
 * verifies an email from this machine's address, and those attempts are limited per address.
 */
async function shop(request: Request): Promise<Merchant> {
  if (shared) return shared;
  const merchant = await createMerchant(request);
  const res = await request.post('/api/v1/customers/create', {
    headers: { Authorization: merchant.token },
    data: { first_name: 'Zainab', last_name: 'Okonkwo-Secret', phone_number: '08035550101' },
  });
  expect(res.status(), await res.text()).toBe(201);
  shared = merchant;
  return merchant;
}

const browserToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('loginToken') ?? 'null') as { value: string } | null)?.value,
  );

/** The cached answers in localStorage, as text ('' when there are none). */
const storedCache = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', CACHE_KEY);

/** Signs in to the shop and opens its customers, until the list is on screen and cached. */
async function signedInOnCustomers(page: Page, request: Request) {
  await signIn(page, (await shop(request)).email);
  await page.goto('/sales/customers');
  await expect(page.getByText(SECRET)).toBeVisible();
  // The persister writes at most once a second.
  await expect.poll(() => storedCache(page)).toContain(SECRET);
}

/**
 * Ends the browser's session from outside it (another device, a password change, an owner
 * removing the member): the server has it signed out, the browser does not know yet.
 */
async function endSessionElsewhere(page: Page, request: Request) {
  const token = await browserToken(page);
  expect(token).toBeTruthy();
  expect((await request.post('/api/v1/user/signout', { headers: { Authorization: token! } })).status()).toBe(
    200,
  );
}

test('a session the server ended shows no cached data after a reload and returns to sign-in', async ({
  page,
  request,
}) => {
  await signedInOnCustomers(page, request);

  await endSessionElsewhere(page, request);

  await page.reload();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expect.poll(() => storedCache(page)).not.toContain(SECRET);
  expect(await page.evaluate(() => localStorage.getItem('authState'))).toBeNull();
});

test('a refused token (401) while the app is open clears the cached data and returns to sign-in', async ({
  page,
  request,
}) => {
  await signedInOnCustomers(page, request);

  await endSessionElsewhere(page, request);
  // The tab comes back to the front: the app asks the server whether the session still holds.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expect.poll(() => storedCache(page)).not.toContain(SECRET);
});

test('signing out clears the cached data in memory and in localStorage', async ({ page, request }) => {
  await signedInOnCustomers(page, request);

  await toastsGone(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect.poll(() => storedCache(page)).not.toContain(SECRET);
  await page.goBack();
  await expect(page.getByText(SECRET)).toHaveCount(0);
});
