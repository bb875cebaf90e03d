import { expect, test } from '@playwright/test';
import { CODE_BOXES, field, latestCode, PASSWORD, paste, toast, uniqueEmail } from './support';

test('sign-up, verify with the mailed code, onboarding, home', async ({ page }) => {
  const email = uniqueEmail('new');
  await page.goto('/auth/sign-up');
  await field(page, 'First name').fill('Adaeze');
  await field(page, 'Last name').fill('Nwosu');
  await field(page, 'Email').fill(email);
  await field(page, 'Phone number').fill('0801 234');
  await field(page, 'Password').fill(PASSWORD);

  // The contract's phone rule, shown next to the field before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Enter a valid phone number: 11 to 15 digits, optionally starting with +'),
  ).toBeVisible();
  await field(page, 'Phone number').fill('+234 801 234 5678');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'Account created. We sent a verification code to your email.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await paste(page, CODE_BOXES, await latestCode(email, /Verify/));
  await expect(toast(page, 'Email verified')).toBeVisible();

  await expect(page).toHaveURL(/\/onboarding\/business-info$/);
  await field(page, 'Business name').fill('Ada Provisions');
  await field(page, 'City').fill('Enugu');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(toast(page, 'Business information saved')).toBeVisible();

  await expect(page).toHaveURL(/\/onboarding\/business-number$/);
  await field(page, 'Registration (CAC/RC) number').fill('RC1234567');
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(toast(page, 'Business number saved')).toBeVisible();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('current-store')).toContainText('Ada Provisions');
  // Verified: no banner asking for the code.
  await expect(page.getByText('Verify your email address')).toHaveCount(0);
});
