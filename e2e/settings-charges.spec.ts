import { expect, test, type Locator } from '@playwright/test';
import { createMerchant, signIn, toast, toastsGone } from './support';

/** A text field of a dialog by its label (the required asterisk is not part of the name). */
const input = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test('settings: a VAT rule and a delivery rate, then a sale on the till carries both @engine', async ({
  page,
  request,
}) => {
  // The merchant's store is in Lagos, Nigeria (support.ts).
  const merchant = await createMerchant(request);
  const created = await request.post('/api/v1/product/create', {
    headers: { Authorization: merchant.token },
    data: { name: 'Golden Penny Semovita 2kg', price: 100000, quantity: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).data as { id: string; barcode: string };
  await signIn(page, merchant.email);

  // Tax: the form starts at the store's country and state; the spec's message comes before any call.
  await page.goto('/settings/tax');
  await expect(page.getByText('No tax rules yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add tax rule' }).first().click();
  const taxForm = page.getByRole('dialog', { name: 'Add a tax rule' });
  await expect(input(taxForm, 'Country')).toHaveValue('Nigeria');
  await input(taxForm, 'Country').fill('');
  await taxForm.getByRole('button', { name: 'Save' }).click();
  await expect(taxForm.getByText('Country is not allowed to be empty')).toBeVisible();
  await input(taxForm, 'Country').fill('Nigeria');
  await taxForm.getByRole('textbox', { name: 'Percent of rate 1' }).fill('7.5');
  await taxForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved!!')).toBeVisible();
  await expect(taxForm).toBeHidden();
  const rules = page.getByRole('table', { name: 'Tax rules' });
  await expect(rules.locator('tbody tr')).toHaveCount(1);
  await expect(rules.locator('tbody tr')).toContainText('Lagos');
  await expect(rules.locator('tbody tr')).toContainText('VAT 7.5%');

  // A second rule for Lagos is refused with the server's sentence, on the States field.
  await page.getByRole('button', { name: 'Add tax rule' }).click();
  const again = page.getByRole('dialog', { name: 'Add a tax rule' });
  await again.getByRole('textbox', { name: 'Percent of rate 1' }).fill('5');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText('Already in another tax rule: Lagos')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await toastsGone(page);

  // Shipping, on its tab.
  await page.getByRole('tab', { name: 'Shipping' }).click();
  await expect(page).toHaveURL(/\/settings\/shipping$/);
  await expect(page.getByText('No shipping rates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add shipping rate' }).first().click();
  const rateForm = page.getByRole('dialog', { name: 'Add a shipping rate' });
  await input(rateForm, 'Name').fill('Lagos express');
  await rateForm.getByRole('combobox', { name: 'States' }).fill('Lagos');
  await page.keyboard.press('Enter');
  await input(rateForm, 'Fee').fill('1,500');
  await input(rateForm, 'Estimated days').fill('1-2');
  await rateForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved!!')).toBeVisible();
  const rates = page.getByRole('table', { name: 'Shipping rates' });
  await expect(rates.locator('tbody tr')).toHaveCount(1);
  await expect(rates.locator('tbody tr')).toContainText('Lagos express');
  await expect(rates.locator('tbody tr')).toContainText('1–2 days');
  await expect(rates.locator('tbody tr')).toContainText('Nigeria: Lagos');
  await expect(rates.locator('tbody tr')).toContainText('₦1,500.00');

  // The till: VAT on the goods, the delivery fee on top.
  await page.goto('/sales/orders/generate');
  await page.getByRole('textbox', { name: 'Scan barcode' }).focus();
  await page.keyboard.type(product.barcode);
  await page.keyboard.press('Enter');
  const totals = page.getByLabel('Totals');
  await expect(totals).toContainText('VAT 7.5%');
  await expect(totals).toContainText('₦75.00');
  await expect(page.getByLabel('Order total')).toHaveText('₦1,075.00');
  await page.getByRole('combobox', { name: 'Shipping' }).click();
  await page.getByRole('option', { name: 'Lagos express · ₦1,500.00' }).click();
  await expect(totals).toContainText('Shipping (Lagos express)');
  await expect(page.getByLabel('Order total')).toHaveText('₦2,575.00');

  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(toast(page, 'Completed!!')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Sale completed' });
  const receipt = dialog.getByRole('document', { name: /^Receipt ORD-/ });
  await expect(receipt).toContainText('VAT 7.5%');
  await expect(receipt).toContainText('Shipping (Lagos express)');
  await expect(receipt).toContainText('₦2,575.00');

  await dialog.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/sales\/orders\/details\//);
  const orderTotals = page.getByLabel('Order totals');
  await expect(orderTotals).toContainText('VAT 7.5%');
  await expect(orderTotals).toContainText('₦75.00');
  await expect(orderTotals).toContainText('Shipping (Lagos express)');
  await expect(orderTotals).toContainText('₦1,500.00');
  await expect(orderTotals).toContainText('₦2,575.00');

  // Both settings changes are in the audit log, under their own kind of record.
  await page.goto('/settings/audit-log');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText('Shipping rate "Lagos express" added');
  await page.getByRole('button', { name: /^Filter/ }).click();
  await page.getByRole('combobox', { name: 'Record' }).click();
  await page.getByRole('option', { name: 'Tax rule', exact: true }).click();
  await expect(page).toHaveURL(/entity=tax_rule/);
  await expect(page.getByText('Record: Tax rule', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log).toContainText('Tax rule for');
  await expect(log).not.toContainText('Shipping rate "Lagos express" added');
});
