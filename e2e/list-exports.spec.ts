import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createMerchant, signIn } from './support';

/** The CSV the list's Export button downloads (from the server's export route, decision 0051). */
async function exported(page: Page, name: RegExp): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(name);
  return readFileSync(await download.path(), 'utf8');
}

test('a list reads its filters from the link with its route schema, and exports what it shows @engine', async ({
  page,
  request,
}) => {
  const m = await createMerchant(request);
  const headers = { Authorization: m.token };
  for (const data of [
    { name: 'Alpha Foods' },
    { name: 'Beta Oils', status: 'inactive' },
    { name: '=SUM(1+1)', status: 'inactive' },
  ]) {
    const res = await request.post('/api/v1/vendor', { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }
  const discount = await request.post('/api/v1/discounts', {
    headers,
    data: { name: 'Weekend', code: 'WEEKEND10', type: 'percentage', value: 10 },
  });
  expect(discount.status(), await discount.text()).toBe(201);

  await signIn(page, m.email);
  await page.goto('/purchase/vendors?status=inactive');
  const table = page.getByRole('table', { name: 'Vendors' });
  await expect(table).toContainText('Beta Oils');
  await expect(table).not.toContainText('Alpha Foods');
  await expect(page.getByText('Status: Inactive')).toBeVisible();
  const csv = await exported(page, /^vendors-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.startsWith('\uFEFFName,Company,Phone,Email,Open purchase orders,Status\r\n')).toBe(true);
  expect(csv).toContain('Beta Oils,,,,0,inactive');
  // Formula-like text is written as text, by the contract's one CSV rule.
  expect(csv).toContain(`"'=SUM(1+1)",,,,0,inactive`);
  expect(csv).not.toContain('Alpha Foods');

  // A value the route's schema refuses is left out: the whole list, and no chip.
  await page.goto('/purchase/vendors?status=gone');
  await expect(table).toContainText('Alpha Foods');
  await expect(table).toContainText('Beta Oils');
  await expect(page.getByText(/^Status: /)).toHaveCount(0);

  await page.goto('/sales/discounts');
  await expect(page.getByRole('table', { name: 'Discounts' })).toContainText('WEEKEND10');
  const discounts = await exported(page, /^discounts-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(discounts).toContain('Weekend,WEEKEND10,percentage,10,order,0.00,0,,,,active');

  // The orders list's export comes from the server too, with the list's filters.
  const product = await request.post('/api/v1/product/create', {
    headers,
    data: { name: 'Export rice', price: 150_000, quantity: 10 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const sale = await request.post('/api/v1/order', {
    headers,
    data: {
      items: [{ product_id: (await product.json()).data.id, quantity: 2 }],
      payment_type: 'cash',
      channel: 'pos',
      amount_received: 300_000,
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const number = (await sale.json()).data.number as string;
  await page.goto('/sales/orders?paymentState=paid');
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(number);
  const orders = await exported(page, /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(orders.startsWith('\uFEFFNumber,Items,Amount,Received,Outstanding,Customer')).toBe(true);
  expect(orders).toContain(`${number},2,3000.00,3000.00,0.00,Walk-in,`);
  expect(orders).toContain(',cash,paid,Completed,');
});
