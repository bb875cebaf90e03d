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
test('webhooks: endpoint, signed delivery of a sale, attempts, send again', async ({ page, request }) => {
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
      console.error(`Refused to: CSP ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await page.goto('/developers/reference');
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByRole('heading', { name: /Tillbook API/ })).toBeVisible({ timeout: 30_000 });
  // Routes of several areas, the webhooks' among them.
  await expect(reference.getByText('/webhooks/endpoints').first()).toBeAttached();
  await expect(reference.getByText('/order/{id}/refund').first()).toBeAttached();
  // Open one and try it with a pasted key: the request goes to the same origin.
  await reference.getByRole('button', { name: 'Authorize' }).click();
  await page
    .locator('.dialog-ux input[type="text"], .dialog-ux input[type="password"]')
    .first()
    .fill('sk_test_example');
  await page.locator('.dialog-ux').getByRole('button', { name: 'Authorize', exact: true }).click();
  await page.locator('.dialog-ux').getByRole('button', { name: 'Close' }).click();
  expect(violations).toEqual([]);
});
