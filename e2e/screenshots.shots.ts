import { expect, test, type Page } from '@playwright/test';
import { createMerchant, field, latestMail, PASSWORD, signIn, subscribeToGrowth, shoot } from './support';

const OUT = 'test-results/screenshots';
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function visit(page: Page, path: string, name: string, ready?: () => Promise<void>) {
  await page.goto(path);
  await shoot(page, name, WIDTHS, ready);
}

test('screens, signed out', async ({ page }) => {
  await visit(page, '/auth/sign-in', 'sign-in');
  await visit(page, '/auth/sign-up', 'sign-up');
  await visit(page, '/auth/forgot-password', 'forgot-password');
  await visit(page, '/auth/email-otp?email=ada%40example.ng', 'email-otp');
  await visit(page, '/user/reset-password/abcdefghijklmnop', 'reset-password');
  await visit(page, '/verify-email?email=ada%40example.ng', 'verify-email');
  await visit(page, '/user/verify_email/not-a-real-token-123', 'verify-email-link');
  await visit(page, '/auth/accept-invite?token=not-a-real-token-123', 'accept-invite-invalid');
  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await shoot(page, 'sign-in-errors');
});

test('screens, onboarding', async ({ page, request }) => {
  const merchant = await createMerchant(request, { onboard: false });
  await page.goto('/auth/sign-in');
  await field(page, 'Email').fill(merchant.email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/business-info/);
  await shoot(page, 'onboarding-business-info');
  await field(page, 'Business name').fill('Bola Fabrics');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/business-number/);
  await shoot(page, 'onboarding-business-number');
});

test('screens, signed in', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  // The team screen below adds a member: more than Starter allows (decision 0030).
  await subscribeToGrowth(request, merchant);
  await signIn(page, merchant.email);
  await shoot(page, 'home');
  await page.setViewportSize(WIDTHS.phone);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/navigation-drawer-phone.png` });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await visit(page, '/dashboard', 'dashboard');
  await visit(page, '/wallet', 'wallet');
  await visit(page, '/settings/profile', 'settings-profile');
  await visit(page, '/settings/business', 'settings-business');

  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Add member' }).first().click();
  await field(page, 'Email').fill('tunde@example.ng');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Cashier' }).click();
  await shoot(page, 'settings-team-add-member');
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('cell', { name: '— tunde@example.ng' })).toBeVisible();
  await shoot(page, 'settings-team');

  await page.goto('/settings/roles');
  await page.getByRole('button', { name: 'Create role' }).click();
  await field(page, 'Role name').fill('Store keeper');
  await page.getByRole('checkbox', { name: 'Inventory' }).check();
  await shoot(page, 'settings-roles-create');
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('cell', { name: 'Store keeper', exact: true })).toBeVisible();
  await shoot(page, 'settings-roles');

  await page.goto('/settings/audit-log');
  await shoot(page, 'settings-audit-log');
  await page.getByRole('cell', { name: /Role "Store keeper" created/ }).click();
  await shoot(page, 'settings-audit-drawer', WIDTHS, async () => {
    await expect(page.getByRole('table', { name: 'Changes' })).toBeVisible();
  });
  await page.keyboard.press('Escape');

  await visit(page, '/settings/shipping', 'settings-shipping');
  await visit(page, '/settings/tax', 'settings-tax');
  await visit(page, '/store', 'store');
  await page.getByRole('button', { name: 'Create store' }).first().click();
  await shoot(page, 'store-create');
  await page.keyboard.press('Escape');
  await visit(page, '/no/such/page', 'not-found');

  // The invitation as the invitee sees it.
  const mail = await latestMail('tunde@example.ng');
  const link = /\/auth\/accept-invite\?token=[\w-]+/.exec(mail)![0];
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await visit(page, link, 'accept-invite');
});

/** One picture per screen: desktop and phone side by side, to look at quickly. */
test('contact sheets', async ({ page }) => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const names = [
    ...new Set(
      readdirSync(OUT)
        .filter((f) => f.endsWith('-desktop.png'))
        .map((f) => f.replace(/-desktop\.png$/, '')),
    ),
  ];
  await page.setViewportSize({ width: 1100, height: 700 });
  for (const name of names) {
    const img = (label: string) =>
      `data:image/png;base64,${readFileSync(`${OUT}/${name}-${label}.png`).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;display:flex;gap:16px;align-items:flex-start;background:#888;padding:8px">` +
        `<img src="${img('desktop')}" style="width:680px"><img src="${img('phone')}" style="width:380px"></body>`,
    );
    await page.screenshot({ path: `${OUT}/sheet-${name}.png`, fullPage: true });
  }
});
