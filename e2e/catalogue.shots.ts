import { expect, test } from '@playwright/test';
import { createMerchant, signIn, shoot } from './support';

test('screens, catalogue', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/v1${path}`, { headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()).data;
  };
  const dairy = await post('/product/category', { name: 'Dairy' });
  const grains = await post('/product/category', { name: 'Grains' });
  const items = [
    {
      name: 'Peak Milk Powder 400g',
      price: 390000,
      quantity: 40,
      category_ids: [dairy.id],
      low_stock_threshold: 10,
    },
    { name: 'Three Crowns Milk 160g', price: 70000, quantity: 3, category_ids: [dairy.id] },
    {
      name: 'Golden Penny Semovita 1kg',
      price: 185000,
      sale_price: 170000,
      quantity: 0,
      category_ids: [grains.id],
    },
    { name: 'Mama Gold Rice 5kg', price: 1200000, quantity: 18, category_ids: [grains.id] },
    { name: 'Gift Wrapping', price: 50000, track_stock: false },
  ];
  const products = [];
  for (const item of items) products.push(await post('/product/create', item));
  const customer = await post('/customers/create', {
    first_name: 'Bisi',
    last_name: 'Adeyemi',
    phone_number: '+2348031234567',
    email_address: 'bisi@example.ng',
    city: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
  });
  await post('/customers/create', {
    first_name: 'Emeka',
    last_name: 'Okafor',
    phone_number: '+2348051112222',
  });
  await post('/customers/auto-create', {});
  await post('/order', {
    customer_id: customer.id,
    payment_type: 'cash',
    channel: 'pos',
    items: [
      { product_id: products[0].id, quantity: 2 },
      { product_id: products[3].id, quantity: 1 },
    ],
    amount_received: 2_000_000,
  });
  await post('/order', {
    customer_id: customer.id,
    payment_type: 'cash',
    items: [{ product_id: products[1].id, quantity: 1 }],
  });
  const vendor = await post('/vendor', { name: 'Nestlé Distributors' });
  await post('/purchase_order', {
    vendor_id: vendor.id,
    status: 'issued',
    items: [{ product_id: products[1].id, quantity: 24, unit_cost: 55000 }],
  });
  await post(`/product/${products[1].id}/adjust-stock`, {
    quantity_change: -1,
    reason: 'damage',
    note: 'Dented tin',
  });

  await signIn(page, merchant.email);
  await page.goto('/inventory/products');
  await expect(page.getByRole('table', { name: 'Products' })).toContainText('Peak Milk Powder 400g');
  await shoot(page, 'products');
  await page.goto(`/inventory/products/${products[1].id}`);
  await expect(page.getByText('24 units incoming')).toBeVisible();
  await shoot(page, 'product');
  await page.goto('/inventory/products/create');
  await shoot(page, 'product-create');
  await page.goto('/inventory/products');
  await page.getByRole('button', { name: 'Import' }).first().click();
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,price,quantity\nIndomie Chicken 70g,250,100\nBroken Row,abc,3\n'),
    });
  await expect(page.getByRole('table', { name: 'Rejected rows' })).toBeVisible();
  await shoot(page, 'products-import');
  await page.keyboard.press('Escape');

  await page.goto('/sales/customers');
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('Bisi Adeyemi');
  await shoot(page, 'customers');
  await page.goto(`/sales/customers/${customer.id}`);
  await expect(page.getByRole('table', { name: 'Orders of this customer' })).toBeVisible();
  await shoot(page, 'customer-details');
  await page.goto(`/sales/customers/edit/${customer.id}`);
  await shoot(page, 'customer-edit');
});
