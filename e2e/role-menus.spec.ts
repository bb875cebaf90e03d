import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createMerchant,
  field,
  latestMail,
  signIn,
  subscribeToGrowth,
  uniqueEmail,
  type Merchant,
} from './support';

/**
 * Issue 31, "a menu for each role": the menu holds what the role may use, a member lands on the
 * first screen they may use (a cashier on the till), and a screen they cannot use says so and
 * who can open it, never a red load error. At phone and at desktop width.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const CASHIER_MENU = [
  'Home',
  'Point of sale',
  'Orders',
  'Customers',
  'Customers who owe',
  'Discounts',
  'Invoices',
  'Products',
  'Payments received',
  'Profile',
  'Till',
];
const SETTINGS = [
  'Profile',
  'Business',
  'Team',
  'Roles',
  'Audit log',
  'Payment',
  'Shipping',
  'Tax',
  'Till',
  'Receipts',
  'Subscription',
];

/** A cashier of the owner's store, invited and accepted through the API (the emailed link's token). */
async function addCashier(
  request: APIRequestContext,
  owner: Merchant,
): Promise<{ email: string; password: string }> {
  const headers = { Authorization: owner.token };
  const roles = (await (await request.get('/api/v1/roles', { headers })).json()) as {
    data: Array<{ id: string; key: string | null }>;
  };
  const email = uniqueEmail('zainab');
  const invited = await request.post('/api/v1/members/add-member', {
    headers,
    data: { email, role_id: roles.data.find((r) => r.key === 'cashier')!.id, first_name: 'Zainab' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = /accept-invite\?token=([\w-]+)/.exec(await latestMail(email, /invited/))![1]!;
  const password = 'zainab-till-7x';
  const accepted = await request.post('/api/v1/members/accept-invite', { data: { token, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password };
}

/** The menu's links (the drawer opened first on a phone), by their text, once the role is known. */
async function menuLinks(page: Page, phone: boolean, role: string): Promise<string[]> {
  // The header names the role once the user's record has come; the menu follows it then.
  await expect(page.getByRole('button', { name: new RegExp(`, ${role}, account menu$`) })).toBeVisible({
    timeout: 60_000,
  });
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const names = await menu.getByRole('link').allInnerTexts();
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  return names.map((n) => n.trim());
}

/** Waits until nothing loads any more (the header's activity indicator). */
const settled = (page: Page) => expect(page.locator('[role="status"][data-activity="idle"]')).toBeAttached();

for (const size of SIZES) {
  // On both engines at phone width (issue 31): the till and menus a cashier meets; desktop once.
  test.describe(`at ${size.name} width${size.name === 'phone' ? ' @engine' : ''}`, () => {
    test.use({ viewport: size.viewport });
    const phone = size.name === 'phone';

    test('a cashier lands on the till, is offered only what a cashier may use, and meets no red error', async ({
      page,
      request,
    }) => {
      const owner = await createMerchant(request);
      await subscribeToGrowth(request, owner);
      const cashier = await addCashier(request, owner);

      await page.goto('/auth/sign-in');
      await field(page, 'Email').fill(cashier.email);
      await field(page, 'Password').fill(cashier.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The landing waits for the user's record, slow on a loaded two-core machine.
      await expect(page).toHaveURL(/\/sales\/orders\/generate$/, { timeout: 60_000 });
      await settled(page);
      await page.screenshot({ path: test.info().outputPath(`cashier-landing-${size.name}.png`) });

      const links = await menuLinks(page, phone, 'Cashier');
      expect(links).toEqual(CASHIER_MENU);
      if (phone) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: test.info().outputPath(`cashier-menu-${size.name}.png`) });
        await page.getByRole('button', { name: 'Open navigation' }).click();
      }

      // Every screen of the menu opens with no load error and no refusal.
      const menu = page.getByRole('navigation', { name: 'Main navigation' });
      for (const name of CASHIER_MENU) {
        if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
        const link = menu.getByRole('link', { name, exact: true });
        const href = (await link.getAttribute('href'))!;
        await link.click();
        // The screen's code may still be coming: its address comes first, then the next tap.
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await settled(page);
        await expect(page.getByText('Could not load', { exact: false })).toHaveCount(0);
        await expect(page.getByText('not part of your role')).toHaveCount(0);
      }
      // Home opened from the menu stays Home: no figures, no red error.
      await expect(page).toHaveURL(/\/settings\/till$/);
      // Settings → Till: the cashier sets up this till's printer; the store's rules are shown, not theirs to change.
      await expect(page.getByRole('heading', { name: "This till's printer" })).toBeVisible();
      await expect(page.getByText('Your role cannot change the till rules.')).toBeVisible();
      await page.goto('/home');
      await settled(page);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Could not load', { exact: false })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'New sale' })).toBeVisible();

      // `/` is the landing too.
      await page.goto('/');
      await expect(page).toHaveURL(/\/sales\/orders\/generate$/);

      // A screen the role cannot use, by its address: plain words and who can open it.
      await page.goto('/wallet');
      await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
      await expect(page.getByText('The wallet is not part of your role')).toBeVisible();
      await expect(
        page.getByText(
          'Ask the store owner, or a team member who can edit roles, to add “View wallet balance and transactions” to your role',
          { exact: false },
        ),
      ).toBeVisible();
      await settled(page);
      await expect(page.getByText('Could not load', { exact: false })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`cashier-refused-wallet-${size.name}.png`) });

      for (const [path, closed] of [
        ['/settings/team', 'The team is not part of your role'],
        ['/settings/subscription', 'The subscription is not part of your role'],
        ['/developers/webhooks', 'Webhooks are not part of your role'],
        ['/dashboard', 'The dashboard is not part of your role'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(closed)).toBeVisible();
        await settled(page);
        await expect(page.getByText('Could not load', { exact: false })).toHaveCount(0);
      }
    });

    test("an owner's menu holds every Settings section and Webhooks; Team shows the plan before the form", async ({
      page,
      request,
    }) => {
      const owner = await createMerchant(request);
      await signIn(page, owner.email);
      const links = await menuLinks(page, phone, 'Owner');
      const settings = links.slice(links.indexOf('Profile'));
      expect(settings).toEqual(SETTINGS);
      expect(links).toEqual(
        expect.arrayContaining(['API keys', 'Webhooks', 'Wallet', 'Dashboard', 'Reports']),
      );

      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      const menu = page.getByRole('navigation', { name: 'Main navigation' });
      await menu.getByRole('link', { name: 'Webhooks', exact: true }).click();
      await expect(page).toHaveURL(/\/developers\/webhooks$/);
      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      await menu.getByRole('link', { name: 'Team', exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/team$/);

      // The plan's limit before any form: at Starter's one member, no invitation to fill in.
      const usage = page.getByTestId('team-usage');
      await expect(usage).toContainText('Team: 1 of 1 on Freemium (Starter)');
      await expect(usage.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
        'href',
        '/settings/subscription',
      );
      await expect(page.getByRole('button', { name: 'Add member' })).toBeDisabled();
      await settled(page);
      await page.screenshot({ path: test.info().outputPath(`owner-team-usage-${size.name}.png`) });

      // The tab strip: every tab's whole name (nothing clipped inside a tab, one line), scrolling.
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(SETTINGS.length);
      expect((await tabs.allInnerTexts()).map((t) => t.trim())).toEqual(SETTINGS);
      for (const tab of await tabs.all()) {
        const fits = await tab.evaluate((el) => {
          const label = el.querySelector<HTMLElement>('.mantine-Tabs-tabLabel') ?? el;
          return label.scrollWidth <= label.clientWidth + 1 && label.getClientRects().length === 1;
        });
        expect(fits, await tab.innerText()).toBe(true);
        const box = (await tab.boundingBox())!;
        expect(box.height, await tab.innerText()).toBeLessThan(60);
      }
      await page.getByRole('tab', { name: 'Subscription' }).click();
      await expect(page).toHaveURL(/\/settings\/subscription$/);
      const open = (await page.getByRole('tab', { name: 'Subscription' }).boundingBox())!;
      expect(open.x).toBeGreaterThanOrEqual(0);
      expect(open.x + open.width).toBeLessThanOrEqual(size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`owner-settings-tabs-${size.name}.png`) });
    });
  });
}
