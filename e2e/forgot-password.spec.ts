import { expect, test } from '@playwright/test';
import { CODE_BOXES, createMerchant, field, latestCode, paste, signIn, toast } from './support';

test('forgot password, emailed code, new password, sign in with it', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await field(page, 'Email').fill(merchant.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(
    toast(page, 'If this email has an account, a reset code is on its way. It expires in 10 minutes.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/email-otp\?email=/);
  await expect(page.getByText(/Resend in \d+s/)).toBeVisible();

  // A wrong code first: the server's message, the boxes cleared.
  await paste(page, CODE_BOXES, '000000');
  await expect(page.getByRole('alert')).toContainText(/not correct|not valid/);

  // Pasting the whole code fills the six boxes and submits.
  await paste(page, CODE_BOXES, await latestCode(merchant.email, /reset/i));
  await expect(toast(page, 'Code accepted. Choose a new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/reset-password\/[\w-]+$/);

  const newPassword = 'brand-new-pass-7';
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill('something-else-7');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await field(page, 'Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password changed. Sign in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  await signIn(page, merchant.email, newPassword);
});
