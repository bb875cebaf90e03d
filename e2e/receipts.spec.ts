import { expect, test, type Page } from '@playwright/test';
import { goOffline, goOnline, openTillOnline } from './offline-support';
import { createMerchant, createProduct, signIn, toastsGone } from './support';

const PHONE = { width: 390, height: 844 };

/** A sale for a customer with a Nigerian number, through the API: its id and the customer's number. */
async function saleForAda(request: Parameters<typeof createMerchant>[0], token: string) {
  const auth = { Authorization: token };
  const product = await createProduct(
    request,
    { token } as never,
    'Golden Penny Semovita 10kg',
    1_250_000,
    20,
  );
  const customer = await request.post('/api/v1/customers/create', {
    headers: auth,
    data: { first_name: 'Ada', last_name: 'Obi', phone_number: '0803 555 0142' },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const sale = await request.post('/api/v1/order', {
    headers: auth,
    data: {
      customer_id: (await customer.json()).data.id,
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'cash',
      amount_received: 2_500_000,
      channel: 'pos',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return (await sale.json()).data as { id: string; number: string };
}

/** Nothing on the page is wider than the phone. */
async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(PHONE.width);
}

test('a receipt shared on WhatsApp from a phone, and its page opened with no account @engine', async ({
  page,
  browser,
  request,
}) => {
  const merchant = await createMerchant(request, { businessName: 'Mama Nkechi Provisions' });
  const sale = await saleForAda(request, merchant.token);
  // wa.me is outside this machine: the popup's address is what matters.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);
  await page.goto(`/invoice?order=${sale.id}`);
  await toastsGone(page);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  const wa = new URL(chat.url());
  expect(wa.pathname).toBe('/2348035550142');
  const text = wa.searchParams.get('text')!;
  expect(text).toContain('Mama Nkechi Provisions');
  const link = /https?:\/\/\S+\/api\/v1\/r\/[\w-]+\.[\w-]+/.exec(text)![0];
  await chat.close();

  // The customer's phone: no session, 390 px wide.
  const stranger = await browser.newContext({ viewport: PHONE });
  const receipt = await stranger.newPage();
  const res = await receipt.goto(link);
  expect(res!.status()).toBe(200);
  expect((await res!.body()).length).toBeLessThan(50 * 1024);
  await expect(receipt.getByRole('heading', { name: 'Mama Nkechi Provisions' })).toBeVisible();
  await expect(receipt.getByText('Golden Penny Semovita 10kg')).toBeVisible();
  await expect(receipt.getByText('₦25,000.00').first()).toBeVisible();
  await expect(receipt.getByText(sale.number)).toBeVisible();
  await noSidewaysScroll(receipt);
  // One character changed: not found.
  const broken = await receipt.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  expect(broken!.status()).toBe(404);
  await stranger.close();
});

test('the receipt page at 58 mm, and a test print to a serial printer @engine', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const sale = await saleForAda(request, merchant.token);
  // A serial printer the page can reach: what the till writes to it is kept for the test to read.
  await page.addInitScript(() => {
    const printed: number[] = [];
    (window as unknown as { printed: number[] }).printed = printed;
    const port = {
      getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
      open: async () => undefined,
      close: async () => undefined,
      readable: null,
      writable: new WritableStream<Uint8Array>({ write: (chunk) => void printed.push(...chunk) }),
    };
    Object.defineProperty(navigator, 'serial', {
      value: {
        requestPort: async () => port,
        getPorts: async () => [port],
        addEventListener: () => undefined,
      },
    });
  });
  await signIn(page, merchant.email);

  await page.goto(`/print/receipt?order=${sale.id}&paper=58`);
  const paper = page.getByTestId('thermal-paper');
  await expect(paper).toContainText('Golden Penny Semovita 10kg');
  // The page prints through the browser: the naira sign prints.
  await expect(paper).toContainText('₦25,000.00');
  // 58 mm at the screen's 96 dots an inch.
  expect(Math.round((await paper.boundingBox())!.width)).toBe(Math.round((58 / 25.4) * 96));
  const lines = (await paper.locator('pre').innerText()).split('\n');
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(32);

  await page.goto('/settings/till');
  // The owner's layout (the rules first, then the printer) once their record has come: choosing
  // the printer in the screen's first moments sometimes opened a list with only "Print page" in
  // full runs (not reproduced alone; see the session note of 2026-11-30).
  await expect(page.getByRole('heading', { level: 4 }).first()).toHaveText('Offline selling');
  await page.getByRole('combobox', { name: 'How the printer is connected' }).click();
  await page.getByRole('option', { name: /WebSerial/ }).click();
  await page.getByRole('button', { name: 'Test print' }).click();
  await expect(page.getByTestId('printer-status')).toHaveText('Test receipt sent to the printer.');
  const bytes = await page.evaluate(() => (window as unknown as { printed: number[] }).printed);
  const text = Buffer.from(bytes).toString('latin1');
  expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40]);
  expect(text).toContain('PRINTER TEST');
  expect(text).toContain('NGN 3,000.00');
});

test('after a sale at the till on a phone, the receipt goes to WhatsApp in one tap @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request, { businessName: 'Iya Basira Stores' });
  await createProduct(request, merchant, 'Peak Milk 400g', 250_000, 20);
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);
  await page.goto('/sales/orders/generate');
  await page
    .getByRole('region', { name: 'Quick products' })
    .getByRole('button', { name: /^Add Peak Milk 400g/ })
    .click();
  await page.getByRole('button', { name: /Charge ₦2,500/ }).click();
  await page.getByRole('button', { name: /Complete sale · ₦2,500/ }).click();
  const done = page.getByRole('dialog', { name: /Sale completed/ });
  await expect(done).toBeVisible();
  const popup = page.waitForEvent('popup');
  await done.getByRole('button', { name: 'WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  // A walk-in sale: WhatsApp asks whom to send it to; the message carries the receipt's link.
  const text = new URL(chat.url()).searchParams.get('text')!;
  expect(text).toContain('Iya Basira Stores');
  expect(text).toMatch(/\/api\/v1\/r\/[\w-]+\.[\w-]+/);
});

test("a payment reminder on WhatsApp from a customer's account, naming what they owe @engine", async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request, { businessName: 'Mama Nkechi Provisions' });
  const auth = { Authorization: merchant.token };
  const product = await createProduct(request, merchant, 'Indomie carton', 980_000, 20);
  const customer = await request.post('/api/v1/customers/create', {
    headers: auth,
    data: { first_name: 'Ngozi', last_name: 'Eze', phone_number: '0803 555 0177' },
  });
  const customerId = (await customer.json()).data.id as string;
  const limit = await request.put(`/api/v1/customers/${customerId}/credit_limit`, {
    headers: auth,
    data: { credit_limit: 5_000_000 },
  });
  expect(limit.status(), await limit.text()).toBe(200);
  const sale = await request.post('/api/v1/order', {
    headers: auth,
    data: {
      customer_id: customerId,
      items: [{ product_id: product.id, quantity: 2 }],
      payment_type: 'credit',
      channel: 'pos',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await page.setViewportSize(PHONE);
  await signIn(page, merchant.email);
  await page.goto(`/sales/customers/${customerId}?tab=account`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  const wa = new URL(chat.url());
  expect(wa.pathname).toBe('/2348035550177');
  expect(wa.searchParams.get('text')).toContain('you owe ₦19,600.00');
});

test('a sale made offline: its receipt is queued for WhatsApp and sent in one tap once the sale reaches the store', async ({
  page,
  context,
  request,
}) => {
  const merchant = await createMerchant(request, { businessName: 'Iya Basira Stores' });
  const auth = { Authorization: merchant.token };
  const rice = await createProduct(request, merchant, 'Mama Gold Rice 5kg', 900_000, 20);
  const customer = await request.post('/api/v1/customers/create', {
    headers: auth,
    data: { first_name: 'Ada', last_name: 'Obi', phone_number: '0803 555 0142' },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await openTillOnline(page, merchant.email);

  await goOffline(context);
  await page.getByRole('combobox', { name: 'Customer' }).fill('Ada');
  await page.getByRole('option', { name: /Ada Obi/ }).click();
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  await scan.fill(rice.barcode);
  await scan.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  const saved = page.getByRole('dialog', { name: 'Sale saved offline' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'WhatsApp when sent' }).click();
  await expect(saved.getByRole('status')).toContainText('Receipt queued for WhatsApp');
  await expect(saved.getByRole('status')).toContainText('08035550142');
  await saved.getByRole('button', { name: 'New sale' }).click();
  const bar = page.getByLabel('Till connection');
  await expect(page.getByTestId('queued-sales')).toHaveText('1 sale waiting to be sent');
  await expect(bar.getByLabel('Receipts ready to send')).toHaveCount(0);

  // Back online: the sale is sent, the till asks for its link, and one tap opens WhatsApp with it.
  await goOnline(context);
  await expect(page.getByTestId('queued-sales')).toHaveText('No sales waiting', { timeout: 30_000 });
  const ready = bar.getByLabel('Receipts ready to send');
  const send = ready.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(send).toBeVisible({ timeout: 30_000 });
  await expect(ready).toContainText('+2348035550142');
  const popup = page.waitForEvent('popup');
  await send.click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\/2348035550142\?/);
  const text = new URL(chat.url()).searchParams.get('text')!;
  expect(text).toContain('Iya Basira Stores');
  const link = text.match(/https?:\/\/\S+\/api\/v1\/r\/[\w-]+\.[\w-]+/)![0];
  await expect(ready).toHaveCount(0);

  // The link opens the receipt of the order the store made of the offline sale.
  const receipt = await request.get(link);
  expect(receipt.status()).toBe(200);
  expect(await receipt.text()).toContain('Mama Gold Rice 5kg');
});
