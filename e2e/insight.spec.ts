import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMerchant, createProduct, type Merchant, scanCode, signIn, toast } from './support';

/** A product at 60% cost, low on stock at `lowStockThreshold`. */
const product = (
  request: APIRequestContext,
  m: Merchant,
  name: string,
  price: number,
  quantity: number,
  lowStockThreshold = 2,
) =>
  createProduct(request, m, name, price, quantity, {
    cost_price: Math.round(price * 0.6),
    low_stock_threshold: lowStockThreshold,
  });

/** A figure card's value (the cards name their figure). */
const figure = (page: Page, label: string) => page.getByRole('status', { name: label, exact: true });

/** The CSV a click on Export CSV downloads, as rows of cells (the BOM dropped). */
async function exportedCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  // No cell of these reports holds a comma or a quote (names are plain, money has no separators).
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}

/**
 * axe on a screen with its figures and chart drawn (the accessibility suite sees these screens
 * with no sales, so without a chart): no serious or critical violation.
 */
async function expectAccessible(page: Page, what: string) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

function column(rows: string[][], name: string, row: string[]): string | undefined {
  return row[rows[0]!.indexOf(name)];
}

test('insight: sales at the till move the home screen, dashboard and reports; chart filters; CSV totals @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const milo = await product(request, merchant, 'Milo 500g', 150000, 10);
  const peak = await product(request, merchant, 'Peak Milk 400g', 250000, 3, 5);
  await signIn(page, merchant.email);

  // Before any sale: nothing sold, and the Peak already runs low.
  await expect(figure(page, 'Sales today')).toHaveText('₦0.00');
  await expect(page.getByText('No sales yet today.')).toBeVisible();
  await expect(page.getByText('No money received yet today.')).toBeVisible();
  await expect(page.getByText('No sales in the last 7 days yet.')).toBeVisible();
  const runningLow = page.getByRole('region', { name: 'Running low' });
  await expect(runningLow.getByRole('link', { name: 'Peak Milk 400g' })).toBeVisible();
  await expect(runningLow.getByRole('link', { name: 'Milo 500g' })).toHaveCount(0);

  // A sale through the till: two Milo and a Peak, cash.
  await page.getByRole('link', { name: 'New sale' }).first().click();
  await expect(page).toHaveURL(/\/sales\/orders\/generate$/);
  for (const code of [milo.barcode, milo.barcode, peak.barcode]) await scanCode(page, code);
  await expect(page.getByLabel('Order total')).toHaveText('₦5,500.00');
  await page.keyboard.press('F8');
  await page.keyboard.type('5500');
  await page.keyboard.press('F9');
  await expect(toast(page, 'Completed!!')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Sale completed' })
    .getByRole('button', { name: 'New sale' })
    .click();

  // And one more from the API, one Milo.
  const second = await request.post('/api/v1/order', {
    headers: { Authorization: merchant.token },
    data: {
      items: [{ product_id: milo.id, quantity: 1 }],
      payment_type: 'card',
      amount_received: 150000,
      channel: 'pos',
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  expect((await second.json()).data.status).toBe('success');

  // Home: the day's figures moved.
  await page.goto('/home');
  await expect(figure(page, 'Sales today')).toHaveText('₦7,000.00');
  await expect(figure(page, 'Orders today')).toHaveText('2');
  await expect(figure(page, 'Takings today')).toHaveText('₦7,000.00');
  await expect(page.getByTestId('takings-by-type')).toHaveText('Cash ₦5,500.00 · Card ₦1,500.00');
  await expect(page.getByTestId('week-total')).toHaveText('7 days: ₦7,000.00');
  const recent = page.getByRole('table', { name: 'Recent orders' });
  await expect(recent.getByRole('link', { name: 'ORD-000002' })).toBeVisible();
  await expect(recent.getByRole('link', { name: 'ORD-000001' })).toBeVisible();
  // Two Milo and the Peak left: 7 Milo (above 2) and 2 Peak (below 5).
  await expect(runningLow).toContainText('2 / min 5');
  await expect(page.locator('.recharts-surface')).toBeVisible();
  await expectAccessible(page, '/home');

  // Dashboard: the four figures, the lists and the chart.
  await page.goto('/dashboard');
  await expect(figure(page, 'Total sales')).toHaveText('₦7,000.00');
  await expect(figure(page, "Today's sales")).toHaveText('₦7,000.00');
  await expect(figure(page, 'Orders')).toHaveText('2');
  await expect(figure(page, 'Customers')).toHaveText('0');
  const topProducts = page.getByRole('table', { name: 'Top products' });
  await expect(topProducts.getByRole('row').nth(1)).toContainText('Milo 500g');
  await expect(topProducts.getByRole('row').nth(1)).toContainText('₦4,500.00');
  await expect(topProducts.getByRole('row').nth(2)).toContainText('Peak Milk 400g');
  await expect(page.getByText('Sales to named customers show here.', { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent orders' }).getByRole('row')).toHaveCount(3);

  const chartTotal = page.getByTestId('chart-total');
  await expect(chartTotal).toHaveText('This week: ₦7,000.00');
  await expect(page.locator('.recharts-surface')).toBeVisible();
  await expectAccessible(page, '/dashboard');
  await page.getByRole('combobox', { name: 'Chart figure' }).selectOption('orders');
  await expect(chartTotal).toHaveText('This week: 2');
  await expect(page).toHaveURL(/chart=orders/);
  await page.getByRole('combobox', { name: 'Chart period' }).selectOption('today');
  await expect(chartTotal).toHaveText('Today: 2');
  await page.getByRole('combobox', { name: 'Chart period' }).selectOption('year');
  await expect(chartTotal).toHaveText('This year: 2');
  await page.getByRole('combobox', { name: 'Chart figure' }).selectOption('customers');
  await expect(page.getByText('No customers added in this period yet.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Chart figure' }).selectOption('sales');
  await page.getByRole('combobox', { name: 'Chart period' }).selectOption('custom');
  await expect(page.getByLabel('Chart from')).toBeVisible();
  await expect(chartTotal).toHaveText('Custom range: ₦7,000.00');
  // The chart follows the URL: a reload draws the same one.
  await page.reload();
  await expect(chartTotal).toHaveText('Custom range: ₦7,000.00');

  // The top product opens its page.
  await topProducts.getByRole('link', { name: 'Milo 500g' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/products/${milo.id}$`));

  // Reports: this month's sales report, its totals and its CSV.
  await page.goto('/report');
  await expect(figure(page, 'Net sales')).toHaveText('₦7,000.00');
  await expect(figure(page, 'Orders')).toHaveText('2');
  await expect(figure(page, 'Average order value')).toHaveText('₦3,500.00');
  const totals = page.getByTestId('sales-report-totals');
  await expect(totals).toContainText('₦7,000.00');
  await expect(page.locator('.recharts-surface')).toBeVisible();
  await expectAccessible(page, '/report');
  let csv = await exportedCsv(page);
  let last = csv.at(-1)!;
  expect(last[0]).toBe('Total');
  expect(column(csv, 'Net sales', last)).toBe('7000.00');
  expect(column(csv, 'Orders', last)).toBe('2');
  expect(column(csv, 'Gross sales', last)).toBe('7000.00');

  // Sales by item: Milo 3 for ₦4,500, Peak 1 for ₦2,500.
  await page.getByRole('tab', { name: 'Sales by item' }).click();
  const items = page.getByRole('table', { name: 'Sales by item' });
  await expect(items.getByRole('row').nth(1)).toContainText('Milo 500g');
  await expect(page.getByTestId('sales-by-item-totals')).toContainText('₦7,000.00');
  await expect(page.getByTestId('sales-by-item-totals').getByRole('cell').nth(1)).toHaveText('4');
  csv = await exportedCsv(page);
  last = csv.at(-1)!;
  expect(last[0]).toBe('Total');
  expect(column(csv, 'Quantity', last)).toBe('4');
  expect(column(csv, 'Revenue', last)).toBe('7000.00');
  expect(csv.slice(1, -1).map((r) => r[0])).toEqual(['Milo 500g', 'Peak Milk 400g']);

  // Sales transactions: both orders, their sum, and the same in the CSV.
  await page.getByRole('tab', { name: 'Sales transactions' }).click();
  await expect(page.getByTestId('transactions-totals')).toContainText('2 orders');
  await expect(page.getByTestId('transactions-totals')).toContainText('₦7,000.00');
  csv = await exportedCsv(page);
  last = csv.at(-1)!;
  expect(last[0]).toBe('Total');
  expect(column(csv, 'Amount', last)).toBe('7000.00');
  // Both sales were paid in full: all of it under Paid, nothing under Unpaid (decision 0059).
  expect(column(csv, 'Paid', last)).toBe('7000.00');
  expect(column(csv, 'Unpaid', last)).toBe('0.00');
  expect(csv.slice(1, -1)).toHaveLength(2);

  // Payments received over any range, not only a named period: the last 30 days, and the CSV.
  await page.getByLabel('Period').selectOption('last_30');
  await page
    .locator('label')
    .filter({ hasText: /^Payments$/ })
    .click();
  await expect(page.getByTestId('transactions-totals')).toContainText('2 payments');
  await expect(page.getByTestId('transactions-totals')).toContainText('₦7,000.00');
  csv = await exportedCsv(page);
  last = csv.at(-1)!;
  expect(last[1]).toBe('2 payments');
  expect(column(csv, 'Amount', last)).toBe('7000.00');

  // Printing keeps the report and drops the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Sales transactions' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});
