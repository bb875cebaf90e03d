// `node bench/web/offline-till.mjs` (after `npm run build`): the till as an installed app with no
// network (issue 20, decision 0036), in Debian's Chromium on this machine (no throttling).
//   installability   Chrome's own check (DevTools `Page.getInstallabilityErrors`) and the manifest
//   offline open     a reload of /sales/orders/generate with the network off, served by the
//                    service worker: ms from navigation start until the scan box can be typed in
//   offline scan     ms from Enter in the scan box to the product's row in the cart (IndexedDB)
// RUNS=10 by default; medians and the slowest are printed.
import { chromium } from '@playwright/test';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import path from 'node:path';
import { startServer } from '../lib.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const PASSWORD = 'offline-till-pass-1';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function call(base, method, url, body, token) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer({ port: await freePort() });
try {
  const email = `offline.${Date.now().toString(36)}@example.ng`;
  const signUp = await call(server.base, 'POST', '/user/signup', {
    first_name: 'Ngozi',
    last_name: 'Eze',
    email,
    password: PASSWORD,
    phone_number: '+2348012345678',
    country: 'Nigeria',
  });
  const db = new Database(path.join(server.dataDir, 'app.db'), { readonly: true });
  const code = /\b(\d{6})\b/.exec(
    db
      .prepare('select text from mail_outbox where to_address = ? order by created_at desc limit 1')
      .get(email).text,
  )[1];
  db.close();
  await call(server.base, 'POST', '/user/verify-email', { email, code });
  await call(
    server.base,
    'PUT',
    `/user/business-info/${signUp.id}`,
    { business_name: 'Ngozi Provisions', country: 'Nigeria', city: 'Lagos', state: 'Lagos' },
    signUp.userToken,
  );
  const token = (await call(server.base, 'POST', '/user/signin', { email, password: PASSWORD })).userToken;
  // A shop's catalogue: 2,000 products on the device.
  const barcodes = [];
  for (let i = 0; i < 2000; i++) {
    const p = await call(
      server.base,
      'POST',
      '/product/create',
      { name: `Item ${i}`, price: 1000 + i, quantity: 50 },
      token,
    );
    barcodes.push(p.barcode);
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
    if (count >= 2000) break;
    if (Date.now() - synced > 60_000) throw new Error(`catalogue not on the device: ${count}`);
    await page.waitForTimeout(200);
  }
  console.log(`first visit to the POS until its 2,000 products are on the device: ${Date.now() - synced} ms`);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  console.log(
    `installability: ${installabilityErrors.length ? JSON.stringify(installabilityErrors) : 'installable (no errors)'}; manifest ${manifest.url} (${manifest.errors.length} errors)`,
  );

  /** RUNS reloads of the POS, each followed by one scan: open and scan times (ms). */
  const measure = async (offset) => {
    const opens = [];
    const scans = [];
    for (let i = 0; i < RUNS; i++) {
      await page.reload({ waitUntil: 'commit' });
      const scan = page.getByRole('textbox', { name: 'Scan barcode' });
      await scan.waitFor({ state: 'visible' });
      opens.push(await page.evaluate(() => performance.now()));
      await scan.focus();
      const index = (offset + i * 137) % barcodes.length;
      await page.keyboard.type(barcodes[index]);
      const t0 = await page.evaluate(() => performance.now());
      await page.keyboard.press('Enter');
      await page.getByRole('table', { name: 'Cart' }).getByText(`Item ${index}`, { exact: true }).waitFor();
      scans.push((await page.evaluate(() => performance.now())) - t0);
    }
    return { opens, scans };
  };
  const line = (what, xs) =>
    `${what}: median ${median(xs).toFixed(0)} ms, slowest ${Math.max(...xs).toFixed(0)} ms (${RUNS} runs)`;

  const online = await measure(0);
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  const offline = await measure(1);
  console.log(line('online open of the POS (reload until the scan box shows)', online.opens));
  console.log(line('offline open of the POS (from the service worker)', offline.opens));
  console.log(line('online scan, Enter to cart row (server look-up)', online.scans));
  console.log(line('offline scan, Enter to cart row (IndexedDB, 2,000 products)', offline.scans));
  await context.close();
  rmSync(profile, { recursive: true, force: true });
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
