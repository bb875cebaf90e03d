import { expect, type APIRequestContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import pg from 'pg';

export const PASSWORD = 'sunny-day-42';

let counter = 0;
export const uniqueEmail = (prefix = 'owner') =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.ng`;

/**
 * Reads the test server's database (`E2E_DATABASE_URL`: its SQLite file or its PostgreSQL
 * database), as a person reads their inbox. The text uses `?` for its parameters on both.
 */
async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through `npm run test:e2e`.');
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(text).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

/** The newest mail to an address, read from the outbox like a person reads their inbox. */
export async function latestMail(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const rows = await query<{ subject: string; text: string }>(
      'select subject, text from mail_outbox where to_address = ? order by created_at desc, id desc',
      [to],
    );
    const row = rows.find((r) => !subject || subject.test(r.subject));
    if (row) return row.text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
}

export async function latestCode(to: string, subject?: RegExp): Promise<string> {
  const text = await latestMail(to, subject);
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in the mail to ${to}`);
  return match[1]!;
}

/** Counts mails to an address (to wait for a new one). */
export async function mailCount(to: string): Promise<number> {
  const [row] = await query<{ n: number | string }>(
    'select count(*) as n from mail_outbox where to_address = ?',
    [to],
  );
  return Number(row!.n);
}

export interface Merchant {
  email: string;
  password: string;
  businessName: string;
  token: string;
}

/** A verified store owner made through the API (sign-up, code from the outbox, business info). */
export async function createMerchant(
  request: APIRequestContext,
  options: { verify?: boolean; onboard?: boolean; businessName?: string } = {},
): Promise<Merchant> {
  const email = uniqueEmail();
  const businessName = options.businessName ?? `Mama Put ${counter}`;
  const signUp = await request.post('/api/v1/user/signup', {
    data: {
      first_name: 'Chioma',
      last_name: 'Obi',
      email,
      password: PASSWORD,
      phone_number: '+2348012345678',
      country: 'Nigeria',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { data } = (await signUp.json()) as { data: { id: string; userToken: string } };
  if (options.verify !== false) {
    const code = await latestCode(email, /Verify/);
    const verified = await request.post('/api/v1/user/verify-email', { data: { email, code } });
    expect(verified.status()).toBe(200);
  }
  if (options.onboard !== false) {
    const info = await request.put(`/api/v1/user/business-info/${data.id}`, {
      headers: { Authorization: data.userToken },
      data: { business_name: businessName, country: 'Nigeria', city: 'Lagos', state: 'Lagos' },
    });
    expect(info.status(), await info.text()).toBe(200);
  }
  return { email, password: PASSWORD, businessName, token: data.userToken };
}

/** Signs in through the sign-in screen and waits for home. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth/sign-in');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page
    .locator('[data-sonner-toast]')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/**
 * Clears the toasts, as a person does with their close buttons (a toast the test asserted on has
 * been read; waiting out its 2 or 4 seconds only made the suite slower), and waits until every
 * toast has gone. Toasts sit over the top-right of the page, where detail screens keep their
 * actions, and sonner pauses every toast while the pointer is over one, so the pointer is moved
 * away after each click: a toast with no close button (a custom one) then runs out on its own.
 */
export async function toastsGone(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  const closeButtons = page.locator('[data-sonner-toast]:not([data-removed="true"]) [data-close-button]');
  await expect(async () => {
    // The front toast is the first; the ones stacked behind it come forward as it goes.
    if ((await closeButtons.count()) > 0) await closeButtons.first().click({ timeout: 1_000 });
    await page.mouse.move(0, 0);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A text field by its label (the required asterisk is not part of the name). */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Rows of the analytics events table for a user, newest first. */
export function analyticsEvents(email: string): Promise<{ name: string }[]> {
  return query(
    'select e.name from analytics_events e join users u on u.id = e.user_id where u.email = ? order by e.created_at desc',
    [email],
  );
}

/** Pastes text into the focused element, as Ctrl+V with the text on the clipboard would. */
export async function paste(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).first().focus();
  await page
    .locator(selector)
    .first()
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

export const CODE_BOXES = 'input[inputmode="numeric"]';

/**
 * Puts a merchant's store on GROWTH (5 team members, 3 stores) the way a merchant does: opens
 * the wallet, funds it with a sandbox deposit and pays for the plan from it. The browser suite
 * runs with Starter's real limits (decision 0030), so a spec that adds members or stores pays
 * for them first.
 */
export async function subscribeToGrowth(request: APIRequestContext, merchant: Merchant): Promise<void> {
  const headers = { Authorization: merchant.token };
  const opened = await request.post('/api/v1/wallet', { headers });
  expect(opened.status(), await opened.text()).toBeLessThan(300);
  const deposit = await request.post('/api/v1/wallet/sandbox/deposit', {
    headers,
    data: { amount: 2_000_000 },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const subscribed = await request.post('/api/v1/subscription/subscribe', {
    headers,
    data: { plan_code: 'GRO001', password: merchant.password },
  });
  expect(subscribed.status(), await subscribed.text()).toBeLessThan(300);
}

/** A product made through the API (cost 70% of the price unless `extra` says otherwise). */
export async function createProduct(
  request: APIRequestContext,
  m: Merchant,
  name: string,
  price: number,
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  const res = await request.post('/api/v1/product/create', {
    headers: { Authorization: m.token },
    data: { name, price, cost_price: Math.round(price * 0.7), quantity, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; barcode: string; name: string };
}

/** A product's stock, as the API reads it. */
export async function stockOf(request: APIRequestContext, m: Merchant, id: string): Promise<number> {
  const res = await request.get(`/api/v1/product/${id}`, { headers: { Authorization: m.token } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.quantity as number;
}

/** A status badge with exactly this text. */
export const badge = (page: Page, text: string) =>
  page.locator('.mantine-Badge-label', { hasText: new RegExp(`^${text}$`) });

/** A merchant made through the API, signed in on the page. */
export async function signedInMerchant(page: Page, request: APIRequestContext): Promise<Merchant> {
  const merchant = await createMerchant(request);
  await signIn(page, merchant.email);
  return merchant;
}

/** Opens the wallet's transfer form, picks GTBank and types 0123456789; the account's name shows. */
export async function startTransfer(page: Page) {
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Transfer to a bank account' });
  await form.getByRole('combobox', { name: 'Bank' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await form.getByRole('textbox', { name: 'Account number' }).fill('0123456789');
  await expect(form.getByTestId('resolved-name')).toBeVisible();
  return form;
}

type Widths = { desktop: { width: number; height: number } } & Record<
  string,
  { width: number; height: number }
>;

/**
 * Screenshots of the page at each width (a desktop and a phone), once the network is quiet, into
 * test-results/screenshots; the page is left at the desktop width.
 */
export async function shoot(
  page: Page,
  name: string,
  widths: Widths = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } },
  ready?: () => Promise<void>,
) {
  for (const [label, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await ready?.();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(widths.desktop);
}

/** Milo (₦1,500, 10 in stock) and Peak Milk (₦2,500, 5 in stock), the sales tests' shelf. */
export async function createMiloAndPeak(request: APIRequestContext, m: Merchant) {
  const milo = await createProduct(request, m, 'Milo 500g', 150000, 10);
  const peak = await createProduct(request, m, 'Peak Milk 400g', 250000, 5);
  return { milo, peak };
}

/** A sale made through the API, paid in cash at the till; its answer must be 201. */
export async function createCashSale(
  request: APIRequestContext,
  m: Merchant,
  items: Array<{ product_id: string; quantity: number; discount?: number }>,
  amountReceived: number,
) {
  const created = await request.post('/api/v1/order', {
    headers: { Authorization: m.token },
    data: { items, payment_type: 'cash', amount_received: amountReceived, channel: 'pos' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data as { id: string; number: string; status: string };
}

/** Types a barcode into the till's scan box as a keyboard-wedge scanner does (it keeps focus). */
export async function scanCode(page: Page, code: string) {
  const scan = page.getByRole('textbox', { name: 'Scan barcode' });
  await expect(scan).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(scan).toHaveValue('');
}
