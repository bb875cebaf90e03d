import { expect, test } from '@playwright/test';
import { createMerchant, signIn, startTransfer, toast, toastsGone } from './support';

/** Issue 17: a transaction PIN set in Settings → Payment confirms a transfer instead of the password. */
test('set a transaction PIN in Settings → Payment and send a transfer with it', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  expect((await request.post('/api/v1/wallet', { headers })).ok()).toBe(true);
  const deposit = await request.post('/api/v1/wallet/sandbox/deposit', {
    headers,
    data: { amount: 5_000_000 },
  });
  expect(deposit.status()).toBe(201);
  await signIn(page, merchant.email);

  await page.goto('/settings/payment');
  await expect(page.getByTestId('pin-status')).toContainText('Not set');
  await page.getByLabel('New PIN').fill('1234');
  await page.getByLabel('Confirm PIN').fill('1234');
  await page.getByLabel('Your password').fill(merchant.password);
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await expect(
    page.getByText('Choose a PIN that is not one digit repeated or a run like 1234'),
  ).toBeVisible();
  await page.getByLabel('New PIN').fill('4821');
  await page.getByLabel('Confirm PIN').fill('4821');
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await expect(toast(page, 'Transaction PIN saved')).toBeVisible();
  await expect(page.getByTestId('pin-status')).toContainText('Wallet transfers ask for it');
  await expect(page.getByRole('button', { name: 'Change PIN' })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');
  await toastsGone(page);
  const form = await startTransfer(page);
  await form.getByRole('textbox', { name: 'Amount (NGN)' }).fill('2000');
  await expect(form.getByLabel('Your password')).toHaveCount(0);
  await form.getByLabel('Transaction PIN').fill('4822');
  await form.getByRole('button', { name: /^Send/ }).click();
  await expect(form.getByText('The PIN is not correct')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');
  await form.getByLabel('Transaction PIN').fill('4821');
  await form.getByRole('button', { name: /^Send/ }).click();
  const receipt = page.getByRole('dialog', { name: 'Transfer receipt' });
  await expect(receipt).toContainText('Success');
  await receipt.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦47,990.00');
});
