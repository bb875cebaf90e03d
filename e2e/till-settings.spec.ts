import { expect, test } from '@playwright/test';
import { createMerchant, signIn, toast } from './support';

test('settings: the till rules for offline sales are changed and kept after a reload', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/settings/till');
  const hours = page.getByRole('textbox', { name: /Hours a sale may wait offline/ });
  const sales = page.getByRole('textbox', { name: /Sales that may wait on one device/ });
  const hold = page.getByRole('radio', { name: /Hold the sale for a decision/ });
  const shifts = page.getByRole('switch', { name: /A shift must be open to sell at the till/ });
  // The defaults of decision 0036: 24 hours, 200 sales, stock may go below zero.
  await expect(hours).toHaveValue('24');
  await expect(sales).toHaveValue('200');
  await expect(page.getByRole('radio', { name: /let stock go below zero/ })).toBeChecked();
  // No shift asked for until the owner says so (issue 32).
  await expect(shifts).not.toBeChecked();

  // Out of range: the contract's sentence next to the field, nothing sent.
  await hours.fill('100');
  await page.getByRole('button', { name: 'Save till rules' }).click();
  await expect(page.getByText('Hours must be a whole number from 1 to 72')).toBeVisible();

  await hours.fill('12');
  await sales.fill('50');
  await hold.check();
  await shifts.check();
  await page.getByRole('button', { name: 'Save till rules' }).click();
  await expect(toast(page, 'Saved!!')).toBeVisible();

  await page.reload();
  await expect(hours).toHaveValue('12');
  await expect(sales).toHaveValue('50');
  await expect(hold).toBeChecked();
  await expect(shifts).toBeChecked();
  // The server keeps it: the till reads the same rules.
  const answer = await request.get('/api/v1/till/settings', { headers: { Authorization: merchant.token } });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data).toEqual({
    offline_max_hours: 12,
    offline_max_sales: 50,
    offline_stock_rule: 'hold_for_review',
    shift_required: true,
  });
});

test('an offline sale held for review is decided on its order: cancel clears it, accept without stock says what is short @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const rule = await request.put('/api/v1/till/settings', {
    headers,
    data: { offline_max_hours: 24, offline_max_sales: 200, offline_stock_rule: 'hold_for_review' },
  });
  expect(rule.status()).toBe(200);
  const created = await request.post('/api/v1/product/create', {
    headers,
    data: { name: 'Last Crate of Eggs', price: 500000, quantity: 1 },
  });
  const product = (await created.json()).data as { id: string };
  // Another till sold the last crate online; two sales made offline meanwhile arrive after it.
  const online = await request.post('/api/v1/order', {
    headers,
    data: { items: [{ product_id: product.id, quantity: 1 }], payment_type: 'cash', channel: 'pos' },
  });
  expect(online.status()).toBe(201);
  const held: Array<{ id: string; number: string }> = [];
  for (const n of [1, 2]) {
    const soldAt = new Date().toISOString();
    const sale = await request.post('/api/v1/order', {
      headers: { ...headers, 'Idempotency-Key': `held-${n}-${Date.now()}` },
      data: {
        items: [{ product_id: product.id, quantity: 1 }],
        payment_type: 'cash',
        channel: 'pos',
        amount_received: 500000,
        offline: {
          number: `OFF-E2ETIL-${n}`,
          sold_at: soldAt,
          catalogue_at: soldAt,
          unit_prices: [500000],
          total: 500000,
        },
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    held.push((await sale.json()).data);
  }
  await signIn(page, merchant.email);

  await page.goto('/sales/orders');
  const first = page.getByRole('row').filter({ hasText: held[0]!.number });
  await expect(first.getByText('Needs a decision')).toBeVisible();

  // Cancel the first: confirmed in a dialog, then the order is cancelled and decided.
  await page.goto(`/sales/orders/details/${held[0]!.id}`);
  const box = page.getByRole('alert').filter({ hasText: 'Sold offline as OFF-E2ETIL-1: needs a decision' });
  await expect(box).toContainText('no stock was taken for this sale until you decide');
  await box.getByRole('button', { name: 'Cancel sale' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this offline sale?' });
  await confirm.getByRole('button', { name: 'Cancel sale' }).click();
  await expect(toast(page, 'Offline sale cancelled')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sold offline as OFF-E2ETIL-1: decided' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept sale' })).toHaveCount(0);

  // Accepting the second while the store has no crate left is refused, naming the product.
  await page.goto(`/sales/orders/details/${held[1]!.id}`);
  await page.getByRole('button', { name: 'Accept sale' }).click();
  await page
    .getByRole('dialog', { name: 'Accept this offline sale?' })
    .getByRole('button', { name: 'Accept sale' })
    .click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Last Crate of Eggs' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'needs a decision' })).toBeVisible();

  // On the list, the cancelled one no longer waits; the refused one still does.
  await page.goto('/sales/orders');
  await expect(page.getByRole('row').filter({ hasText: held[0]!.number })).not.toContainText(
    'Needs a decision',
  );
  await expect(
    page.getByRole('row').filter({ hasText: held[1]!.number }).getByText('Needs a decision'),
  ).toBeVisible();
});
