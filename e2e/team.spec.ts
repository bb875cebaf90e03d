import { expect, test } from '@playwright/test';
import { createMerchant, field, signIn, toast } from './support';

test('add a member, change their role, create a role, see both in the audit log, remove the member', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog');
  await field(page, 'Email').fill('emeka@example.ng');
  await field(page, 'First name').fill('Emeka');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Cashier' }).click();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(toast(page, 'Member added')).toBeVisible();
  // A new member goes to the front of the list.
  const rows = page.getByRole('table', { name: 'Team members' }).locator('tbody tr');
  await expect(rows.first()).toContainText('emeka@example.ng');
  await expect(rows.first()).toContainText('Invited');

  await page.getByRole('button', { name: 'Actions for emeka@example.ng' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'Role changed')).toBeVisible();
  await expect(rows.first()).toContainText('Manager');

  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await page.getByRole('button', { name: 'Create role' }).click();
  await field(page, 'Role name').fill('Store keeper');
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Choose at least one permission')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Inventory' }).check();
  await expect(page.getByRole('checkbox', { name: 'View products and stock' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(toast(page, 'Role created successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Store keeper', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText('emeka@example.ng invited as Cashier');
  await expect(log).toContainText('emeka@example.ng is now Manager');
  await expect(log).toContainText('Role "Store keeper" created');

  // Search and filters live in the URL.
  await page.getByRole('textbox', { name: 'Search' }).fill('Store keeper');
  await expect(page).toHaveURL(/search=Store\+keeper/);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await log.getByRole('cell', { name: 'Role "Store keeper" created' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText('Store keeper');
  await expect(changes).toContainText('products.manage');
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByRole('cell', { name: 'emeka@example.ng is now Manager' }).click();
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('Cashier');
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('Manager');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Actions for emeka@example.ng' }).click();
  await page.getByRole('menuitem', { name: 'Remove from store' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Team members' })).not.toContainText('emeka@example.ng');
});
