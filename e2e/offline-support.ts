import { expect, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support';

/** Helpers of the offline till's browser tests (offline-till, offline-customer). */

/** No network for this context: offline, and the API unreachable even if the browser tried. */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/**
 * How many rows one store of the till's IndexedDB holds (read without the app), 0 while the
 * store is not there yet. The connection is closed at once: an open one would hold back the
 * app's own upgrade.
 */
export function tillRowCount(page: Page, store: string) {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('tillbook-till');
        open.onsuccess = () => {
          const db = open.result;
          const done = (n: number) => {
            db.close();
            resolve(n);
          };
          if (!db.objectStoreNames.contains(name)) return done(0);
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => done(count.result);
          count.onerror = () => done(0);
        };
        open.onerror = () => resolve(0);
      }),
    store,
  );
}

/** Waits until the service worker controls the app and the till holds its copy of the catalogue. */
export async function readyForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => tillRowCount(page, 'meta'), { timeout: 20_000 }).toBe(1);
}

/**
 * Signs in and opens the till while online, then waits until it can work offline: its shell
 * cached by the service worker and the catalogue copied to the device.
 */
export async function openTillOnline(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/sales/orders/generate');
  await expect(page.getByText('The cart is empty')).toBeVisible();
  await readyForOffline(page);
}

/**
 * The number the till gave the sale it saved offline, read off its dialog; the dialog is then
 * closed for a new sale.
 */
export async function offlineSaleNumber(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Sale saved offline' });
  const number = (await dialog.getByText(/Saved on this till as OFF-/).innerText()).match(
    /OFF-[A-Z0-9]+-\d+/,
  )![0];
  await dialog.getByRole('button', { name: 'New sale' }).click();
  await expect(dialog).toBeHidden();
  return number;
}
