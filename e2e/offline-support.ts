import { expect, type BrowserContext, type Page } from '@playwright/test';

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

/** Waits until the service worker controls the app and the till holds its copy of the catalogue. */
export async function readyForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('tillbook-till');
              open.onsuccess = () => {
                const db = open.result;
                // Closed at once: an open connection would hold back the app's own upgrade.
                const done = (n: number) => {
                  db.close();
                  resolve(n);
                };
                if (!db.objectStoreNames.contains('meta')) return done(0);
                const count = db.transaction('meta').objectStore('meta').count();
                count.onsuccess = () => done(count.result);
                count.onerror = () => done(0);
              };
              open.onerror = () => resolve(0);
            }),
        ),
      { timeout: 20_000 },
    )
    .toBe(1);
}
