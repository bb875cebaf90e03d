// `node bench/web/offline-till.mjs` (after `npm run build`): the till as an installed app with no
// network (issue 20, decision 0036), in Debian's Chromium on this machine (no throttling).
//   installability   Chrome's own check (DevTools `Page.getInstallabilityErrors`) and the manifest
//   offline open     a reload of /sales/orders/generate with the network off, served by the
//                    service worker: ms from navigation start until the scan box can be typed in
//   scan             ms from the Enter key's event in the scan box to the DOM mutation that shows the
//                    product's row in the cart, timed in the page; online (server) and offline (device)
// RUNS=10 by default; medians and the slowest are printed.
// CATALOGUE=variants (issue 33): 5,000 products × 4 sizes × 2 packs on the device instead of
// 2,000 plain products; each scan is of a carton's barcode, and the cart row is its pack line.
// PRODUCTS=n changes the number of products either way.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../lib.mjs';
import { call, freePort, verifiedOwner } from './shop.mjs';

/** One line of the measurement on standard output. */
const say = (text) => process.stdout.write(`${text}\n`);

const RUNS = Number(process.env.RUNS ?? 10);
const VARIANTS = process.env.CATALOGUE === 'variants';
const PRODUCTS = Number(process.env.PRODUCTS ?? (VARIANTS ? 5000 : 2000));
const PASSWORD = 'offline-till-pass-1';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 2,000 products are created through the API, more than a user may call in a minute.
const server = await startServer({ port: await freePort(), env: { API_USER_CALLS_PER_MINUTE: 100000 } });
try {
  const { email, data } = await verifiedOwner(server.base, path.join(server.dataDir, 'app.db'), {
    emailPrefix: 'offline',
    password: PASSWORD,
  });
  const token = data.userToken;
  // A shop's catalogue on the device: 2,000 plain products, or 5,000 with sizes and packs.
  const barcodes = [];
  const rowNames = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const body = VARIANTS
      ? {
          name: `Item ${i}`,
          price: 1000 + i,
          options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
          variants: ['S', 'M', 'L', 'XL'].map((size) => ({
            options: { Size: size },
            quantity: 500,
            packs: [
              { name: 'pack', factor: 6, price: 5500 + i },
              { name: 'carton', factor: 24, price: 21000 + i },
            ],
          })),
        }
      : { name: `Item ${i}`, price: 1000 + i, quantity: 50 };
    const p = await call(server.base, 'POST', '/product/create', body, token);
    if (VARIANTS) {
      // The carton of size L: a pack line of a variant.
      barcodes.push(p.variants[2].packs[1].barcode);
      rowNames.push(`Item ${i} · L · carton (24)`);
    } else {
      barcodes.push(p.barcode);
      rowNames.push(`Item ${i}`);
    }
  }

  // A persistent profile: Chrome does not offer to install from an incognito (throwaway) one.
  const profile = mkdtempSync(path.join(tmpdir(), 'tillbook-offline-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: server.base,
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/auth/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home$/);
  const synced = Date.now();
  await page.goto('/sales/orders/generate');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (;;) {
    const count = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = globalThis.indexedDB.open('tillbook-till');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('products')) return resolve(0);
            const c = db.transaction('products').objectStore('products').count();
            c.onsuccess = () => resolve(c.result);
          };
        }),
    );
    if (count >= PRODUCTS) break;
    if (Date.now() - synced > 60_000) throw new Error(`catalogue not on the device: ${count}`);
    await page.waitForTimeout(200);
  }
  say(
    `first visit to the POS until its ${PRODUCTS.toLocaleString('en')} products${VARIANTS ? ' (4 sizes × 2 packs each)' : ''} are on the device: ${Date.now() - synced} ms`,
  );

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  say(
    `installability: ${installabilityErrors.length ? JSON.stringify(installabilityErrors) : 'installable (no errors)'}; manifest ${manifest.url} (${manifest.errors.length} errors)`,
  );

  /**
   * One scan timed in the page: from the Enter key's event to the mutation that puts the
   * product's row in the cart. (Timed from the test's side, as the first figures of decision
   * 0036 were, it adds Playwright's round trips and its polling steps of 20, 50, 100 and 500 ms.)
   * Also the main thread's long tasks (over 50 ms) in that time: what else the page was doing.
   */
  const timedScan = async (index) => {
    const scan = page.getByRole('textbox', { name: 'Scan barcode' });
    await scan.focus();
    await page.keyboard.type(barcodes[index]);
    await page.evaluate((name) => {
      const input = globalThis.document.activeElement;
      const state = { start: 0, end: 0, busy: 0 };
      globalThis.__scanTiming = state;
      input.addEventListener('keydown', (e) => e.key === 'Enter' && (state.start = e.timeStamp), {
        capture: true,
        once: true,
      });
      const seen = () =>
        [...globalThis.document.querySelectorAll('table[aria-label="Cart"] tbody *')].some(
          (el) => el.childElementCount === 0 && el.textContent?.trim() === name,
        );
      if (seen()) throw new Error(`${name} is in the cart already`);
      const observer = new globalThis.MutationObserver(() => {
        if (state.start && seen()) {
          state.end = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(globalThis.document.body, { childList: true, subtree: true, characterData: true });
    }, rowNames[index]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => globalThis.__scanTiming.end > 0);
    return page.evaluate(() => {
      const { start, end } = globalThis.__scanTiming;
      const busy = globalThis.__longTasks
        .filter((t) => t.startTime < end && t.startTime + t.duration > start)
        .reduce((sum, t) => sum + Math.min(end, t.startTime + t.duration) - Math.max(start, t.startTime), 0);
      return { ms: end - start, busy };
    });
  };

  /**
   * RUNS reloads of the POS: the open time, the first scan right after it opens, and a second
   * scan a second later on the open till (the cashier's usual scan).
   */
  const measure = async (offset) => {
    const opens = [];
    const first = [];
    const later = [];
    for (let i = 0; i < RUNS; i++) {
      // Each run starts from an empty cart (it is kept across reloads): a longer cart takes
      // longer to draw, and the offline runs come after the online ones.
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('tillbook-pos-cart'))
          .forEach((k) => localStorage.removeItem(k)),
      );
      await page.reload({ waitUntil: 'commit' });
      await page.getByRole('textbox', { name: 'Scan barcode' }).waitFor({ state: 'visible' });
      opens.push(await page.evaluate(() => performance.now()));
      first.push(await timedScan((offset + i * 137) % barcodes.length));
      await page.waitForTimeout(1000);
      if (process.env.PROFILE && offset === 1 && i === 0) await cdp.send('Profiler.start');
      later.push(await timedScan((offset + i * 137 + 1000) % barcodes.length));
      if (process.env.PROFILE && offset === 1 && i === 0) {
        // PROFILE=file.cpuprofile: the first offline scan on the open till, for DevTools.
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(process.env.PROFILE, JSON.stringify(profile));
      }
    }
    return { opens, first, later };
  };
  const line = (what, xs) =>
    `${what}: median ${median(xs).toFixed(0)} ms, slowest ${Math.max(...xs).toFixed(0)} ms (${RUNS} runs)`;

  // Long tasks reach only an observer, so one is started before the app's scripts on each load.
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => globalThis.__longTasks.push(...list.getEntries())).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  await cdp.send('Profiler.enable');
  const online = await measure(0);
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  const offline = await measure(1);
  const ms = (xs) => xs.map((x) => x.ms);
  const busy = (xs) => median(xs.map((x) => x.busy)).toFixed(0);
  say(line('online open of the POS (reload until the scan box shows)', online.opens));
  say(line('offline open of the POS (from the service worker)', offline.opens));
  say(
    `${line('online first scan after opening, Enter to cart row (server look-up)', ms(online.first))}; long tasks median ${busy(online.first)} ms`,
  );
  say(
    `${line(`offline first scan after opening (device, ${PRODUCTS.toLocaleString('en')} products)`, ms(offline.first))}; long tasks median ${busy(offline.first)} ms`,
  );
  say(
    `${line('online scan on the open till (server look-up)', ms(online.later))}; long tasks median ${busy(online.later)} ms`,
  );
  say(
    `${line('offline scan on the open till (device)', ms(offline.later))}; long tasks median ${busy(offline.later)} ms`,
  );
  await context.close();
  rmSync(profile, { recursive: true, force: true });
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
