import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createMerchant, signIn, toastsGone, type Merchant } from './support';

/** A webhook receiver on 127.0.0.1 that keeps what arrives and answers 200. */
async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tillbook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A paid sale through the API, with the owner's session (signed in for the store). */
async function sell(request: APIRequestContext, merchant: Merchant): Promise<string> {
  const signIn = await request.post('/api/v1/user/signin', {
    data: { email: merchant.email, password: merchant.password },
  });
  const token = ((await signIn.json()) as { data: { userToken: string } }).data.userToken;
  const product = await request.post('/api/v1/product/create', {
    headers: { Authorization: token },
    data: { name: 'Jollof rice', price: 250_000, quantity: 20 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { data: { id: string } }).data.id;
  const order = await request.post('/api/v1/order', {
    headers: { Authorization: token },
    data: {
      items: [{ product_id: productId, quantity: 2 }],
      payment_type: 'cash',
      channel: 'pos',
      amount_received: 500_000,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return ((await order.json()) as { data: { number: string } }).data.number;
}

/** Issue 19: register an endpoint, make a sale, see its delivery on the screen and at the receiver, send again. */
test('webhooks: endpoint, signed delivery of a sale, attempts, send again @engine', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const merchant = await createMerchant(request);
    await signIn(page, merchant.email);
    await page.goto('/developers/webhooks');
    await expect(page.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill('Website order sync');
    await form.getByRole('checkbox', { name: 'payment.received' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The signing secret, shown once.
    const shown = page.getByRole('dialog', { name: 'Endpoint added: copy its signing secret' });
    const secret = (await shown.getByLabel('Signing secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByRole('article', { name: `Endpoint ${receiver.url}` });
    await expect(endpoint).toContainText('order.created');
    await expect(endpoint).toContainText('payment.received');
    await expect(endpoint).toContainText(secret.slice(0, 10));
    await expect(page.getByText(secret)).toHaveCount(0);

    const number = await sell(request, merchant);

    // The receiver gets both events, signed with the secret.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    for (const r of receiver.received) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['tillbook-signature']))!;
      expect(createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex')).toBe(v1);
    }
    const created = receiver.received.map((r) => JSON.parse(r.body)).find((e) => e.type === 'order.created');
    expect(created.data.number).toBe(number);

    // The screen shows the deliveries, delivered, with their attempt.
    const table = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect(table.locator('tbody tr')).toHaveCount(2, { timeout: 15_000 });
    await expect(table.locator('tbody tr').filter({ hasText: 'order.created' })).toContainText('Delivered', {
      timeout: 15_000,
    });
    await expect(table.locator('tbody tr').filter({ hasText: 'order.created' })).toContainText('HTTP 200');
    await toastsGone(page);
    await table.locator('tbody tr').filter({ hasText: 'order.created' }).getByText('order.created').click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await expect(detail.getByRole('table', { name: 'Attempts' }).locator('tbody tr')).toHaveCount(1);
    await expect(detail).toContainText(number);

    // Send again: the receiver gets the same body once more, and the attempt shows.
    await detail.getByRole('button', { name: /^Send again/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
    expect(JSON.parse(receiver.received[2]!.body).id).toBe(created.id);
    await expect(detail.getByRole('table', { name: 'Attempts' }).locator('tbody tr')).toHaveCount(2, {
      timeout: 15_000,
    });
  } finally {
    await receiver.close();
  }
});

test('webhooks screen at phone width: endpoint cards and the deliveries table fit', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, merchant.email);
  await page.goto('/developers/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('API reference: lists the routes with no CSP violations', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // The page's violation events reach the test through its console.
      // eslint-disable-next-line no-console
      console.error(
        `Refused to: CSP ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await page.goto('/developers/reference');
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByRole('heading', { name: /Tillbook API/ })).toBeVisible({ timeout: 30_000 });
  // Routes of several areas, the webhooks' among them.
  // Swagger UI renders the operations in view only (a virtual list) and puts zero-width spaces
  // in the paths it shows: each area is found with the tag filter, each operation by its
  // data-path, which keeps the path whole.
  const filter = reference.getByPlaceholder('Filter by tag');
  for (const [tag, path] of [
    ['webhooks', '/webhooks/endpoints'],
    ['webhooks', '/webhooks/deliveries/{id}/resend'],
    ['orders', '/order/{id}/refund'],
    ['products', '/product/create'],
  ] as const) {
    await filter.fill(tag);
    await expect(reference.locator(`[data-path="${path}"]`).first()).toBeAttached();
  }
  await filter.fill('');
  // Authorize with a pasted key, then try a route: the call goes to this origin with the key.
  await reference.getByRole('button', { name: 'Authorize' }).click();
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('input').first().fill('sk_test_example');
  await dialog.locator('.auth-btn-wrapper button.authorize').click();
  await dialog.locator('button.btn-done').click();
  await filter.fill('webhooks');
  const list = reference
    .locator('.opblock')
    .filter({ has: page.locator('[data-path="/webhooks/endpoints"]') });
  await list.filter({ hasText: 'GET' }).locator('.opblock-summary-control').click();
  await reference.getByRole('button', { name: 'Try it out' }).click();
  const sent = page.waitForRequest((r) => r.url().includes('/api/v1/webhooks/endpoints'));
  await reference.getByRole('button', { name: 'Execute' }).click();
  const call = await sent;
  expect(new URL(call.url()).origin).toBe(new URL(page.url()).origin);
  expect(call.headers()['authorization']).toBe('Bearer sk_test_example');
  await expect(reference.locator('.live-responses-table .response-col_status').first()).toBeVisible();
  expect(violations).toEqual([]);
});
