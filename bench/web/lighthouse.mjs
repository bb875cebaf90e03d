// `npm run bench:web`: Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the
// built app, in Debian's Chromium. Builds nothing: run `npm run build` first.
//   sign-in             /auth/sign-in, cold (nothing cached, signed out)
//   home, signed out    /home without a session: the app should go to sign-in having fetched
//                       no code of the signed-in screens
//   till, signed out    /sales/orders/generate without a session: sign-in, while the till's page
//                       fetches the till's code at low priority (it is where sign-in returns to)
//   point of sale       /sales/orders/generate, signed in (a fresh shop with a few products)
// Each page is measured RUNS times (default 3), each in a fresh browser profile; the run with the
// median score is printed. Options: RUNS=5, CHROME_PATH=/usr/bin/chromium, --json (raw figures),
// --detail (where the main thread's time went), --only=<name> (one page: sign-in, home, till, point).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root } from '../lib.mjs';
import { createShop, startShopServer } from './shop.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Stores the session in the fresh profile's localStorage for the app's origin. */
async function signInBrowser(port, base, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/ready`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    }, storage);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measure(url, { session, base } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (session) await signInBrowser(chrome.port, base, session);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The signed-in run keeps the session just stored; the profile is new, so nothing is cached.
        disableStorageReset: Boolean(session),
      },
      undefined,
    );
    // LH_DUMP=<folder>: keep each run's full report, to read in Lighthouse's viewer or with jq.
    if (process.env.LH_DUMP) {
      const file = path.join(process.env.LH_DUMP, `lighthouse-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(result.lhr));
    }
    return summarise(result.lhr);
  } finally {
    chrome.kill();
    if (chrome.userDataDir) rmSync(chrome.userDataDir, { recursive: true, force: true });
  }
}

/** Headless Chromium now and then records no navigation start (NO_NAVSTART): that run is redone. */
async function measureAgainOnTraceError(url, options, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, options);
    } catch (error) {
      if (attempt >= tries || !/NO_NAVSTART|NO_FCP/.test(String(error?.message))) throw error;
      console.error(`(${error.message.split('.')[0]}; measuring again)`);
    }
  }
}

function summarise(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items) => items.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint').numericValue),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    wireBytes: sum(requests),
    scriptWireBytes: sum(scripts),
    requests: requests.length,
    finalUrl: lhr.finalDisplayedUrl,
    scriptFiles: scripts.map((r) => path.basename(new URL(r.url).pathname)),
    // Where the main thread's time went (ms, as measured here, before the 4x CPU factor).
    mainThread: (audit('mainthread-work-breakdown')?.details?.items ?? []).map((i) => [
      i.groupLabel,
      Math.round(i.duration),
    ]),
    lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    longTasks: (audit('long-tasks')?.details?.items ?? [])
      .slice(0, 6)
      .map((t) => [path.basename(String(t.url)), Math.round(t.startTime), Math.round(t.duration)]),
    bootup: (audit('bootup-time')?.details?.items ?? [])
      .slice(0, 5)
      .map((i) => [path.basename(i.url), Math.round(i.scripting)]),
    warnings: lhr.runWarnings,
  };
}

const median = (runs) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const server = await startShopServer();
const results = {};
try {
  const session = await createShop(server.base, path.join(server.dataDir, 'app.db'));
  const pages = [
    ['sign-in', `${server.base}/auth/sign-in`, {}],
    ['home, signed out', `${server.base}/home`, {}],
    ['till, signed out', `${server.base}/sales/orders/generate`, {}],
    ['point of sale', `${server.base}/sales/orders/generate`, { session, base: server.base }],
  ];
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  for (const [name, url, options] of pages) {
    if (only && !name.startsWith(only)) continue;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureAgainOnTraceError(url, options));
    results[name] = { median: median(runs), scores: runs.map((r) => r.score) };
  }
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  console.log(`Lighthouse ${RUNS} run(s) a page, mobile (simulated slow 4G, 4x CPU); median run:`);
  for (const [name, { median: r, scores }] of Object.entries(results)) {
    console.log(
      `\n${name}: score ${r.score} (runs ${scores.join(', ')})  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  ` +
        `TBT ${r.tbtMs} ms  CLS ${r.cls}`,
    );
    console.log(
      `  on the wire ${kb(r.wireBytes)} in ${r.requests} requests, of it script ${kb(r.scriptWireBytes)}` +
        ` (${r.scriptFiles.length} files); ended at ${new URL(r.finalUrl).pathname}`,
    );
    console.log(`  scripts: ${r.scriptFiles.join(' ')}`);
    if (process.argv.includes('--detail')) {
      console.log(`  main thread: ${r.mainThread.map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
      console.log(`  scripting by file: ${r.bootup.map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
      console.log(`  largest contentful paint: ${r.lcpElement}`);
      console.log(`  long tasks (file, start, ms): ${r.longTasks.map((t) => t.join(' ')).join('; ')}`);
    }
    for (const warning of r.warnings ?? []) console.log(`  warning: ${warning}`);
  }
}
