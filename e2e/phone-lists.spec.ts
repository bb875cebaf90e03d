import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMerchant, signIn, type Merchant } from './support';

// Issue 31: below the `sm` breakpoint every list is a card per row. At 390 × 844 each list's
// cards keep their name, key figure, badges and lines inside the screen, the page does not
// scroll sideways, a card opens its record, and the bulk action is reachable.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.PHONE_LISTS_SHOTS;

/** One of each listed record, made through the API. */
async function shop(request: APIRequestContext, merchant: Merchant) {
  const headers = { Authorization: merchant.token };
  const create = async (url: string, data: object, status = 201) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  const milo = await create('/api/v1/product/create', {
    name: 'Milo 500g',
    price: 150000,
    cost_price: 110000,
    quantity: 30,
  });
  await create('/api/v1/product/create', { name: 'Peak Milk 400g', price: 250000, quantity: 2 });
  const customer = await create('/api/v1/customers/create', {
    first_name: 'Adaeze',
    last_name: 'Nwosu',
    phone_number: '+2348031234567',
    email_address: 'adaeze@example.ng',
  });
  await create('/api/v1/discounts', {
    name: 'Weekend sale',
    code: 'WEEKEND10',
    type: 'percentage',
    value: 10,
  });
  const order = await create('/api/v1/order', {
    customer_id: customer.id,
    items: [{ product_id: milo.id, quantity: 4 }],
    payment_type: 'bank_transfer',
    amount_received: 0,
  });
  // A paid sale at the till, for the dashboard's top products.
  await create('/api/v1/order', {
    items: [{ product_id: milo.id, quantity: 1 }],
    payment_type: 'cash',
    amount_received: 150000,
    channel: 'pos',
  });
  const payment = await create('/api/v1/payment_received/add_payment', {
    order_id: order.id,
    amount: 200000,
    payment_mode: 'cash',
    reference: 'Counter',
  });
  const vendor = await create('/api/v1/vendor', { name: 'Nestlé Nigeria' });
  const purchaseOrder = await create('/api/v1/purchase_order', {
    vendor_id: vendor.id,
    status: 'issued',
    items: [{ product_id: milo.id, quantity: 24, unit_cost: 110000 }],
  });
  // The wallet with one deposit (the sandbox provider).
  await create('/api/v1/wallet', {}, 200);
  await create('/api/v1/wallet/sandbox/deposit', { amount: 5_000_000, payer_name: 'Ade Stores' });
  return { milo, customer, order, payment, vendor, purchaseOrder };
}

/** The page fits the phone: nothing scrolls sideways. */
async function fitsSideways(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The list of cards named `name`: no table; each card's parts (name, figure, badges, lines) lie
 * inside the screen's width; the figures named are on a card; the page fits; axe finds nothing
 * serious.
 */
async function cardsFit(page: Page, where: string, name: string, figures: string[] = []) {
  const list = page.getByRole('list', { name, exact: true });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name, exact: true })).toHaveCount(0);
  for (const figure of figures) {
    await expect(list.locator('[data-card-part="figure"]').filter({ hasText: figure }).first()).toBeVisible();
  }
  const parts = await list.locator('[data-card-part]').evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        part: (e as HTMLElement).dataset.cardPart,
        text: e.textContent,
        left: r.x,
        right: r.x + r.width,
      };
    }),
  );
  expect(parts.length, `${where}: the cards have no parts`).toBeGreaterThan(0);
  for (const p of parts) {
    expect(p.left, `${where}: ${p.part} "${p.text}" starts off screen`).toBeGreaterThanOrEqual(0);
    expect(p.right, `${where}: ${p.part} "${p.text}" ends off screen`).toBeLessThanOrEqual(PHONE.width);
  }
  await fitsSideways(page, where);
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.html + ' ' + n.failureSummary).join(', ')}`,
    ),
    where,
  ).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    const file = where.replace(/[^\w-]+/g, '_');
    await page.screenshot({ path: `${SHOTS}/${file}-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('table', { name, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${file}-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(list).toBeVisible();
  }
}

test('the product and sales lists are cards at 390 px, a card opens its record, the bulk archive is reachable @engine', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const merchant = await createMerchant(request);
  const data = await shop(request, merchant);
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);

  // Products: the price and the stock on each card; selecting one shows the archive action.
  await page.goto('/inventory/products');
  await cardsFit(page, 'products', 'Products', ['₦1,500.00', '₦2,500.00']);
  const products = page.getByRole('list', { name: 'Products', exact: true });
  const milo = products.getByRole('listitem').filter({ hasText: 'Milo 500g' });
  await expect(milo.locator('[data-card-part="meta"]').filter({ hasText: 'In stock' })).toContainText(
    '25 / min 5',
  );
  await milo.getByRole('checkbox', { name: 'Select Milo 500g' }).check();
  const selected = page.getByRole('region', { name: 'Selected products' });
  await expect(selected).toContainText('1 selected');
  const archive = selected.getByRole('button', { name: 'Archive selected' });
  await expect(archive).toBeInViewport();
  const box = (await archive.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // Selecting did not open the product; the page's own checkbox selects the rest.
  await expect(page).toHaveURL(/\/inventory\/products$/);
  await page.getByRole('checkbox', { name: 'Select every product on this page' }).check();
  await expect(selected).toContainText('2 selected');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(selected).toHaveCount(0);
  // The filters are there on a phone too.
  await expect(page.getByRole('button', { name: /^Filter/ })).toBeInViewport();
  // A tap on the card opens the product.
  await milo.getByText('Milo 500g').click();
  await expect(page).toHaveURL(`/inventory/products/${data.milo.id}`);
  await cardsFit(page, 'product stock history', 'Stock history', ['+30', '-4']);

  await page.goto('/sales/orders');
  await cardsFit(page, 'orders', 'Orders', ['₦6,000.00']);
  await page
    .getByRole('list', { name: 'Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Adaeze Nwosu' })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(`/sales/orders/details/${data.order.id}`);
  await cardsFit(page, 'order lines', 'Order lines', ['₦6,000.00']);
  await cardsFit(page, 'order payments', 'Payments', ['₦2,000.00']);

  await page.goto('/sales/customers');
  await cardsFit(page, 'customers', 'Customers');
  await page.getByRole('button', { name: 'Adaeze Nwosu' }).click();
  await expect(page).toHaveURL(`/sales/customers/${data.customer.id}`);
  await fitsSideways(page, 'customer details');

  await page.goto('/sales/discounts');
  await cardsFit(page, 'discounts', 'Discounts', ['10%']);
});

test('the purchasing, wallet, team and overview lists are cards at 390 px, each opening its record @engine', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const merchant = await createMerchant(request);
  const data = await shop(request, merchant);
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);

  await page.goto('/purchase/vendors');
  await cardsFit(page, 'vendors', 'Vendors');
  await page.getByRole('button', { name: /Nestlé Nigeria/ }).click();
  await expect(page).toHaveURL(`/purchase/vendors/details/${data.vendor.id}`);
  await cardsFit(page, 'vendor purchase orders', 'Purchase orders of this vendor', ['₦26,400.00']);

  await page.goto('/purchase/orders');
  await cardsFit(page, 'purchase orders', 'Purchase orders', ['₦26,400.00']);
  await page.getByRole('list', { name: 'Purchase orders', exact: true }).getByRole('button').first().click();
  await expect(page).toHaveURL(`/purchase/orders/${data.purchaseOrder.id}`);
  await cardsFit(page, 'purchase order lines', 'Lines', ['₦26,400.00']);
  // Receiving on a phone: the dialog takes the screen, a line per product, the count typed in a
  // box a thumb can reach, Receive on screen.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  const receive = page.getByRole('dialog', { name: /Receive stock on/ });
  const count = receive.getByRole('textbox', { name: 'Received now of Milo 500g' });
  await count.fill('10');
  const confirm = receive.getByRole('button', { name: 'Receive 10 unit(s)' });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  expect((await receive.boundingBox())!.width).toBe(PHONE.width);
  await fitsSideways(page, 'receive stock');
  await confirm.click();
  await expect(receive).toBeHidden();
  await expect(page.getByText('Stock received')).toBeVisible();

  await page.goto('/purchase/payments-received');
  await cardsFit(page, 'payments received', 'Payments received', ['₦2,000.00']);
  await page
    .getByRole('list', { name: 'Payments received', exact: true })
    .getByRole('button')
    .first()
    .click();
  await expect(page).toHaveURL(`/purchase/payments-received/${data.payment.id}`);
  await fitsSideways(page, 'payment');

  await page.goto(`/invoice?order=${data.order.id}`);
  await cardsFit(page, 'invoice lines', 'Invoice lines', ['₦6,000.00']);

  await page.goto('/wallet');
  await cardsFit(page, 'wallet transactions', 'Wallet transactions', ['₦50,000.00']);

  // The overview screens' short lists: a card per row, the record's link its name.
  await page.goto('/home');
  await cardsFit(page, 'home recent orders', 'Recent orders', ['₦6,000.00']);
  await page.goto('/dashboard');
  await cardsFit(page, 'dashboard top products', 'Top products');

  await page.goto('/settings/team');
  await cardsFit(page, 'team', 'Team members');
});

test('the settings, developer and store lists fit a 390 px screen too', async ({ page, request }) => {
  test.setTimeout(240_000);
  const merchant = await createMerchant(request);
  // A change in the audit log and a stored rate: lists with a row.
  const res = await request.post('/api/v1/product/create', {
    headers: { Authorization: merchant.token },
    data: { name: 'Milo 500g', price: 150000, quantity: 30 },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);
  const screens: [string, string | null][] = [
    ['/settings/audit-log', 'Audit log'],
    ['/settings/roles', null],
    ['/settings/tax', null],
    ['/settings/shipping', null],
    ['/store', null],
    ['/developers', null],
    ['/developers/webhooks', null],
    ['/report', null],
  ];
  for (const [url, list] of screens) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    if (list) await cardsFit(page, url, list);
    // Whatever cards the screen has lie inside the screen, and the page does not scroll sideways.
    const outside = await page.locator('[data-card-part]').evaluateAll((elements) =>
      elements
        .map((e) => ({ text: e.textContent, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.x < 0 || r.x + r.width > 390)
        .map(({ text }) => text),
    );
    expect(outside, `${url}: card parts off screen`).toEqual([]);
    await fitsSideways(page, url);
  }
});

test('the reports are cards at 390 px, each with its totals on screen', async ({ page, request }) => {
  test.setTimeout(240_000);
  const merchant = await createMerchant(request);
  await shop(request, merchant);
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);
  const reports: [string, string, string][] = [
    ['/report', 'Sales report', 'sales-report-totals'],
    ['/report?tab=items', 'Sales by item', 'sales-by-item-totals'],
    ['/report?tab=transactions', 'Sales transactions', 'transactions-totals'],
  ];
  for (const [url, list, totals] of reports) {
    await page.goto(url);
    await cardsFit(page, url, list);
    // The totals too: a card of their own after the rows, every figure inside the screen.
    const card = page.getByTestId(totals);
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // The transactions' card names the sale by its number, its amount top right.
  await expect(
    page.getByRole('list', { name: 'Sales transactions' }).locator('[data-card-part="figure"]').first(),
  ).toHaveText(/₦/);
  await expect(page.getByTestId('transactions-totals')).toContainText('2 orders');
});
