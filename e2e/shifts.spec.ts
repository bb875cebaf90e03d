import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { goOffline, goOnline, offlineSaleNumber, readyForOffline } from './offline-support';
import { createMerchant, createProduct, signIn } from './support';

/**
 * Shifts and the cash drawer (issue 32) at 390 × 844: open a shift with a float, sell for cash,
 * pay out, close with the drawer counted note by note, see the difference before confirming and
 * the Z-report after. Screenshots at 390 and 1280 go to E2E_SHOTS_DIR (default
 * test-results/screenshots).
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
const TILL = '/sales/orders/generate';

/** The value beside a label of the Z-report's drawer or sales card. */
const figure = (page: Page, card: 'z-report-drawer' | 'z-report-sales', label: string | RegExp) =>
  page
    .getByTestId(card)
    .getByText(label, { exact: typeof label === 'string' })
    .locator('xpath=following-sibling::*[1]');

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('open a shift, sell for cash, pay out, count the drawer and close with a Z-report', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const m = await createMerchant(request);
    await createProduct(request, m, 'Milo 500g', 150000, 20);

    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await page.goto(TILL);
    const bar = page.getByTestId('shift-bar');
    await expect(bar).toContainText('No shift open');

    // Open with a ₦5,000 float.
    await bar.getByRole('button', { name: 'Open shift' }).tap();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByRole('textbox', { name: 'Opening float' }).fill('5,000');
    await open.getByRole('button', { name: 'Open shift' }).tap();
    await expect(open).toBeHidden();
    await expect(bar.getByTestId('shift-number')).toHaveText(/^Shift SH-\d+$/);
    const number = (await bar.getByTestId('shift-number').textContent())!.replace('Shift ', '');
    await expect(bar.getByTestId('shift-float')).toHaveText('Float ₦5,000.00');
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦5,000.00');
    await expect(bar.getByRole('button', { name: 'Close shift' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/shifts-till-open-390.png` });
    // The desktop till shows the same bar above its panels.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦5,000.00');
    await page.screenshot({ path: `${SHOTS}/shifts-till-open-1280.png` });
    await page.setViewportSize(PHONE);

    // Two Milo for cash: ₦3,000 into the drawer.
    const grid = page.getByRole('region', { name: 'Quick products' });
    await grid.getByRole('button', { name: /^Add Milo 500g/ }).tap();
    await grid.getByRole('button', { name: /^Add Milo 500g/ }).tap();
    await page.getByRole('button', { name: /2 items\s*Charge ₦3,000/ }).tap();
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/order',
    );
    await page.getByRole('button', { name: /Complete sale · ₦3,000/ }).click();
    // The till names the shift it sold under.
    const shiftId = ((await posted).postDataJSON() as { shift_id?: string }).shift_id;
    expect(shiftId).toBeTruthy();
    const done = page.getByRole('dialog', { name: /Sale completed/ });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦8,000.00');

    // The order belongs to the shift (the till sent its id).
    const orders = await request.get('/api/v1/order?perPage=10', { headers: { Authorization: m.token } });
    expect(((await orders.json()).data as unknown[]).length).toBe(1);

    // Pay out ₦500 to the water supplier.
    await bar.getByRole('button', { name: 'Pay out' }).tap();
    const payout = page.getByRole('dialog', { name: 'Pay out' });
    await payout.getByRole('textbox', { name: 'Amount' }).fill('500');
    await payout.getByRole('textbox', { name: 'Reason' }).fill('Water supplier');
    await payout.getByRole('button', { name: 'Record payout' }).tap();
    await expect(payout).toBeHidden();
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦7,500.00');

    // Close: 7 × ₦1,000 + 1 × ₦200 counted = ₦7,200, ₦300 short, shown before confirming.
    await bar.getByRole('button', { name: 'Close shift' }).tap();
    const close = page.getByRole('dialog', { name: `Close shift ${number}` });
    await close.getByRole('textbox', { name: 'How many ₦1,000' }).fill('7');
    await close.getByRole('textbox', { name: 'How many ₦200' }).fill('1');
    await expect(close.getByTestId('close-counted')).toHaveText('₦7,200.00');
    await expect(close.getByTestId('close-expected')).toHaveText('₦7,500.00');
    await expect(close.getByTestId('close-difference')).toHaveText('Short ₦300.00');
    await expect(close.getByTestId('close-difference')).toHaveAttribute('data-state', 'short');
    await close.getByRole('textbox', { name: 'Note' }).fill('One note missing');
    await page.screenshot({ path: `${SHOTS}/shifts-close-count-390.png` });
    await close.getByRole('button', { name: 'Close shift' }).tap();

    // The Z-report.
    const report = page.getByRole('dialog', { name: `Shift ${number} closed` });
    await expect(report.getByTestId('z-report')).toBeVisible();
    await expect(figure(page, 'z-report-drawer', 'Opening float')).toHaveText('₦5,000.00');
    await expect(figure(page, 'z-report-drawer', 'Cash sales')).toHaveText('₦3,000.00');
    await expect(figure(page, 'z-report-drawer', 'Payouts')).toHaveText('−₦500.00');
    await expect(figure(page, 'z-report-drawer', 'Expected cash')).toHaveText('₦7,500.00');
    await expect(figure(page, 'z-report-drawer', 'Counted cash')).toHaveText('₦7,200.00');
    await expect(figure(page, 'z-report-drawer', 'Difference')).toHaveText(/Short ₦300\.00/);
    await expect(figure(page, 'z-report-sales', 'Sales (1)')).toHaveText('₦3,000.00');
    await expect(report.getByTestId('z-report-takings').getByRole('row', { name: /^Cash/ })).toHaveText(
      /Cash\s*1\s*₦3,000\.00/,
    );
    await expect(report.getByText('Payout: Water supplier')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shifts-z-report-390.png`, fullPage: true });

    // The A4 PDF downloads.
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'PDF (A4)' }).click();
    const pdf = await download;
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await report.getByRole('button', { name: 'Done' }).click();
    await expect(bar).toContainText('No shift open');

    // The server agrees.
    const list = await request.get('/api/v1/shifts', { headers: { Authorization: m.token } });
    const [shift] = (await list.json()).data as Array<{
      id: string;
      number: string;
      status: string;
      counted_cash: number;
      difference: number;
    }>;
    expect(shift).toMatchObject({
      id: shiftId,
      number,
      status: 'closed',
      counted_cash: 720000,
      difference: -30000,
    });

    // Reports → Shifts: the shift as a card; its number opens the Z-report.
    await page.goto('/report?tab=shifts');
    const link = page.getByRole('link', { name: number });
    await expect(link).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shifts-report-tab-390.png`, fullPage: true });
    await link.click();
    await expect(page.getByRole('heading', { name: `Shift ${number}` }).first()).toBeVisible();
    await expect(figure(page, 'z-report-drawer', 'Difference')).toHaveText(/Short ₦300\.00/);
    await page.screenshot({ path: `${SHOTS}/shifts-screen-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/shifts-screen-1280.png`, fullPage: true });
    await page.goto('/report?tab=shifts');
    await expect(page.getByRole('link', { name: number })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shifts-report-tab-1280.png`, fullPage: true });
    // The CSV of the tab's shifts, from the server's export.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = readFileSync(await (await csv).path(), 'utf8');
    expect(file).toContain(number);
  });

  test('with a shift required, the till asks for the float before the first sale', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const m = await createMerchant(request);
    await createProduct(request, m, 'Milo 500g', 150000, 20);
    const rules = await request.put('/api/v1/till/settings', {
      headers: { Authorization: m.token },
      data: {
        offline_max_hours: 24,
        offline_max_sales: 200,
        offline_stock_rule: 'allow_negative',
        shift_required: true,
      },
    });
    expect(rules.status(), await rules.text()).toBe(200);

    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await page.goto(TILL);
    await expect(page.getByTestId('shift-bar')).toContainText('Open a shift to start selling');
    await page
      .getByRole('region', { name: 'Quick products' })
      .getByRole('button', { name: /^Add Milo 500g/ })
      .tap();
    await page.getByRole('button', { name: /1 item\s*Charge ₦1,500/ }).tap();
    await page.getByRole('button', { name: /Complete sale · ₦1,500/ }).click();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await expect(open).toContainText('A shift must be open to sell');
    await page.screenshot({ path: `${SHOTS}/shifts-required-390.png` });
    await open.getByRole('textbox', { name: 'Opening float' }).fill('2000');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await expect(open).toBeHidden();
    await page.getByRole('button', { name: /Complete sale · ₦1,500/ }).click();
    await expect(page.getByRole('dialog', { name: /Sale completed/ })).toBeVisible();
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(page.getByTestId('shift-expected')).toHaveText('₦3,500.00');
  });

  test('a sale made offline is sent with the shift and counts in its cash', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const m = await createMerchant(request);
    await createProduct(request, m, 'Milo 500g', 150000, 20);
    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await page.goto(TILL);
    const bar = page.getByTestId('shift-bar');
    await bar.getByRole('button', { name: 'Open shift' }).tap();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByRole('textbox', { name: 'Opening float' }).fill('1000');
    await open.getByRole('button', { name: 'Open shift' }).tap();
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦1,000.00');
    await readyForOffline(page);

    // No network, and the till opened again from the device: it still knows its shift (kept with
    // the app's answers) and keeps the sale under it.
    await goOffline(context);
    await page.reload();
    await expect(page.getByLabel('Till connection').getByText('Offline', { exact: true })).toBeVisible();
    await expect(bar.getByTestId('shift-number')).toBeVisible();
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦1,000.00');
    const grid = page.getByRole('region', { name: 'Quick products' });
    await grid.getByRole('button', { name: /^Add Milo 500g/ }).tap();
    await page.getByRole('button', { name: /1 item\s*Charge ₦1,500/ }).tap();
    await page.getByRole('button', { name: /Complete sale · ₦1,500/ }).click();
    await offlineSaleNumber(page);
    await expect(bar.getByTestId('shift-number')).toBeVisible();

    // Back online: the outbox sends it with the shift's id, and the shift's cash expected moves.
    const sent: Array<{ shift_id?: string; offline?: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/order') sent.push(r.postDataJSON());
    });
    await goOnline(context);
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦2,500.00', { timeout: 60_000 });
    const list = await request.get('/api/v1/shifts', { headers: { Authorization: m.token } });
    const [shift] = (await list.json()).data as Array<{ id: string }>;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((body) => body.offline && body.shift_id === shift!.id)).toBe(true);
    const summary = await request.get(`/api/v1/shifts/${shift!.id}`, { headers: { Authorization: m.token } });
    expect((await summary.json()).data).toMatchObject({ sales_count: 1, cash_sales: 150000 });
  });

  test('a pay-in adds to the cash expected; the shift is closed from its Z-report screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const m = await createMerchant(request);
    const opened = await request.post('/api/v1/shifts/open', {
      headers: { Authorization: m.token, 'Idempotency-Key': `e2e-open-${Date.now()}` },
      data: { opening_float: 200000 },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const { id, number } = (await opened.json()).data as { id: string; number: string };

    await page.setViewportSize(PHONE);
    await signIn(page, m.email);
    await page.goto(TILL);
    const bar = page.getByTestId('shift-bar');
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦2,000.00');
    // Change brought in from the bank: ₦1,000 into the drawer.
    await bar.getByRole('button', { name: 'Pay in' }).tap();
    const payIn = page.getByRole('dialog', { name: 'Pay in' });
    await payIn.getByRole('textbox', { name: 'Amount' }).fill('1000');
    await payIn.getByRole('textbox', { name: 'Reason' }).fill('Change from the bank');
    await payIn.getByRole('button', { name: 'Record pay-in' }).tap();
    await expect(payIn).toBeHidden();
    await expect(bar.getByTestId('shift-expected')).toHaveText('₦3,000.00');

    // Reports → Shifts → the shift's screen: close it there, counting exactly what is expected.
    await page.goto(`/report/shifts/${id}`);
    await expect(page.getByRole('heading', { name: `Shift ${number}` }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: `Close shift ${number}` });
    await close.getByRole('textbox', { name: 'How many ₦1,000' }).fill('3');
    await expect(close.getByTestId('close-difference')).toHaveAttribute('data-state', 'exact');
    await close.getByRole('button', { name: 'Close shift' }).click();
    await expect(page.getByRole('dialog', { name: `Shift ${number} closed` })).toBeVisible();
    const after = await request.get(`/api/v1/shifts/${id}`, { headers: { Authorization: m.token } });
    expect((await after.json()).data).toMatchObject({
      pay_ins: 100000,
      expected_cash: 300000,
      counted_cash: 300000,
      difference: 0,
      shift: { status: 'closed' },
    });
  });
});
