import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';

/**
 * A first visit on a phone: what the browser downloads before the sign-in screen shows. The
 * files come compressed, the whole sign-in screen stays under 200 KB on the wire, and a
 * signed-out visit to a protected screen fetches none of the signed-in screens' code (but the
 * till's own files on the till's address, which its page names, see below).
 */

const WIRE_LIMIT_KB = 200;

interface Fetched {
  url: string;
  type: string;
  encoding: string | undefined;
  bytes: number;
  /** The body alone, as sent. */
  bodyBytes: number;
}

/** Every response of a visit with the bytes it took on the wire (headers and encoded body). */
async function visit(page: Page, path: string): Promise<Fetched[]> {
  const pending: Promise<Fetched>[] = [];
  const onFinished = (request: Request) =>
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: (await response?.allHeaders())?.['content-encoding'],
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          bodyBytes: sizes.responseBodySize,
        };
      })(),
    );
  page.on('requestfinished', onFinished);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  return Promise.all(pending);
}

/** The script files the sign-in route needs: the entry and what it imports (Vite's manifest). */
function signInScripts(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(add);
  };
  add('index.html');
  add('src/features/auth/screens/sign-in-screen.tsx');
  return files;
}

/**
 * The files the till's page names up front (vite.config.ts, tillPage; decision 0023). A cashier
 * whose session ended opens the app on the till (the manifest's start_url), signs in and is taken
 * back to it: the page fetches the till's code at low priority while sign-in shows, even signed
 * out, so the till then opens without a second round of downloads.
 */
function tillPageScripts(): string[] {
  const page = readFileSync(new URL('../apps/web/dist/sales/orders/generate.html', import.meta.url), 'utf8');
  return [...page.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

test('a cold sign-in screen comes compressed, under 200 KB on the wire', async ({ page }) => {
  const fetched = await visit(page, '/auth/sign-in');
  const scripts = fetched.filter((f) => f.type === 'script');
  expect(scripts.length).toBeGreaterThan(0);
  // Files under 1 KB are sent as they are (vite-plugin-compression2's threshold, decision 0023):
  // the runtime chunk of the lazily loaded route tables is one.
  for (const f of fetched.filter((f) => ['script', 'stylesheet'].includes(f.type) && f.bodyBytes >= 1024)) {
    expect(f.encoding, f.url).toBe('br');
  }
  expect(fetched.filter((f) => f.type === 'script' && f.encoding === 'br').length).toBeGreaterThan(0);
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0);
  const list = fetched.map((f) => `${kb(f.bytes)} KB ${f.url}`).join('\n');
  expect(total, `${kb(total)} KB on the wire:\n${list}`).toBeLessThanOrEqual(WIRE_LIMIT_KB * 1024);
});

test('a signed-out visit to a protected screen fetches none of its code', async ({ page }) => {
  const signIn = signInScripts();
  const till = tillPageScripts();
  expect(till.length).toBeGreaterThan(0);
  for (const path of ['/home', '/sales/orders/generate', '/onboarding/business-info']) {
    const allowed = path === '/sales/orders/generate' ? new Set([...signIn, ...till]) : signIn;
    const fetched = await visit(page, path);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    const extra = fetched.filter((f) => f.type === 'script' && !allowed.has(f.url)).map((f) => f.url);
    expect(extra, `${path} fetched code the sign-in screen does not need`).toEqual([]);
  }
});
