// What makes the point of sale's long tasks, as Lighthouse sees them: one Lighthouse run (mobile
// preset) of the till, cold and signed in, with V8's sampling profiler added to its trace, then
// each main-thread task over 12 ms (50 ms at Lighthouse's 4x CPU factor, what its total blocking
// time counts) with where its time went: React's phase (render, commit, effects), the components
// drawn, the effects run, and optionally the stacks under one function. Lighthouse's trace records
// a JavaScript stack for every timer, request and DOM change, so those weigh more here than in a
// plain load: this is the view the score is computed from. Builds nothing: `npm run build` first.
// Run: node bench/web/lighthouse-tasks.mjs [--under=<function>] [--depth=6] [--min=12]
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SourceMapConsumer } from 'source-map';
import { root } from '../lib.mjs';
import { createShop, startShopServer } from './shop.mjs';

const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const MIN_MS = Number(arg('min', 12));
const UNDER = arg('under', null);
const DEPTH = Number(arg('depth', 6));
const say = (line) => process.stdout.write(`${line}\n`);

async function traceOfTill() {
  const server = await startShopServer();
  try {
    const session = await createShop(server.base, path.join(server.dataDir, 'app.db'));
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${server.base}/ready`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
      }, session);
      await page.close();
      await browser.close();
      const result = await lighthouse(`${server.base}/sales/orders/generate`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
        additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
      });
      const audit = (id) => result.lhr.audits[id].numericValue;
      say(
        `score ${Math.round(result.lhr.categories.performance.score * 100)}, LCP ${Math.round(audit('largest-contentful-paint'))} ms, ` +
          `TBT ${Math.round(audit('total-blocking-time'))} ms (simulated); the tasks below are as observed, before the 4x factor`,
      );
      return result.artifacts.Trace;
    } finally {
      chrome.kill();
      if (chrome.userDataDir) rmSync(chrome.userDataDir, { recursive: true, force: true });
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const trace = await traceOfTill();
const events = trace.traceEvents;
// The page's main thread: the renderer thread that ran the most tasks.
let main = null;
let most = 0;
for (const t of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
  const count = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
  if (count > most) [main, most] = [t, count];
}
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid);
const nodes = new Map();
const samples = [];
let at = profile.args.data.startTime;
for (const chunk of events.filter(
  (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === main.pid,
)) {
  const cpu = chunk.args.data.cpuProfile ?? {};
  for (const n of cpu.nodes ?? []) nodes.set(n.id, n);
  (cpu.samples ?? []).forEach((id, i) => {
    at += chunk.args.data.timeDeltas?.[i] ?? 0;
    samples.push([at, id]);
  });
}
// Each profile node's function and source, through the build's source maps.
const maps = new Map();
const frames = new Map();
for (const [id, node] of nodes) {
  const f = node.callFrame;
  let frame = { name: f.functionName || '(anonymous)', src: f.url ? path.basename(f.url) : '' };
  if (f.url?.includes('/assets/') && f.url.endsWith('.js')) {
    const file = path.join(root, 'apps/web/dist/assets', path.basename(new URL(f.url).pathname));
    if (!maps.has(file)) {
      try {
        maps.set(file, await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        maps.set(file, null);
      }
    }
    const at = maps.get(file)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (at?.source)
      frame = {
        name: at.name ?? frame.name,
        src: at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, ''),
      };
  }
  frames.set(id, frame);
}
const stackOf = (id) => {
  const stack = [];
  for (let n = nodes.get(id); n; n = nodes.get(n.parent)) stack.push(frames.get(n.id));
  return stack;
};
const label = (f) => `${f.name}@${f.src.split('/').pop()}`;
const REACT_PHASE =
  /^(renderRootSync|renderRootConcurrent|flushMutationEffects|recursivelyTraverseLayoutEffects|flushLayoutEffects|commitPassiveMountOnFiber|flushPassiveEffects)$/;
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`)
    .join(', ');
const start = onMain.find((e) => e.name === 'RunTask').ts;
for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur > MIN_MS * 1000)) {
  const phase = new Map();
  const components = new Map();
  const effects = new Map();
  const under = new Map();
  samples.forEach(([ts, id], i) => {
    if (ts < task.ts || ts > task.ts + task.dur) return;
    const weight = Math.min(samples[i + 1]?.[0] ?? ts, task.ts + task.dur) - ts;
    const stack = stackOf(id);
    const names = stack.map((f) => f.name);
    const react = names.find((n) => REACT_PHASE.test(n));
    const key =
      react ??
      (stack[0]?.name.startsWith('(')
        ? stack[0].name
        : `script ${
            stack
              .findLast((f) => f.src && !f.name.startsWith('('))
              ?.src.split('/')
              .slice(-2)
              .join('/') ?? '?'
          }`);
    const add = (map, k) => map.set(k, (map.get(k) ?? 0) + weight);
    add(phase, key);
    const drawn = names.indexOf('renderWithHooks');
    if (drawn > 0) add(components, label(stack[drawn - 1]));
    const effect = names.indexOf('commitHookEffectListMount');
    if (effect > 0) add(effects, label(stack[effect - 1]));
    const u = UNDER ? stack.findIndex((f) => f.name === UNDER || label(f).startsWith(UNDER)) : -1;
    if (u >= 0)
      add(
        under,
        stack
          .slice(0, Math.min(u + 1, DEPTH))
          .map(label)
          .join(' < '),
      );
  });
  say(
    `\n${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  task of ${(task.dur / 1000).toFixed(1)} ms`,
  );
  say(`  where: ${top(phase, 8)}`);
  // The browser's own work in the task (style, layout, parsing, paint), by its trace events'
  // self time: what the profiler shows as "(program)".
  const native = new Map();
  const inTask = onMain.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur,
  );
  for (const e of inTask) {
    const children = inTask.filter(
      (c) => c !== e && c.ts >= e.ts && c.ts + c.dur <= e.ts + e.dur && c.dur < e.dur,
    );
    const self = e.dur - children.reduce((sum, c) => sum + c.dur, 0);
    if (
      !/FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|RunMicrotasks|EventDispatch|FireAnimationFrame|ProfileCall/.test(
        e.name,
      ) &&
      self > 0
    )
      native.set(e.name, (native.get(e.name) ?? 0) + self);
  }
  if (native.size) say(`  browser: ${top(native, 6)}`);
  if (components.size) say(`  drawn: ${top(components, 8)}`);
  if (effects.size) say(`  effects: ${top(effects, 6)}`);
  for (const [k, us] of [...under].sort((a, b) => b[1] - a[1]).slice(0, 8))
    say(`    ${(us / 1000).toFixed(1)} ${k}`);
}
