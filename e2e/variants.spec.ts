import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMerchant, signIn, type Merchant } from './support';

/**
 * Issue 33 (decision 0064) at 390 × 844 on a touch screen: a shirt in sizes and a tin of milk with
 * a carton, both made on the product form; at the phone till the carton's barcode is scanned and
 * a size is picked; the stock moves per variant in base units and the list shows it in cartons.
 * Screenshots go to E2E_SHOTS_DIR (default test-results/screenshots).
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

interface Variant {
  id: string;
  name: string;
  quantity: number;
  barcode: string;
  packs: Array<{ name: string; factor: number; barcode: string; price: number }>;
}

async function productNamed(request: APIRequestContext, m: Merchant, name: string) {
  const res = await request.get(`/api/v1/product/search?name=${encodeURIComponent(name)}`, {
    headers: { Authorization: m.token },
  });
  expect(res.status()).toBe(200);
  const found = ((await res.json()).data as Array<{ id: string; name: string }>).find(
    (p) => p.name === name,
  )!;
  const one = await request.get(`/api/v1/product/${found.id}`, { headers: { Authorization: m.token } });
  return (await one.json()).data as { id: string; quantity: number; variants: Variant[] };
}

async function newProduct(page: Page, name: string, price: string) {
  await page.goto('/inventory/products/create');
  await page.getByRole('textbox', { name: 'Product name' }).fill(name);
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('sizes and a carton made on the form, the carton scanned and a size picked at the till, stock in cartons @engine', async ({
    page,
    request,
  }) => {
    const m = await createMerchant(request);
    await page.setViewportSize(PHONE);
    await signIn(page, m.email);

    // A shirt in two sizes, 5 of each.
    await newProduct(page, 'Ankara Shirt', '12000');
    await page.getByRole('switch', { name: 'This product has options like size or colour' }).click();
    const option = page.getByRole('group', { name: 'Option 1' });
    await option.getByRole('textbox', { name: 'Option name' }).fill('Size');
    const values = option.getByRole('combobox', { name: 'Values' });
    await values.fill('S');
    await values.press('Enter');
    await values.fill('M');
    await values.press('Enter');
    await page.getByRole('textbox', { name: 'Set all stock' }).fill('5');
    await page.getByRole('button', { name: 'Apply', exact: true }).last().click();
    await page.screenshot({ path: `${SHOTS}/variants-form-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Product created').first()).toBeVisible();

    // A tin of milk, 100 tins, sold also by the carton of 24.
    await newProduct(page, 'Peak Milk 400g', '1500');
    await page.getByRole('textbox', { name: 'Opening stock' }).fill('100');
    await page.getByRole('button', { name: 'Add pack' }).click();
    await page.getByRole('textbox', { name: 'Pack name', exact: true }).fill('carton');
    await page.getByRole('textbox', { name: /Units per pack/ }).fill('24');
    await page.getByRole('textbox', { name: 'Pack price', exact: true }).fill('34000');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Product created').first()).toBeVisible();

    const shirt = await productNamed(request, m, 'Ankara Shirt');
    expect(shirt.variants.map((v) => [v.name, v.quantity])).toEqual([
      ['S', 5],
      ['M', 5],
    ]);
    const milk = await productNamed(request, m, 'Peak Milk 400g');
    const carton = milk.variants[0]!.packs[0]!;
    expect(carton).toMatchObject({ name: 'carton', factor: 24, price: 3400000 });

    // The phone till: scan the carton, tap the shirt and pick size M.
    await page.goto('/sales/orders/generate');
    const scan = page.getByRole('textbox', { name: 'Scan barcode' });
    await scan.fill(carton.barcode);
    await scan.press('Enter');
    await expect(scan).toHaveValue('');
    const grid = page.getByRole('region', { name: 'Quick products' });
    await grid.getByRole('button', { name: /^Add Ankara Shirt/ }).tap();
    const picker = page.getByRole('dialog', { name: /Ankara Shirt/ });
    await expect(picker).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-picker-390.png` });
    await picker.getByRole('button', { name: /^M\b/ }).first().tap();
    await expect(picker).toBeHidden();
    // 34,000 + 12,000.
    const charge = page.getByRole('button', { name: /2 items\s*Charge ₦46,000/ });
    await expect(charge).toBeVisible();
    await charge.tap();
    const sheet = page.getByRole('dialog', { name: /Cart · 2 items/ });
    await expect(
      sheet
        .getByText(/carton/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-cart-390.png` });
    await page.getByRole('button', { name: /Complete sale · ₦46,000/ }).click();
    await expect(page.getByRole('dialog', { name: /Sale completed/ })).toBeVisible();

    // 24 tins left the milk; one M left the shirt; S is untouched.
    await expect.poll(async () => (await productNamed(request, m, 'Peak Milk 400g')).quantity).toBe(76);
    const after = await productNamed(request, m, 'Ankara Shirt');
    expect(after.variants.map((v) => [v.name, v.quantity])).toEqual([
      ['S', 5],
      ['M', 4],
    ]);

    // The list counts the milk in cartons and sums the shirt's sizes.
    await page.goto('/inventory/products');
    await expect(page.getByText('3 carton + 4 piece').first()).toBeVisible();
    await expect(page.getByText('2 variants · 9 in stock').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/variants-list-390.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(PHONE.width);
  });
});
