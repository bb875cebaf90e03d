import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createMerchant,
  field,
  latestMail,
  PASSWORD,
  signIn,
  subscribeToGrowth,
  toast,
  uniqueEmail,
} from './support';

/** The accept link of the newest invitation to an address, read from the outbox like an inbox. */
async function invitationLink(email: string): Promise<string> {
  const text = await latestMail(email, /invited/);
  const link = /\/auth\/accept-invite\?token=[\w-]+/.exec(text);
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return link[0];
}

/** A page in a browser of its own: the invited person, on their phone, not the owner's screen. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** Invites `email` with `role` from the team screen, as the signed-in owner. */
async function invite(page: Page, email: string, role: string, firstName?: string) {
  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Add member' }).click();
  await field(page, 'Email').fill(email);
  if (firstName) await field(page, 'First name').fill(firstName);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
  // The same answer for everyone: the owner cannot tell whether the email has an account.
  await expect(toast(page, 'Invitation sent')).toBeVisible();
}

test('invite a member, change their role, create a role, see both in the audit log, remove the member', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await subscribeToGrowth(request, merchant);
  const email = uniqueEmail('emeka');
  await signIn(page, merchant.email);
  await invite(page, email, 'Cashier', 'Emeka');
  // A new member goes to the front of the list, invited until they accept.
  const rows = page.getByRole('table', { name: 'Team members' }).locator('tbody tr');
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText('Invited');

  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'Role changed')).toBeVisible();
  await expect(rows.first()).toContainText('Manager');

  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await page.getByRole('button', { name: 'Create role' }).click();
  await field(page, 'Role name').fill('Store keeper');
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Choose at least one permission')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Inventory' }).check();
  await expect(page.getByRole('checkbox', { name: 'View products and stock' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
  await expect(toast(page, 'Role created successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Store keeper', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText(`${email} invited as Cashier`);
  await expect(log).toContainText(`${email} is now Manager`);
  await expect(log).toContainText('Role "Store keeper" created');

  // Search and filters live in the URL.
  await page.getByRole('textbox', { name: 'Search' }).fill('Store keeper');
  await expect(page).toHaveURL(/search=Store\+keeper/);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await log.getByRole('cell', { name: 'Role "Store keeper" created' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText('Store keeper');
  await expect(changes).toContainText('products.manage');
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByRole('cell', { name: `${email} is now Manager` }).click();
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('Cashier');
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('Manager');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from store' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Team members' })).not.toContainText(email);
});

test('a new person accepts from the emailed link; their role refuses what it lacks', async ({
  page,
  request,
  browser,
}) => {
  const merchant = await createMerchant(request);
  await subscribeToGrowth(request, merchant);
  const email = uniqueEmail('ada');
  await signIn(page, merchant.email);
  await invite(page, email, 'Manager', 'Ada');
  const row = page.getByRole('table', { name: 'Team members' }).locator('tbody tr', { hasText: email });
  await expect(row).toContainText('Invited');

  // The invited person opens the emailed link in their own browser and chooses a password.
  const invitee = await otherBrowser(browser);
  await invitee.goto(await invitationLink(email));
  await expect(invitee.getByRole('heading', { name: `Join ${merchant.businessName}` })).toBeVisible();
  await expect(invitee.getByText('You were invited as Manager')).toBeVisible();
  await expect(field(invitee, 'First name')).toHaveValue('Ada');
  await field(invitee, 'Password').fill('short');
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invitee.getByText('Password must be at least 8 characters')).toBeVisible();
  await field(invitee, 'Password').fill('ada-till-7x');
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(toast(invitee, 'Welcome to the team')).toBeVisible();
  await expect(invitee).toHaveURL(/\/home$/);

  // A Manager does not manage the team or roles: the menu does not offer them, their addresses
  // say so and whom to ask (issue 31), and the server refuses.
  // The menu follows the role once the user's record is known (the header names the role then).
  await expect(invitee.getByRole('button', { name: 'Ada, Manager, account menu' })).toBeVisible({
    timeout: 60_000,
  });
  const menu = invitee.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await invitee.goto('/settings/team');
  await expect(invitee.getByText('The team is not part of your role')).toBeVisible();
  await invitee.goto('/settings/roles');
  await expect(invitee.getByText('Roles are not part of your role')).toBeVisible();
  const token = await invitee.evaluate(
    () => (JSON.parse(localStorage.getItem('loginToken') ?? 'null') as { value: string } | null)?.value,
  );
  const refused = await invitee.request.post('/api/v1/roles', {
    headers: { Authorization: token ?? '' },
    data: { name: 'Self promotion', permissions: ['products.view'] },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('roles.manage');
  await invitee.context().close();

  // The owner sees them join.
  await page.reload();
  await expect(row).toContainText('Ada');
  await expect(row).toContainText('Active');
});

test('someone who already has an account joins only by signing in from the emailed link', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createMerchant(request, { businessName: 'Iya Basira Stores' });
  await subscribeToGrowth(request, owner);
  const person = await createMerchant(request, { businessName: 'Kemi Fabrics' });
  await signIn(page, owner.email);
  await invite(page, person.email, 'Cashier');
  const row = page
    .getByRole('table', { name: 'Team members' })
    .locator('tbody tr', { hasText: person.email });
  await expect(row).toContainText('Invited');

  const invitee = await otherBrowser(browser);
  await invitee.goto(await invitationLink(person.email));
  await expect(
    invitee.getByText('You already have a Tillbook account. Sign in with it to accept.'),
  ).toBeVisible();
  await field(invitee, 'Password').fill('not-my-password-1');
  await invitee.getByRole('button', { name: 'Sign in and accept' }).click();
  await expect(toast(invitee, 'Email or password is incorrect.')).toBeVisible();
  await expect(invitee).toHaveURL(/\/auth\/accept-invite/);
  await field(invitee, 'Password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in and accept' }).click();
  // A cashier lands on the till (issue 31), in the store that invited them.
  await expect(invitee).toHaveURL(/\/sales\/orders\/generate$/, { timeout: 60_000 });
  await invitee.goto('/home');
  await expect(invitee.getByTestId('current-store')).toContainText('Iya Basira Stores');
  await invitee.context().close();

  await page.reload();
  await expect(row).toContainText('Active');
});
