import { expect, test, type APIRequestContext } from '@playwright/test';
import { createMerchant, signIn, toastsGone } from './support';

const listProducts = (request: APIRequestContext, key: string) =>
  request.get('/api/v1/product/paginated/results', { headers: { Authorization: `Bearer ${key}` } });

/** Issue 19: create live keys, copy the secret, call the API with it, see usage move, roll it. */
test('developers: create keys, call the API with the copied secret, see usage, roll the key @engine', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/developers');
  await page.getByRole('radiogroup', { name: 'Environment' }).getByText('Live').click();
  await expect(page.getByTestId('live-usage')).toHaveText('0 of 250 live calls');
  await page.getByRole('button', { name: 'Create live keys' }).click();
  const secretField = page.getByTestId('production-secret-key');
  await expect(secretField).toHaveText(/^sk_live_[A-Za-z0-9_-]{64}$/);
  await expect(page.getByTestId('production-public-key')).toHaveText(/^pk_live_[A-Za-z0-9_-]{64}$/);
  await expect(page.getByText('Copy this secret key now')).toBeVisible();
  await toastsGone(page);

  // Copy the secret with its button, and call the API with what was copied.
  await page.getByRole('button', { name: 'Copy secret key' }).click();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await secretField.innerText());
  await expect(page.getByTestId('curl')).toContainText(`Bearer ${secret}`);
  await expect(page.getByTestId('curl')).toContainText(
    `${new URL(page.url()).origin}/api/v1/product/paginated/results`,
  );
  for (let i = 0; i < 3; i++) expect((await listProducts(request, secret)).status()).toBe(200);

  // Usage moves on the screen.
  await page.reload();
  await page.getByRole('radiogroup', { name: 'Environment' }).getByText('Live').click();
  await expect(page.getByTestId('live-usage')).toHaveText('3 of 250 live calls');
  // After a reload the secret is masked; the public key stays whole.
  await expect(page.getByTestId('production-secret-key')).toHaveText(`sk_live_…${secret.slice(-4)}`);

  // Roll the secret at once: the old key is refused, the new one works.
  await page.getByRole('button', { name: 'Roll secret key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll key' });
  await expect(dialog).toContainText(`sk_live_…${secret.slice(-4)}`);
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(dialog).toBeHidden();
  await expect(secretField).toHaveText(/^sk_live_[A-Za-z0-9_-]{64}$/);
  const rolled = await secretField.innerText();
  expect(rolled).not.toBe(secret);
  const refused = await listProducts(request, secret);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/rolled/);
  expect((await listProducts(request, rolled)).status()).toBe(200);

  // Read-only: the key still reads, and a write is refused; full access again writes.
  const createProduct = (key: string) =>
    request.post('/api/v1/product/create', {
      headers: { Authorization: `Bearer ${key}` },
      data: { name: 'Made by the API', price: 1500 },
    });
  await toastsGone(page);
  const readOnly = page.getByRole('switch', { name: /^Read-only/ });
  // The switch follows the server's answer, so it turns once the key has changed.
  await readOnly.click();
  await expect(page.getByText('The secret key is read-only')).toBeVisible();
  await expect(readOnly).toBeChecked();
  const refusedWrite = await createProduct(rolled);
  expect(refusedWrite.status()).toBe(403);
  expect((await listProducts(request, rolled)).status()).toBe(200);
  await readOnly.click();
  await expect(page.getByText('The secret key has full access')).toBeVisible();
  await expect(readOnly).not.toBeChecked();
  expect((await createProduct(rolled)).status()).toBe(201);

  await page.reload();
  await page.getByRole('radiogroup', { name: 'Environment' }).getByText('Live').click();
  await expect(page.getByTestId('live-usage')).toHaveText('6 of 250 live calls');
});
