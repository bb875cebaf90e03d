// Where a page's main-thread JavaScript time goes on load, by original source file and function:
// loads the page signed in (the benches' shop) in Debian's Chromium with the CPU slowed 4x, records
// a V8 CPU profile over the load and maps each sample's position back through the built chunks'
// source maps (`npm run build` writes them).
// Run: npm run build && node bench/web/profile-page.mjs [/sales/orders/generate] [--width=390]
// [--tasks]: also each stretch of main-thread work over 50 ms (what Lighthouse's TBT counts),
// with where its time went.
// Env: CHROME_PATH (/usr/bin/chromium), SECONDS (profile length after load starts, default 8).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map';
import { root } from '../lib.mjs';
import { createShop, startShopServer } from './shop.mjs';

const route = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/sales/orders/generate';
const width = Number(process.argv.find((a) => a.startsWith('--width='))?.slice(8) ?? 390);
const SECONDS = Number(process.env.SECONDS ?? 8);
const say = (line) => process.stdout.write(`${line}\n`);

const server = await startShopServer();
try {
  const session = await createShop(server.base, path.join(server.dataDir, 'app.db'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.base}/ready`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, session);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.base}${route}`);
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  await browser.close();
  await report(profile);
} finally {
  await server.stop();
}

async function report(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const maps = new Map();
  const consumerFor = async (url) => {
    if (!url.includes('/assets/') || !url.endsWith('.js')) return null;
    if (!maps.has(url)) {
      const file = path.join(root, 'apps/web/dist/assets', path.basename(new URL(url).pathname));
      try {
        maps.set(url, await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url);
  };
  const sourceOf = new Map();
  const bySource = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const [id, us] of time) {
    const { callFrame: f } = byId.get(id);
    total += us;
    let source = f.url ? path.basename(f.url) : f.functionName || '(native)';
    let name = f.functionName || '(anonymous)';
    const consumer = await consumerFor(f.url);
    if (consumer) {
      const at = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (at.source) {
        source = at.source.replace(/^.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '');
        if (source.startsWith('npm:'))
          source = source
            .split('/')
            .slice(0, source.startsWith('npm:@') ? 2 : 1)
            .join('/');
        name = `${at.name ?? name} ${at.source.split('/').slice(-2).join('/')}:${at.line}`;
      }
    }
    sourceOf.set(id, source);
    bySource.set(source, (bySource.get(source) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  say(`${route} at ${width} px, CPU 4x slower: ${(total / 1000).toFixed(0)} ms profiled`);
  say(`by source:\n${top(bySource, 25)}`);
  say(`by function (self):\n${top(byFunction, 30)}`);
  if (process.argv.includes('--tasks')) {
    // A stretch is the samples between idle ones (a gap of idle under 2 ms does not end it).
    const stretches = [];
    let at = 0;
    let current = null;
    let idleSince = null;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      const source = sourceOf.get(id);
      if (source === '(idle)') {
        idleSince ??= at;
        if (current && at - idleSince > 2000) {
          stretches.push(current);
          current = null;
        }
        return;
      }
      idleSince = null;
      current ??= { start: at, end: at, by: new Map() };
      current.end = at;
      current.by.set(source, (current.by.get(source) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    if (current) stretches.push(current);
    say('stretches of work over 50 ms (start, length, where):');
    for (const t of stretches.filter((t) => t.end - t.start > 50_000)) {
      const where = [...t.by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
        .join(', ');
      say(
        `  ${((t.start - 0) / 1000).toFixed(0).padStart(6)} ms  ${((t.end - t.start) / 1000).toFixed(0).padStart(4)} ms  ${where}`,
      );
    }
  }
}
