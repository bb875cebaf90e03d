import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createCashSale, createMerchant, createProduct, signIn } from './support';

// Issue 32: the reports screen's "By payment type" and "By cashier" tabs, their CSV, and the
// tab strip and cards at a phone's width.

const PHONE = { width: 390, height: 844 };

/** The CSV a click on Export CSV downloads, as rows of cells (the BOM dropped). */
async function exportedCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  // No cell here holds a comma or a quote (plain names, money without separators).
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}

test('reports: takings by payment type and sales by cashier, on screen, in CSV and on a phone @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const milo = await createProduct(request, merchant, 'Milo 500g', 150000, 20);
  // Two cash sales (₦1,500 and ₦3,000) and one on the POS terminal (₦1,500).
  await createCashSale(request, merchant, [{ product_id: milo.id, quantity: 1 }], 150000);
  await createCashSale(request, merchant, [{ product_id: milo.id, quantity: 2 }], 300000);
  const pos = await request.post('/api/v1/order', {
    headers: { Authorization: merchant.token },
    data: {
      items: [{ product_id: milo.id, quantity: 1 }],
      payment_type: 'pos_terminal',
      amount_received: 150000,
      channel: 'pos',
    },
  });
  expect(pos.status(), await pos.text()).toBe(201);

  await signIn(page, merchant.email);
  await page.goto('/report');
  await page.getByRole('tab', { name: 'By payment type' }).click();
  await expect(page).toHaveURL(/tab=payment-types/);
  const types = page.getByRole('table', { name: 'Takings by payment type' });
  await expect(types.getByRole('row').nth(1)).toContainText('Cash');
  await expect(types.getByRole('row').nth(1)).toContainText('₦4,500.00');
  await expect(types.getByRole('row').nth(2)).toContainText('POS terminal');
  await expect(page.getByTestId('payment-types-totals')).toContainText('₦6,000.00');
  let csv = await exportedCsv(page);
  expect(csv[0]).toEqual(['Payment type', 'Received', 'Payments', 'Paid back', 'Refunds', 'Net']);
  expect(csv[1]).toEqual(['cash', '4500.00', '2', '0.00', '0', '4500.00']);
  expect(csv.at(-1)).toEqual(['Total', '6000.00', '3', '0.00', '0', '6000.00']);

  await page.getByRole('tab', { name: 'By cashier' }).click();
  const members = page.getByRole('table', { name: 'Sales by cashier' });
  await expect(members.getByRole('row').nth(1)).toContainText('Chioma');
  await expect(members.getByRole('row').nth(1)).toContainText('₦6,000.00');
  await expect(page.getByTestId('cashiers-totals')).toContainText('₦2,000.00'); // average sale
  csv = await exportedCsv(page);
  expect(csv[0]).toEqual([
    'Member',
    'Orders',
    'Sales total',
    'Received',
    'Refunds',
    'Discounts',
    'Average sale',
  ]);
  expect(csv[1]!.slice(1)).toEqual(['3', '6000.00', '6000.00', '0.00', '0.00', '2000.00']);
  expect(csv.at(-1)![0]).toBe('Total');

  // A phone: a card per row, the tab strip scrolls inside itself, the page never sideways.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('cashiers-totals')).toBeVisible();
  await expect(page.getByText('Chioma Obi', { exact: true }).filter({ visible: true })).toBeVisible();
  // The tab strip wraps: every tab inside the screen, each label on one line.
  const tabs = page.getByRole('tablist');
  for (const tab of await page.getByRole('tab').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeLessThan(60);
  }
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  await expect(tabs).toBeVisible();
  await page.getByRole('tab', { name: 'By payment type' }).click();
  await expect(page.getByTestId('payment-types-totals')).toContainText('₦6,000.00');
  if (process.env.TAKINGS_SHOTS) {
    await page.screenshot({ path: `${process.env.TAKINGS_SHOTS}/payment-types-phone.png`, fullPage: true });
  }
});
