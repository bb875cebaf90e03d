import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMerchant, field, PASSWORD, signIn, type Merchant } from './support';

/**
 * axe on every route of the router (apps/web/src/app/router.tsx), signed out and signed in,
 * with data present where a screen shows a record. A serious or critical violation fails the
 * test, listed by screen with the rule, the elements and what to fix.
 */

// The suite's longest file: its tests share nothing (each signed-in one makes its own shop), so
// they are spread over the workers instead of running one after another in one.
test.describe.configure({ mode: 'parallel' });

const BLOCKING = new Set(['serious', 'critical']);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

interface Finding {
  screen: string;
  rule: string;
  count: number;
  text: string;
}

/** Waits for the screen's code and data, so axe sees the screen and not its loading state. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"][aria-label="Loading"], .mantine-Skeleton-root')).toHaveCount(0);
  // Mantine's transitions (drawers, tabs, menus) run for up to 200 ms, Sonner's toasts for 400 ms:
  // axe looks once every finite animation and transition of the page has finished (endless ones,
  // such as a button's spinner, never do and are not waited for), no toast is leaving, and every
  // toast is fully shown. One wait for all of it: a toast that leaves brings the one behind it to
  // the front, whose text then fades in (its own opacity is 1 all along). Two frames first: a
  // transition a click asked for starts on the next frame.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
      // A toast past the visible three stays hidden (data-visible="false") until one before it goes.
      [...document.querySelectorAll('[data-sonner-toast]:not([data-visible="false"])')].every(
        (t) => t.getAttribute('data-removed') !== 'true' && getComputedStyle(t).opacity === '1',
      ),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Puts the pointer on the front toast, if any, as someone reading the toasts would: Sonner holds
 * every toast's timer while the pointer is on them, and spreads the stack out so each toast is
 * shown whole. Then waits for the stack to settle. Returns whether there was a toast to hold.
 */
async function holdToasts(page: Page): Promise<boolean> {
  const box = await page
    .locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])')
    .evaluateAll((toasts) => {
      const r = toasts[0]?.getBoundingClientRect();
      return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    });
  if (!box) return false;
  await page.mouse.move(box.x, box.y);
  await settle(page);
  return true;
}

/** Lets the toasts go on: the pointer leaves them for the page's top left corner, outside them. */
async function releaseToasts(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
}

/**
 * Toasts change on their own timers (2 s and 4 s), and axe yields between its rules, so a toast
 * can leave, or come to the front and fade in, in the middle of an analysis: its text is then
 * judged half faded, which is not what anyone reads. From here until `toastsMoved`, every change
 * to the toasts (an attribute, a style, a toast added or removed) is noted, as is a toast
 * transition already running at the start.
 */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const inToaster = (node: Node | null) =>
      node instanceof Element && node.closest('[data-sonner-toaster]') !== null;
    const toasterNode = (node: Node) =>
      node instanceof Element &&
      (node.matches('[data-sonner-toaster], [data-sonner-toast]') ||
        node.querySelector('[data-sonner-toaster], [data-sonner-toast]') !== null);
    const moving = () =>
      document
        .getAnimations()
        .some(
          (a) =>
            a.playState === 'running' && a.effect instanceof KeyframeEffect && inToaster(a.effect.target),
        );
    const state = { moved: moving() };
    const observer = new MutationObserver((records) => {
      if (
        records.some(
          (r) =>
            inToaster(r.target) ||
            [...r.addedNodes].some(toasterNode) ||
            [...r.removedNodes].some(toasterNode),
        )
      ) {
        state.moved = true;
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    (window as unknown as { __toastsMoved: () => boolean }).__toastsMoved = () => {
      observer.disconnect();
      return state.moved || moving();
    };
  });
}

/** Whether a toast changed, or was mid-transition, since `watchToasts`. */
function toastsMoved(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __toastsMoved: () => boolean }).__toastsMoved());
}

/** How many times axe runs again when the toasts did not hold still during its analysis. */
const STILL_ANALYSIS_TRIES = 5;

async function audit(page: Page, screen: string, findings: Finding[]): Promise<void> {
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  // The toasts on screen are held (pointer on them) and judged whole. Only an analysis during
  // which they held still counts (one may still arrive, or leave before the pointer reached it):
  // when one moved, the page is settled again and analysed again.
  for (let tries = 1; ; tries++) {
    await settle(page);
    const held = await holdToasts(page);
    await watchToasts(page);
    ({ violations } = await new AxeBuilder({ page })
      // An experimental rule (off by default): a control's accessible name must contain its visible label.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      // A toast stacked behind the front one in Sonner's collapsed stack has its text hidden
      // (opacity 0) by design: nothing of it can be read. Held toasts are spread out, so none is
      // left out then; this is for a stack that was not held.
      .exclude('[data-sonner-toast][data-expanded="false"][data-front="false"]')
      .analyze());
    const moved = await toastsMoved(page);
    if (held) await releaseToasts(page);
    if (!moved) break;
    test.info().annotations.push({ type: 'toasts moved during axe', description: `${screen}, try ${tries}` });
    if (tries === STILL_ANALYSIS_TRIES) {
      throw new Error(`${screen}: the toasts changed during each of ${tries} axe analyses`);
    }
  }
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length) {
    // Every node and check of the violations, for a closer look than the failure message gives.
    const file = test.info().outputPath(`axe-${screen.replace(/[^\w-]+/g, '_').slice(0, 80)}.json`);
    writeFileSync(file, JSON.stringify(blocking, null, 2));
  }
  for (const v of blocking) {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n\s*/g, ' ')}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
    findings.push({
      screen,
      rule: v.id,
      count: v.nodes.length,
      text: `  ${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${nodes}${more}`,
    });
  }
}

interface Visit {
  /** The router's pattern. */
  route: string;
  /** What is opened. */
  url: string;
  name?: string;
}

async function auditVisits(page: Page, visits: Visit[], findings: Finding[]): Promise<void> {
  for (const { url, name } of visits) {
    await page.goto(url);
    await audit(page, name ?? url, findings);
  }
}

function report(findings: Finding[]): string {
  const byScreen = new Map<string, Finding[]>();
  for (const f of findings) byScreen.set(f.screen, [...(byScreen.get(f.screen) ?? []), f]);
  const summary = [...byScreen].map(
    ([screen, list]) => `  ${screen}: ${list.map((f) => `${f.rule} ×${f.count}`).join(', ')}`,
  );
  const details = [...byScreen].map(([screen, list]) => `${screen}\n${list.map((f) => f.text).join('\n')}`);
  return `${summary.join('\n')}\n\n${details.join('\n\n')}`;
}

function expectNone(findings: Finding[]): void {
  expect(findings.length, `serious or critical axe violations:\n\n${report(findings)}\n`).toBe(0);
}

/** Every path of the router, read from its source so a new route cannot be left out. */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
  // `path: '/…'`, and the first argument of the route helpers: `screen('/…', …)`, `guarded('/…', …)`.
  return [...source.matchAll(/(?:\w+\(\s*|path: )'(\/[^']*|\*)'/g)].map((m) => m[1]!);
}

const PUBLIC_VISITS: Visit[] = [
  { route: '/auth/sign-in', url: '/auth/sign-in' },
  { route: '/auth/sign-up', url: '/auth/sign-up' },
  { route: '/auth/forgot-password', url: '/auth/forgot-password' },
  { route: '/auth/email-otp', url: '/auth/email-otp?email=ada%40example.ng' },
  { route: '/user/reset-password/:id', url: '/user/reset-password/abcdefghijklmnop' },
  { route: '/verify-email', url: '/verify-email?email=ada%40example.ng' },
  { route: '/user/verify_email/:id', url: '/user/verify_email/not-a-real-token-123' },
  { route: '/auth/accept-invite', url: '/auth/accept-invite?token=not-a-real-token-123' },
  // Redirects to sign-in: what a signed-out visitor lands on.
  { route: '/', url: '/', name: '/ (signed out)' },
  { route: '/sign-in', url: '/sign-in' },
  { route: '/email-otp', url: '/email-otp?email=ada%40example.ng' },
  { route: '/home', url: '/home', name: '/home (signed out)' },
];

const ONBOARDING_ROUTES = ['/onboarding/business-info', '/onboarding/business-number'];

interface ShopData {
  customer: string;
  product: string;
  barcode: string;
  order: string;
  vendor: string;
  purchaseOrder: string;
  payment: string;
  discount: string;
  shift: string;
}

const SETTINGS_TABS = [
  'profile',
  'business',
  'team',
  'roles',
  'audit-log',
  'payment',
  'shipping',
  'tax',
  'till',
  'receipts',
  'subscription',
];

const storeVisits = (d: ShopData): Visit[] => [
  { route: '/home', url: '/home' },
  { route: '/dashboard', url: '/dashboard' },
  { route: '/developers', url: '/developers' },
  { route: '/developers/webhooks', url: '/developers/webhooks' },
  { route: '/developers/reference', url: '/developers/reference' },
  { route: '/report', url: '/report' },
  { route: '/report/shifts/:id', url: `/report/shifts/${d.shift}` },
  { route: '/settings', url: '/settings' },
  ...SETTINGS_TABS.map((tab) => ({ route: '/settings/:id', url: `/settings/${tab}` })),
  { route: '/store', url: '/store' },
  { route: '/wallet', url: '/wallet' },
  { route: '/invoice', url: `/invoice?order=${d.order}` },
  { route: '/print/receipt', url: `/print/receipt?order=${d.order}&paper=58` },
  { route: '/sales/customers', url: '/sales/customers' },
  { route: '/sales/customers/:id', url: `/sales/customers/${d.customer}` },
  { route: '/sales/customers/details', url: '/sales/customers/details' },
  { route: '/sales/customers/owing', url: '/sales/customers/owing' },
  { route: '/sales/customers/create', url: '/sales/customers/create' },
  { route: '/sales/customers/edit/:id', url: `/sales/customers/edit/${d.customer}` },
  { route: '/sales/orders', url: '/sales/orders' },
  { route: '/sales/orders/details/:id', url: `/sales/orders/details/${d.order}` },
  { route: '/sales/orders/generate', url: '/sales/orders/generate' },
  { route: '/sales/discounts', url: '/sales/discounts' },
  { route: '/sales/discounts/create', url: '/sales/discounts/create' },
  { route: '/sales/discounts/edit/:id', url: `/sales/discounts/edit/${d.discount}` },
  { route: '/inventory/products', url: '/inventory/products' },
  { route: '/inventory/products/create', url: '/inventory/products/create' },
  { route: '/inventory/products/:id', url: `/inventory/products/${d.product}` },
  { route: '/purchase/vendors', url: '/purchase/vendors' },
  { route: '/purchase/vendors/details/:id', url: `/purchase/vendors/details/${d.vendor}` },
  { route: '/purchase/vendors/create', url: '/purchase/vendors/create' },
  { route: '/purchase/vendors/edit/:id', url: `/purchase/vendors/edit/${d.vendor}` },
  { route: '/purchase/payments-received', url: '/purchase/payments-received' },
  {
    route: '/purchase/payments-received/create',
    url: `/purchase/payments-received/create?order=${d.order}`,
  },
  { route: '/purchase/payments-received/:id', url: `/purchase/payments-received/${d.payment}` },
  { route: '/purchase/orders', url: '/purchase/orders' },
  { route: '/purchase/orders/:id', url: `/purchase/orders/${d.purchaseOrder}` },
  { route: '/purchase/create', url: '/purchase/create' },
  { route: '*', url: '/no-such-screen', name: '/no-such-screen (not found)' },
];

test('accessibility: signed out, every public screen and the redirects to sign-in', async ({ page }) => {
  test.setTimeout(120_000);
  // The link screen's answer for a bad token, as the server gives it. Asking the server would
  // spend one of the 30 code attempts an address has in 15 minutes, which the rest of the
  // browser suite, all from 127.0.0.1, needs.
  await page.route('**/api/v1/user/verify_email/**', (route) =>
    route.fulfill({
      status: 422,
      json: {
        success: false,
        message: 'This verification link is invalid or has expired. Request a new code.',
        error: {
          code: 'UNPROCESSABLE',
          message: 'This verification link is invalid or has expired. Request a new code.',
        },
      },
    }),
  );
  const findings: Finding[] = [];
  await auditVisits(page, PUBLIC_VISITS, findings);
  // The sign-in form with its field errors.
  await page.goto('/auth/sign-in');
  await settle(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await audit(page, '/auth/sign-in (field errors)', findings);
  await page.setViewportSize(PHONE);
  for (const url of ['/auth/sign-in', '/auth/sign-up']) {
    await page.goto(url);
    await audit(page, `${url} (phone)`, findings);
  }
  expectNone(findings);
});

test('accessibility: onboarding', async ({ page, request }) => {
  // Not verified (nor below): each code checked counts against the address's limit of 30 in
  // 15 minutes, shared by the whole browser suite. The verify banner is audited on the way.
  const merchant = await createMerchant(request, { onboard: false, verify: false });
  await page.goto('/auth/sign-in');
  await field(page, 'Email').fill(merchant.email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/business-info/);
  const findings: Finding[] = [];
  await audit(page, '/onboarding/business-info', findings);
  await field(page, 'Business name').fill('Bola Fabrics');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/business-number/);
  await audit(page, '/onboarding/business-number', findings);
  expectNone(findings);
});

/** One of each record a detail or edit screen shows, made through the API. */
async function shopData(request: APIRequestContext, merchant: Merchant): Promise<ShopData> {
  const headers = { Authorization: merchant.token };
  const create = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: { id: string; barcode?: string } }).data;
  };
  const product = await create('/api/v1/product/create', {
    name: 'Milo 500g',
    price: 150000,
    cost_price: 110000,
    quantity: 30,
  });
  await create('/api/v1/product/create', { name: 'Peak Milk 400g', price: 250000, quantity: 2 });
  const customer = await create('/api/v1/customers/create', {
    first_name: 'Adaeze',
    last_name: 'Nwosu',
    phone_number: '+2348031234567',
    email_address: 'adaeze@example.ng',
  });
  const discount = await create('/api/v1/discounts', {
    name: 'Weekend sale',
    code: 'WEEKEND10',
    type: 'percentage',
    value: 10,
  });
  const order = await create('/api/v1/order', {
    customer_id: customer.id,
    items: [{ product_id: product.id, quantity: 4 }],
    payment_type: 'bank_transfer',
    amount_received: 0,
  });
  await create('/api/v1/order', {
    items: [{ product_id: product.id, quantity: 1 }],
    payment_type: 'cash',
    amount_received: 150000,
    channel: 'pos',
  });
  const payment = await create('/api/v1/payment_received/add_payment', {
    order_id: order.id,
    amount: 200000,
    payment_mode: 'cash',
    reference: 'Counter',
  });
  const vendor = await create('/api/v1/vendor', { name: 'Nestlé Nigeria' });
  const purchaseOrder = await create('/api/v1/purchase_order', {
    vendor_id: vendor.id,
    status: 'issued',
    items: [{ product_id: product.id, quantity: 24, unit_cost: 110000 }],
  });
  // A shift open in the store (issue 32), for its Z-report screen.
  const opened = await request.post('/api/v1/shifts/open', { headers, data: { opening_float: 500000 } });
  expect(opened.ok(), `/api/v1/shifts/open: ${await opened.text()}`).toBe(true);
  const shift = ((await opened.json()) as { data: { id: string } }).data;
  return {
    customer: customer.id,
    product: product.id,
    barcode: product.barcode!,
    order: order.id,
    vendor: vendor.id,
    purchaseOrder: purchaseOrder.id,
    payment: payment.id,
    discount: discount.id,
    shift: shift.id,
  };
}

/** A new shop with one of each record, its owner signed in. */
async function signedInShop(page: Page, request: APIRequestContext) {
  const merchant = await createMerchant(request, { verify: false });
  const data = await shopData(request, merchant);
  await signIn(page, merchant.email);
  return data;
}

/**
 * The store's screens in four parts, each audited by its own test with its own shop: a part is a
 * minute or so alone, and several times that beside the other worker on a loaded two-core
 * machine, so none comes near its budget. A screen goes to the first part whose prefixes match
 * its route; the last part takes what is left, so a new route is always audited somewhere.
 */
const PARTS: Array<{ name: string; prefixes: string[] }> = [
  {
    name: 'overview, reports and developer screens',
    prefixes: ['/home', '/dashboard', '/developers', '/report'],
  },
  {
    name: 'settings, store, wallet and invoice screens',
    prefixes: ['/settings', '/store', '/wallet', '/invoice', '/print'],
  },
  { name: 'customer and order screens', prefixes: ['/sales/customers', '/sales/orders'] },
  { name: 'discount, product and purchasing screens', prefixes: [] },
];

function partOf(route: string): number {
  const found = PARTS.findIndex((p) => p.prefixes.some((prefix) => route.startsWith(prefix)));
  return found === -1 ? PARTS.length - 1 : found;
}

/**
 * A signed-in test's start: its own shop with data, then the audit of one part of the store's
 * screens. Answers the shop and the findings so far, for the test's own screens.
 */
async function auditShopScreens(page: Page, request: APIRequestContext, part: number) {
  const data = await signedInShop(page, request);
  const findings: Finding[] = [];
  await auditVisits(
    page,
    storeVisits(data).filter((v) => partOf(v.route) === part),
    findings,
  );
  return { data, findings };
}

/** What a part audits beyond its screens: the phone's drawer, the till with a line in its cart. */
const EXTRAS: Record<number, (page: Page, data: ShopData, findings: Finding[]) => Promise<void>> = {
  0: async (page, _data, findings) => {
    // The main screens and the navigation drawer at phone width.
    await page.setViewportSize(PHONE);
    await page.goto('/home');
    await audit(page, '/home (phone)', findings);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await audit(page, 'navigation drawer (phone)', findings);
    await page.setViewportSize(DESKTOP);
    // Opened signed in, the invitation screen stays (accepting signs the invitee in).
    await page.goto('/auth/accept-invite?token=not-a-real-token-123');
    await audit(page, '/auth/accept-invite (signed in)', findings);
  },
  2: async (page, data, findings) => {
    // The point of sale with a line in the cart.
    await page.goto('/sales/orders/generate');
    await settle(page);
    const scan = page.getByRole('textbox', { name: 'Scan barcode' });
    await scan.fill(data.barcode);
    await scan.press('Enter');
    await expect(page.getByRole('table', { name: 'Cart' })).toContainText('Milo 500g');
    await audit(page, '/sales/orders/generate (a line in the cart)', findings);
    await page.setViewportSize(PHONE);
    for (const url of ['/sales/orders/generate', '/inventory/products']) {
      await page.goto(url);
      await audit(page, `${url} (phone)`, findings);
    }
    await page.setViewportSize(DESKTOP);
  },
};

PARTS.forEach(({ name }, part) => {
  test(`accessibility: signed in, ${name} with data`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const { data, findings } = await auditShopScreens(page, request, part);
    await EXTRAS[part]?.(page, data, findings);
    expectNone(findings);
  });
});

test('accessibility: the tests above open every route of the router', () => {
  const none = {} as ShopData;
  const opened = new Set([
    ...PUBLIC_VISITS.map((v) => v.route),
    ...ONBOARDING_ROUTES,
    ...storeVisits(none).map((v) => v.route),
  ]);
  expect(routerPaths().filter((route) => !opened.has(route))).toEqual([]);
});
