import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createMerchant, field, signIn, toast } from './support';

test('a product with a generated barcode, found by scanning, its stock adjusted with history @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/inventory/products');
  await expect(page.getByText('No products yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page).toHaveURL(/\/inventory\/products\/create$/);

  // The form names what is missing next to the field.
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expect(page.getByText('Price is required')).toBeVisible();

  await field(page, 'Product name').fill('Golden Penny Semovita 1kg');
  await field(page, 'Price').fill('1,850');
  await field(page, 'Cost price').fill('1500');
  await field(page, 'Opening stock').fill('12');
  await field(page, 'Low-stock threshold').fill('4');
  await page.getByRole('textbox', { name: 'New category' }).fill('Grains');
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'Category “Grains” created')).toBeVisible();
  await page.getByRole('button', { name: 'Generate' }).click();
  const barcode = await field(page, 'Barcode').inputValue();
  expect(barcode).toMatch(/^2\d{12}$/);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/inventory\/products\/[0-9a-f-]+$/);
  const productUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Golden Penny Semovita 1kg' })).toBeVisible();
  await expect(page.getByRole('img', { name: `EAN-13 barcode ${barcode}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print label' })).toBeVisible();

  // A scanner types the code into the list's search box and presses Enter.
  await page.goto('/inventory/products');
  await expect(page.getByRole('table', { name: 'Products' })).toContainText('Golden Penny Semovita 1kg');
  await expect(page.getByRole('table', { name: 'Products' })).toContainText('Grains');
  const scan = page.getByRole('textbox', { name: 'Search or scan' });
  await scan.fill(barcode);
  await scan.press('Enter');
  await expect(page).toHaveURL(productUrl);

  // Damage takes stock away, with its reason in the history.
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Damaged' }).click();
  await dialog.getByRole('textbox', { name: 'Units' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Torn bags');
  await expect(dialog.getByText('12 in stock now → 9 after (-3)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(toast(page, 'Stock adjusted: 9 in stock')).toBeVisible();
  const history = page.getByRole('table', { name: 'Stock history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('Damaged');
  await expect(history.locator('tbody tr').first()).toContainText('-3');
  await expect(history.locator('tbody tr').first()).toContainText('12 → 9');
  await expect(history.locator('tbody tr').first()).toContainText('Torn bags');
  await expect(history.locator('tbody tr').nth(1)).toContainText('Opening stock');

  // A count sets what is on the shelf; going to the threshold makes it low stock.
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await dialog.getByRole('textbox', { name: 'Counted quantity' }).fill('4');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(toast(page, 'Stock adjusted: 4 in stock')).toBeVisible();
  await expect(history.locator('tbody tr')).toHaveCount(3);
  await expect(history.locator('tbody tr').first()).toContainText('Stock count');
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible();
});

test('low stock reorders from the last vendor and shows incoming units @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const product = (
    await (
      await request.post('/api/v1/product/create', {
        headers,
        data: { name: 'Milo 500g', price: 250000, quantity: 2, low_stock_threshold: 5 },
      })
    ).json()
  ).data;
  const vendor = (await (await request.post('/api/v1/vendor', { headers, data: { name: 'Nestlé' } })).json())
    .data;
  const po = await request.post('/api/v1/purchase_order', {
    headers,
    data: {
      vendor_id: vendor.id,
      status: 'issued',
      items: [{ product_id: product.id, quantity: 24, unit_cost: 180000 }],
    },
  });
  expect(po.status(), await po.text()).toBe(201);
  await signIn(page, merchant.email);

  await page.goto(`/inventory/products/${product.id}`);
  await expect(page.getByLabel('Units incoming')).toHaveText('24 units incoming');
  await expect(page.getByRole('link', { name: 'PO-000001' })).toBeVisible();
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(toast(page, 'Draft PO-000002 started')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/orders\/[0-9a-f-]+$/);
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Draft$/ })).toBeVisible();
});

test('importing products with one bad row reports that row and imports the rest @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  await page.goto('/inventory/products');
  await page.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  const csv = [
    'name,sku,barcode,price,sale_price,cost_price,quantity,track_stock,low_stock_threshold,unit,categories,description,status',
    'Peak Milk 400g,PEAK-400,,3900.00,,3200,24,yes,5,tin,Dairy,,active',
    'Broken Row,,,not-a-price,,,3,yes,5,piece,,,active',
    'Indomie Chicken 70g,INDO-70,,250,,,100,yes,20,pack,Noodles,,active',
  ].join('\n');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText(/Imported products: 2 created/)).toBeVisible();
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.locator('tbody tr')).toHaveCount(1);
  // Line 3 of the file (the header is line 1), its column and the reason, cell by cell.
  await expect(rejected.locator('tbody tr').first().locator('td')).toHaveText([
    '3',
    'price',
    'Price must be an amount like 1500 or 1500.50',
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table).toContainText('Peak Milk 400g');
  await expect(table).toContainText('Indomie Chicken 70g');
  await expect(table).not.toContainText('Broken Row');

  // The export has the import's columns, so an edited export imports back.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain('name,sku,barcode,price');
  expect(exported).toMatch(/Peak Milk 400g,PEAK-400,\d{13},3900\.00/);
});

test('a customer is added, edited, blocked and unblocked @engine', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);

  await page.goto('/sales/customers');
  await expect(page.getByText('No customers yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add customer' }).first().click();
  await expect(page).toHaveURL(/\/sales\/customers\/create$/);
  await field(page, 'First name').fill('Bisi');
  await field(page, 'Last name').fill('Adeyemi');
  await field(page, 'Phone number').fill('0803');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText(/Enter a valid phone number/)).toBeVisible();
  await field(page, 'Phone number').fill('+2348031234567');
  await field(page, 'Email').fill('bisi@example.ng');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(page, 'Customer added succefully')).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/customers\/[0-9a-f-]+$/);
  const customerUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Bisi Adeyemi' })).toBeVisible();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' }).first()).toHaveAttribute(
    'href',
    `/sales/orders/generate?customer=${customerUrl.split('/').pop()}`,
  );

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/sales\/customers\/edit\//);
  await field(page, 'Last name').fill('Adeyemi-Okafor');
  await field(page, 'City').fill('Ikeja');
  await page.getByRole('button', { name: 'Save customer' }).click();
  await expect(toast(page, 'Customer updated successfully!!')).toBeVisible();
  await expect(page).toHaveURL(customerUrl);
  await expect(page.getByRole('heading', { name: 'Bisi Adeyemi-Okafor' })).toBeVisible();
  await expect(page.getByText('Ikeja')).toBeVisible();

  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block customer' }).click();
  await expect(toast(page, 'Customer blocked')).toBeVisible();
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Blocked$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);

  // The list shows the status and filters by it; the details route without an id shows the last customer.
  await page.goto('/sales/customers?filter=blocked');
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('Bisi Adeyemi-Okafor');
  await page.goto('/sales/customers/details');
  await expect(page.getByRole('heading', { name: 'Bisi Adeyemi-Okafor' })).toBeVisible();

  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(toast(page, 'Customer unblocked')).toBeVisible();
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Active$/ })).toBeVisible();
});
