import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createMerchant, createProduct, signIn, toastsGone } from './support';

/**
 * Customer accounts outside the till (issue 34, decision 0065) at 390 × 844: a credit limit set
 * on the customer's Account tab, a sale on credit made through the API, the balance on the
 * customers list and the account, a repayment recorded (an error beside its field first, then
 * how it was shared over the orders), the statement's PDF, "Customers who owe" with the
 * customer's age bucket, and Reports → Receivables with its CSV. Screenshots at 390 and 1280 go to E2E_SHOTS_DIR.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** No serious or critical axe finding on the page (or the part of it `within` names). */
async function accessible(page: Page, within?: string) {
  const axe = new AxeBuilder({ page });
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`),
  ).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('credit limit, a sale on account, a repayment, who owes and the receivables CSV @engine', async ({
    page,
    request,
  }) => {
    const m = await createMerchant(request);
    const auth = { Authorization: m.token };
    const milo = await createProduct(request, m, 'Milo 500g', 150000, 20);
    const created = await request.post('/api/v1/customers/create', {
      headers: auth,
      data: { first_name: 'Adaeze', last_name: 'Nwosu', phone_number: '+2348031112233' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()).data as { id: string };

    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await toastsGone(page);

    // No limit yet: the account says so, and a limit is set from the tab.
    await page.goto(`/sales/customers/${customer.id}?tab=account`);
    await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('account-balance')).toHaveText('Owes nothing');
    await expect(page.getByTestId('account-limit')).toHaveText('No credit');
    await page.getByRole('button', { name: 'Set credit limit' }).tap();
    const limitDialog = page.getByRole('dialog', { name: 'Credit limit for Adaeze Nwosu' });
    await limitDialog.getByRole('textbox', { name: 'Credit limit' }).fill('50,000');
    await limitDialog.getByRole('button', { name: 'Save limit' }).tap();
    await expect(limitDialog).toBeHidden();
    await expect(page.getByTestId('account-limit')).toHaveText('₦50,000.00');
    await expect(page.getByTestId('account-available')).toHaveText('₦50,000.00');

    // Three Milo on account: ₦4,500 owed.
    const sale = await request.post('/api/v1/order', {
      headers: auth,
      data: {
        items: [{ product_id: milo.id, quantity: 3 }],
        payment_type: 'credit',
        customer_id: customer.id,
        amount_received: 0,
        channel: 'pos',
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    const order = (await sale.json()).data as { id: string; number: string };

    // The customers list shows what they owe on their card.
    await page.goto('/sales/customers');
    const card = page
      .getByRole('list', { name: 'Customers' })
      .getByRole('listitem')
      .filter({ hasText: 'Adaeze' });
    await expect(card).toContainText('Owes ₦4,500.00');
    await shot(page, 'customers-list-owes');

    // The account: the balance in the header and on the tab, the order on account, the entry.
    await card.getByRole('button', { name: 'Adaeze Nwosu' }).tap();
    await expect(page.getByRole('heading', { name: 'Adaeze Nwosu' })).toBeVisible();
    await expect(page.getByText('Owes ₦4,500.00').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Account' }).tap();
    await expect(page.getByTestId('account-balance')).toHaveText('Owes ₦4,500.00');
    await expect(page.getByTestId('account-available')).toHaveText('₦45,500.00');
    const openOrders = page.getByRole('list', { name: 'Orders on account' });
    await expect(openOrders.getByRole('listitem')).toHaveCount(1);
    await expect(openOrders).toContainText(order.number);
    await expect(openOrders).toContainText('₦4,500.00');
    const entries = page.getByRole('list', { name: 'Statement entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Sale on account');
    await expect(entries.first()).toContainText('+₦4,500.00');
    await expect(entries.first().getByRole('link', { name: order.number })).toBeVisible();
    await shot(page, 'account-owes');
    await accessible(page);

    // A repayment: an empty amount is named beside its field, then ₦2,000 in cash.
    await page.getByRole('button', { name: 'Record repayment' }).tap();
    const repay = page.getByRole('dialog', { name: 'Record a repayment from Adaeze Nwosu' });
    await expect(repay.getByTestId('repayment-owed')).toContainText('Owes ₦4,500.00');
    await repay.getByRole('button', { name: 'Record repayment' }).tap();
    await expect(repay.getByText('Enter an amount like 5000 or 5,000.50')).toBeVisible();
    await repay.getByRole('textbox', { name: 'Amount' }).fill('2,000');
    await repay.getByRole('textbox', { name: 'Reference' }).fill('Receipt 0042');
    await repay.getByRole('button', { name: 'Record repayment' }).tap();
    const done = page.getByRole('dialog', { name: 'Repayment recorded' });
    const shared = done.getByRole('list', { name: 'How the repayment was shared' }).getByRole('listitem');
    await expect(shared).toHaveCount(1);
    await expect(shared.first()).toContainText(order.number);
    await expect(shared.first()).toContainText('₦2,000.00');
    await expect(shared.first()).toContainText('₦2,500.00');
    await expect(done.getByTestId('balance-after')).toHaveText('Balance now: Owes ₦2,500.00');
    await shot(page, 'account-repayment-shared');
    await accessible(page, '[role="dialog"]');
    await done.getByRole('button', { name: 'Done' }).tap();
    await expect(done).toBeHidden();

    // The balance dropped and the repayment is on the statement, newest first.
    await expect(page.getByTestId('account-balance')).toHaveText('Owes ₦2,500.00');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Repayment');
    await expect(entries.first()).toContainText('−₦2,000.00');
    await expect(entries.first()).toContainText('Cash');
    await expect(entries.first()).toContainText('₦2,500.00');
    await toastsGone(page);
    await shot(page, 'account-after-repayment');
    // The statement as the server's PDF.
    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download statement (PDF)' }).tap(),
    ]);
    expect(statement.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await statement.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Customers who owe: the customer with what they owe, in the 0–30 days bucket.
    await page.goto('/sales/customers');
    await page.getByRole('link', { name: 'Who owes' }).tap();
    await expect(page).toHaveURL(/\/sales\/customers\/owing$/);
    await expect(page.getByTestId('owing-total')).toHaveText('₦2,500.00');
    await expect(page.getByTestId('owing-d0_30')).toHaveText('₦2,500.00');
    await expect(page.getByTestId('owing-d90_plus')).toHaveText('₦0.00');
    const owing = page.getByRole('list', { name: 'Customers who owe' }).getByRole('listitem');
    await expect(owing).toHaveCount(1);
    await expect(owing.first()).toContainText('Adaeze Nwosu');
    await expect(owing.first()).toContainText('₦2,500.00');
    await expect(owing.first().locator('[data-bucket="d0_30"]')).toHaveText('0–30 days ₦2,500.00');
    await expect(owing.first().locator('[data-bucket="d90_plus"]')).toHaveCount(0);
    await shot(page, 'customers-who-owe');
    await accessible(page);
    // Owing for 90+ days: nobody; the bucket pressed again shows everyone.
    await page.getByRole('button', { name: /^90\+ days/ }).tap();
    await expect(page.getByText('No customer matches')).toBeVisible();
    await page.getByRole('button', { name: /^90\+ days/ }).tap();
    await expect(owing).toHaveCount(1);
    // A tap opens the customer's account.
    await owing.first().getByRole('button', { name: 'Adaeze Nwosu' }).tap();
    await expect(page).toHaveURL(new RegExp(`/sales/customers/${customer.id}\\?tab=account$`));
    await expect(page.getByTestId('account-balance')).toHaveText('Owes ₦2,500.00');

    // Reports → Receivables: the same figures, and the CSV.
    await page.goto('/report?tab=receivables');
    await expect(page.getByRole('tab', { name: 'Receivables' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('owing-total')).toHaveText('₦2,500.00');
    const report = page.getByRole('list', { name: 'Customers who owe' }).getByRole('listitem');
    await expect(report).toHaveCount(1);
    await expect(report.first()).toContainText('Adaeze Nwosu');
    await shot(page, 'reports-receivables');
    await accessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).tap(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Adaeze Nwosu');
    expect(lines[1]).toContain('+2348031112233');
  });
});
