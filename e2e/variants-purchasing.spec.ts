import { expect, test, type APIRequestContext } from '@playwright/test';
import { createMerchant, signIn, toast, toastsGone, type Merchant } from './support';

/**
 * Issue 33 (decision 0064) on the purchasing side, at 390 × 844: a purchase order made on the
 * form with 2 cartons of milk (a product with a carton of 24) and 3 shirts in size M (a product
 * with sizes), issued, received on the details screen; the milk's stock goes up by 48 tins, the
 * M size's by 3, and the milk's cost per tin is the carton's cost over 24. Screenshots go to
 * E2E_SHOTS_DIR (default test-results/screenshots).
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

interface Variant {
  id: string;
  name: string;
  quantity: number;
  cost_price: number | null;
}

async function post<T>(request: APIRequestContext, m: Merchant, path: string, data: unknown) {
  const res = await request.post(`/api/v1${path}`, { headers: { Authorization: m.token }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).data as T;
}

async function productById(request: APIRequestContext, m: Merchant, id: string) {
  const res = await request.get(`/api/v1/product/${id}`, { headers: { Authorization: m.token } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: string; quantity: number; variants: Variant[] };
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('2 cartons and a size ordered on the form, received on the details screen: 48 tins and 3 shirts in stock @engine', async ({
    page,
    request,
  }) => {
    const m = await createMerchant(request);
    const vendor = await post<{ id: string }>(request, m, '/vendor', { name: 'Nestlé Distributors' });
    const milk = await post<{ id: string }>(request, m, '/product/create', {
      name: 'Peak Milk 400g',
      unit: 'tin',
      price: 150000,
      cost_price: 140000,
      quantity: 10,
      packs: [{ name: 'carton', factor: 24, price: 3400000 }],
    });
    const shirt = await post<{ id: string }>(request, m, '/product/create', {
      name: 'Ankara Shirt',
      price: 1200000,
      cost_price: 600000,
      options: [{ name: 'Size', values: ['S', 'M'] }],
    });
    const before = await productById(request, m, shirt.id);
    const sizeM = before.variants.find((v) => v.name === 'M')!;

    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await page.goto(`/purchase/create?vendor=${vendor.id}`);
    await expect(page.getByRole('combobox', { name: 'Vendor' })).toHaveValue('Nestlé Distributors');

    // The milk, by the carton: its cost is per carton, its count shown in tins.
    const search = page.getByRole('textbox', { name: 'Search products' });
    const results = page.getByRole('region', { name: 'Product search results' });
    await search.fill('Peak');
    await results.getByRole('button', { name: /Peak Milk 400g/ }).tap();
    await page.getByRole('combobox', { name: 'Unit of Peak Milk 400g' }).selectOption('carton');
    const quantity = page.getByRole('textbox', { name: 'Quantity of Peak Milk 400g · carton of 24' });
    await quantity.fill('2');
    const cost = page.getByRole('textbox', { name: 'Cost per carton of Peak Milk 400g · carton of 24' });
    // The tin's cost times 24, then what the vendor charges.
    await expect(cost).toHaveValue('33600.00');
    await cost.fill('36,000');
    await expect(page.getByText('2 carton = 48 tin')).toBeVisible();

    // The shirt comes in sizes: the pick asks which.
    await search.fill('Ankara');
    await results.getByRole('button', { name: /Ankara Shirt/ }).tap();
    const sizes = page.getByRole('dialog', { name: 'Which Ankara Shirt?' });
    await sizes.getByRole('button', { name: /^M\b/ }).tap();
    await expect(sizes).toBeHidden();
    await page.getByRole('textbox', { name: 'Quantity of Ankara Shirt (M)' }).fill('3');
    await expect(page.getByText('51 units')).toBeVisible();
    await expect(page.getByText(/Total ₦90,000\.00/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-purchase-form-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Save and issue' }).tap();
    await expect(toast(page, 'PO-000001 issued')).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/orders\/[0-9a-f-]+$/);
    const lines = page.getByRole('list', { name: 'Lines', exact: true });
    await expect(lines.getByText('Peak Milk 400g · carton of 24')).toBeVisible();
    await expect(lines.getByText('Ankara Shirt (M)')).toBeVisible();
    await expect(page.getByText('0 of 51 units (0%)')).toBeVisible();

    // Received in each line's unit: 2 cartons and 3 shirts, 51 units in all.
    await toastsGone(page);
    await page.getByRole('button', { name: 'Receive stock' }).tap();
    const receive = page.getByRole('dialog', { name: /Receive stock on/ });
    await expect(
      receive.getByRole('textbox', { name: 'Received now of Peak Milk 400g · carton of 24' }),
    ).toHaveValue('2');
    await expect(receive.getByText('2 carton outstanding of 2 (48 units)')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-purchase-receive-390.png` });
    await receive.getByRole('button', { name: 'Receive 51 unit(s)' }).tap();
    await expect(toast(page, 'PO-000001 fully received')).toBeVisible();
    await expect(page.getByText('51 of 51 units (100%)')).toBeVisible();
    await expect(page.getByText('2 × Peak Milk 400g · carton of 24, 3 × Ankara Shirt (M)')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-purchase-details-390.png`, fullPage: true });

    const milkAfter = await productById(request, m, milk.id);
    expect(milkAfter.quantity).toBe(10 + 48);
    // ₦36,000 a carton of 24: ₦1,500 a tin.
    expect(milkAfter.variants[0]!.cost_price).toBe(150000);
    const shirtAfter = await productById(request, m, shirt.id);
    expect(shirtAfter.variants.map((v) => [v.name, v.quantity])).toEqual([
      ['S', 0],
      ['M', sizeM.quantity + 3],
    ]);
  });
});
