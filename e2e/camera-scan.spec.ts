import { expect, test } from '@playwright/test';
import { barcodeVideo } from './fake-camera';
import { chromium } from './playwright.config';
import { goOffline, readyForOffline } from './offline-support';
import { createMerchant, createProduct, signIn } from './support';

/**
 * Camera scanning at the phone till (issue 31, decision 0056), with a camera that sees a tin's
 * barcode. Screenshot to E2E_SHOTS_DIR (default test-results/screenshots).
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
const TILL = '/sales/orders/generate';

// A phone whose camera sees a tin's barcode: Chromium plays a drawn picture as the camera, and
// grants the camera without asking. Chromium on Linux has no BarcodeDetector of its own, so this
// reads with the WebAssembly scanner, served from the app's own files.
const TIN = '5901234123457';
test.use({
  hasTouch: true,
  launchOptions: {
    ...chromium,
    args: [
      ...chromium.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(TIN)}`,
    ],
  },
});

test('a barcode held to the camera goes into the cart once, and Charge shows its price; offline too once used', async ({
  page,
  request,
}) => {
  const m = await createMerchant(request);
  await createProduct(request, m, 'Peak Milk 400g', 250000, 20, { barcode: TIN });
  await page.setViewportSize(PHONE);
  await signIn(page, m.email);
  await page.goto(TILL);
  await readyForOffline(page);
  // Opened again, the till is the service worker's: what it fetches from now on can be kept.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Quick products' })).toBeVisible();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Scan with the camera' });
  // The scanner's WebAssembly loads on this first press; a busy machine takes a while.
  await expect(camera.getByText(`Read ${TIN}.`)).toBeVisible({ timeout: 60_000 });
  await expect(camera.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-till-camera-390.png` });
  // The tin stays in view: it is one item, not one per frame.
  await page.waitForTimeout(1_000);
  await camera.getByRole('button', { name: 'Done' }).click();
  await expect(camera).toBeHidden();
  await expect(page.getByRole('button', { name: /1 item\s*Charge ₦2,500/ })).toBeInViewport({ ratio: 1 });

  // Offline, opened afresh: the reader kept from its first use still reads, and the till finds
  // the tin in its own copy of the catalogue.
  await goOffline(page.context());
  await page.reload();
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(camera.getByText(`Read ${TIN}.`)).toBeVisible({ timeout: 60_000 });
  await expect(camera.getByRole('alert')).toHaveCount(0);
  await camera.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /Charge ₦(2,500|5,000)/ })).toBeInViewport({ ratio: 1 });
});
