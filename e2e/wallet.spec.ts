import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createMerchant, signIn, startTransfer, toast, toastsGone } from './support';

/** Serious or critical axe findings on the screen as it is (the wallet with data, the plans). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Issue 17: open the wallet, fund it (sandbox), send a transfer, and pay for GROWTH from it. */
test('wallet: deposit, transfer with name enquiry and password, then subscribe to GROWTH @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'No wallet yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Open wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await expect(page.getByRole('button', { name: 'Copy account number' })).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await toastsGone(page);

  // Sandbox deposit of ₦50,000.
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Simulate a deposit' });
  await deposit.getByRole('textbox', { name: 'Amount (NGN)' }).fill('50,000');
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await expect(deposit).toBeHidden();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');
  const table = page.getByRole('table', { name: 'Wallet transactions' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText('Deposit');
  await toastsGone(page);

  // Transfer ₦12,000 to GTBank 0123456789: the bank's name shows before sending.
  const form = await startTransfer(page);
  const resolved = form.getByTestId('resolved-name');
  const name = (await resolved.innerText()).replace('Account name', '').trim();
  expect(name).toMatch(/^[A-Z]+ [A-Z]+$/);
  await form.getByRole('textbox', { name: 'Amount (NGN)' }).fill('12000');
  await expect(form.getByText('Fee ₦10.00 · total ₦12,010.00')).toBeVisible();
  await form.getByRole('textbox', { name: 'Narration (optional)' }).fill('Rice supplier');
  await form.getByRole('button', { name: /^Send/ }).click();
  await expect(form.getByText('Enter your password to confirm')).toBeVisible();
  await form.getByLabel('Your password').fill(merchant.password);
  await form.getByRole('button', { name: /^Send/ }).click();
  const receipt = page.getByRole('dialog', { name: 'Transfer receipt' });
  await expect(receipt).toContainText(name);
  await expect(receipt).toContainText('₦12,000.00');
  await expect(receipt).toContainText('Success');
  await receipt.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦37,990.00');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first()).toContainText('Rice supplier');
  expect(await axeFindings(page)).toEqual([]);

  // Subscribe to GROWTH (₦15,000 a month), paid from the wallet.
  await page.goto('/settings/subscription');
  await expect(page.getByTestId('current-plan')).toHaveText('FREEMIUM');
  await page.getByTestId('plan-GRO001').getByRole('button', { name: 'Upgrade to plan' }).click();
  // Confirmed as a transfer is: the price on screen, then the password.
  const confirm = page.getByRole('dialog', { name: 'Pay for GROWTH' });
  await expect(confirm.getByTestId('confirm-price')).toHaveText('₦15,000.00 for one month');
  await confirm.getByLabel('Your password').fill(merchant.password);
  await confirm.getByRole('button', { name: 'Pay ₦15,000.00' }).click();
  await expect(toast(page, 'Subscribed!!!!')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('GROWTH');
  await expect(page.getByTestId('plan-dates')).toContainText('days left');
  await expect(page.getByText('Team: 1 of 5')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦22,990.00');
  await expect(table.locator('tbody tr').first()).toContainText('Subscription');
});
