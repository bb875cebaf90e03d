import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { goOffline, goOnline, offlineSaleNumber, openTillOnline } from './offline-support';
import { createMerchant, type Merchant } from './support';

/**
 * A customer added at the till with no network (issue 20, decision 0036): checked on the device
 * with the contract's schema, sold to at once, and on the way back sent once before the sales for
 * them. "No network" is as in offline-till.spec.ts: the context offline and `/api/` aborted.
 */

async function product(request: APIRequestContext, m: Merchant, name: string, price: number) {
  const res = await request.post('/api/v1/product/create', {
    headers: { Authorization: m.token },
    data: { name, price, quantity: 20 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; barcode: string };
}

async function customer(
  request: APIRequestContext,
  m: Merchant,
  data: { first_name: string; last_name: string; phone_number: string; email_address?: string },
) {
  const res = await request.post('/api/v1/customers/create', { headers: { Authorization: m.token }, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string };
}

type CustomerRow = { id: string; full_name: string; phone_number: string; email_address: string | null };
type OrderRow = { id: string; customer_id: string | null; offline_number: string | null; total: number };

async function customersOf(request: APIRequestContext, m: Merchant): Promise<CustomerRow[]> {
  const res = await request.get('/api/v1/customers/paginated-results?perPage=50', {
    headers: { Authorization: m.token },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as CustomerRow[];
}

async function ordersOf(request: APIRequestContext, m: Merchant): Promise<OrderRow[]> {
  const res = await request.get('/api/v1/order?perPage=50', { headers: { Authorization: m.token } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as OrderRow[];
}

/** Fills the till's "New customer" form and sends it. */
async function addCustomer(
  page: Page,
  values: { first: string; last: string; phone: string; email?: string },
) {
  await page.getByRole('button', { name: 'New customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await dialog.getByLabel('First name').fill(values.first);
  await dialog.getByLabel('Last name').fill(values.last);
  await dialog.getByLabel('Phone number').fill(values.phone);
  if (values.email) await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  return dialog;
}

async function sellOne(page: Page, barcode: string) {
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  await scan.focus();
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Cart' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Complete sale/ })).toBeEnabled();
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sale saved offline' });
  await expect(dialog).toBeVisible();
  return offlineSaleNumber(page);
}

/** Puts everything this till sent back in its queue, as if the answers had been lost. */
async function forgetAnswers(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tillbook-till');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['sales', 'newCustomers'], 'readwrite');
          for (const name of ['sales', 'newCustomers'] as const) {
            const cursor = tx.objectStore(name).openCursor();
            cursor.onsuccess = () => {
              const c = cursor.result;
              if (!c) return;
              c.update({ ...c.value, state: 'queued' });
              c.continue();
            };
          }
          tx.oncomplete = () => {
            db.close();
            new BroadcastChannel('tillbook-sales').postMessage('changed');
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

test('offline: add a customer, sell to them; back online one customer and one order for them, and a second replay makes no duplicate @engine', async ({
  page,
  context,
  request,
}) => {
  const merchant = await createMerchant(request);
  const milo = await product(request, merchant, 'Milo 500g', 150000);
  await openTillOnline(page, merchant.email);

  // The network goes; the till is opened again from the service worker's cache.
  await goOffline(context);
  await page.reload();
  const bar = page.getByLabel('Till connection');
  await expect(bar.getByText('Offline', { exact: true })).toBeVisible();

  // The form checks the fields offline as the server would: a phone number that is not one.
  const form = await addCustomer(page, { first: 'Chidi', last: 'Okeke', phone: '0803 12' });
  await expect(form.getByText(/Enter a valid phone number/)).toBeVisible();
  await form.getByLabel('Phone number').fill('0803 123 4567');
  await form.getByRole('button', { name: 'Add customer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Chidi Okeke is saved on this till')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Chidi Okeke · 08031234567');

  const number = await sellOne(page, milo.barcode);
  await expect(page.getByTestId('queued-sales')).toHaveText(
    '1 sale waiting to be sent · 1 new customer waiting',
  );
  // Offline, the customer is found in the till's copy for the next sale.
  await page.getByRole('combobox', { name: 'Customer' }).fill('Chidi');
  await expect(page.getByRole('option', { name: 'Chidi Okeke · 08031234567' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await customersOf(request, merchant)).toEqual([]);

  await goOnline(context);
  await expect(page.getByTestId('queued-sales')).toHaveText('No sales waiting', { timeout: 30_000 });
  const customers = await customersOf(request, merchant);
  expect(customers.map((c) => [c.full_name, c.phone_number])).toEqual([['Chidi Okeke', '08031234567']]);
  const orders = await ordersOf(request, merchant);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ customer_id: customers[0]!.id, offline_number: number, total: 150000 });

  // The answers were lost: the till sends the customer and the sale again, with the same keys.
  await forgetAnswers(page);
  await expect(page.getByTestId('queued-sales')).toHaveText(
    '1 sale waiting to be sent · 1 new customer waiting',
  );
  await bar.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByTestId('queued-sales')).toHaveText('No sales waiting', { timeout: 30_000 });
  expect(await customersOf(request, merchant)).toHaveLength(1);
  const again = await ordersOf(request, merchant);
  expect(again).toHaveLength(1);
  expect(again[0]!.customer_id).toBe(customers[0]!.id);
});

test('offline: a phone or email that already belongs to a customer puts the sale on that customer, and says so', async ({
  page,
  context,
  request,
}) => {
  const merchant = await createMerchant(request);
  const peak = await product(request, merchant, 'Peak Milk 400g', 250000);
  // Known to the till's copy.
  const ngozi = await customer(request, merchant, {
    first_name: 'Ngozi',
    last_name: 'Eze',
    phone_number: '08035550101',
  });
  await openTillOnline(page, merchant.email);
  await goOffline(context);
  await page.reload();

  // The till's copy has this phone number: the customer is Ngozi, nobody new is queued.
  await addCustomer(page, { first: 'Ngozi', last: 'E.', phone: '08035550101' });
  await expect(
    page.getByText('The phone number 08035550101 already belongs to Ngozi Eze: this sale is for them.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Ngozi Eze · 08035550101');
  const first = await sellOne(page, peak.barcode);

  // Added by another till while this one is offline: the till cannot know.
  const bola = await customer(request, merchant, {
    first_name: 'Bola',
    last_name: 'Ade',
    phone_number: '08035550202',
    email_address: 'bola@example.ng',
  });
  await addCustomer(page, { first: 'Bolanle', last: 'Ade', phone: '08099990000', email: 'bola@example.ng' });
  await expect(page.getByText('Bolanle Ade is saved on this till')).toBeVisible();
  const second = await sellOne(page, peak.barcode);

  await goOnline(context);
  await expect(page.getByTestId('queued-sales')).toHaveText('No sales waiting', { timeout: 30_000 });
  // No customer was made: each sale is on the customer who had the phone or email.
  expect(await customersOf(request, merchant)).toHaveLength(2);
  const orders = await ordersOf(request, merchant);
  expect(orders.find((o) => o.offline_number === first)!.customer_id).toBe(ngozi.id);
  expect(orders.find((o) => o.offline_number === second)!.customer_id).toBe(bola.id);
  // The till says so beside the sale.
  await page.getByRole('button', { name: 'Offline sales' }).click();
  await expect(page.getByRole('table', { name: 'Offline sales' })).toContainText(
    `The email bola@example.ng already belongs to Bola Ade: the till's sales for "Bolanle Ade" are recorded for Bola Ade.`,
  );
});
