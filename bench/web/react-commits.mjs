// `node bench/web/react-commits.mjs`: what React draws on a cold, signed-in load of the point of
// sale, at 4x slower CPU (Chromium's throttling), on the built app. Builds nothing: run `npm run
// build` first. It stands in for React DevTools' commit hook and prints, for each commit, its time
// after navigation, how many components rendered, and the highest components that rendered
// without their parent rendering (where each re-draw starts), with the start of their minified
// source so they can be recognised. A diagnostic for decision 0023, not a pass/fail check.
/* global window */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root } from '../lib.mjs';
import { createShop, startShopServer } from './shop.mjs';

/** One line of the measurement on standard output. */
const say = (text) => process.stdout.write(`${text}\n`);

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const HOOK = () => {
  const log = [];
  window.__commits = log;
  const t0 = performance.now();
  const name = (f) => {
    const t = f.type;
    if (!t) return `tag${f.tag}`;
    if (typeof t === 'string') return t;
    const n =
      t.displayName ||
      t.name ||
      (t.render && (t.render.displayName || t.render.name)) ||
      (t._context && 'Provider') ||
      '';
    const fn = typeof t === 'function' ? t : t.render || t.type;
    return `${n}|tag${f.tag}|${typeof fn === 'function' ? fn.toString().slice(0, 140) : ''}`;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    isDisabled: false,
    inject() {
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let count = 0;
      const tops = [];
      const seen = new WeakSet();
      const prev = window.__prev || new WeakSet();
      const isComp = (f) => [0, 1, 11, 14, 15].includes(f.tag);
      const walk = (f, parentRendered) => {
        while (f) {
          let rendered = false;
          if (isComp(f)) {
            seen.add(f);
            rendered =
              !prev.has(f) &&
              (f.alternate === null ||
                f.memoizedProps !== f.alternate.memoizedProps ||
                f.memoizedState !== f.alternate.memoizedState);
            if (rendered) {
              count++;
              if (!parentRendered && f.alternate) {
                tops.push({
                  n: name(f),
                  state: f.memoizedState !== f.alternate.memoizedState,
                  props: f.memoizedProps !== f.alternate.memoizedProps,
                  ctx: !!f.dependencies,
                });
              }
            }
          }
          walk(f.child, isComp(f) ? rendered : parentRendered);
          f = f.sibling;
        }
      };
      walk(root.current.child, false);
      window.__prev = seen;
      log.push({ t: Math.round(performance.now() - t0), count, tops: tops.slice(0, 6) });
    },
  };
};

const server = await startShopServer();
try {
  const session = await createShop(server.base, path.join(server.dataDir, 'app.db'));
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${server.base}/ready`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, session);
  await context.addInitScript(HOOK);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${server.base}/sales/orders/generate`);
  await page.waitForTimeout(9000);
  const log = await page.evaluate(() => window.__commits);
  for (const c of log) {
    say(`commit t=${c.t} rendered=${c.count}`);
    for (const top of c.tops) say(`   state=${top.state} props=${top.props} ${top.n.replace(/\s+/g, ' ')}`);
  }
  await browser.close();
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
