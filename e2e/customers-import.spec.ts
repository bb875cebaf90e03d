import { expect, test } from '@playwright/test';
import { createMerchant, signIn, toast, toastsGone } from './support';

const CSV = [
  'first_name,last_name,phone_number,email_address,city',
  'Ngozi,Eze,+2348051112222,ngozi@example.ng,Enugu',
  'Emeka,Okoro,0803,emeka@example.ng,Onitsha',
  'Funke,,+2348053334444,funke@example.ng,Ibadan',
  'Yusuf,Bello,0805 666 7777,,Kano',
].join('\n');

const file = { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) };

test('importing customers reports each bad row with its line and reason and adds the good ones @engine', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  const headers = { Authorization: merchant.token };
  await signIn(page, merchant.email);
  await page.goto('/sales/customers');
  await expect(page.getByText('No customers yet')).toBeVisible();
  await toastsGone(page);
  await page.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });

  // All or nothing first: a file with errors writes nobody.
  await dialog.getByRole('checkbox', { name: 'Import nothing if any row has an error' }).check();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByRole('status')).toContainText(
    'Nothing was imported: 2 rows of 4 rows have errors. Correct them and upload the file again.',
  );
  await expect(dialog.getByRole('table', { name: 'Rejected rows' }).locator('tbody tr')).toHaveCount(2);
  const none = await request.get('/api/v1/customers/paginated-results', { headers });
  expect((await none.json()).data).toHaveLength(0);

  // Without it, the good rows go in and the bad ones are named by line, column and reason.
  await dialog.getByRole('checkbox', { name: 'Import nothing if any row has an error' }).uncheck();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  // The summary and its toast come together; the toast lasts seconds, so both are awaited at once
  // (one after the other, a slow first match outlived the toast on a loaded machine).
  await Promise.all([
    expect(dialog.getByRole('status')).toContainText(
      'Imported customers: 2 created, 0 updated, 0 unchanged; 2 rows rejected.',
    ),
    expect(
      toast(page, 'Imported customers: 2 created, 0 updated, 0 unchanged; 2 rows rejected.'),
    ).toBeVisible(),
  ]);
  await expect(dialog.getByText('Rejected rows (2)')).toBeVisible();
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' }).locator('tbody tr');
  await expect(rejected).toHaveCount(2);
  // The header is line 1: Emeka is on line 3, Funke on line 4.
  await expect(rejected.nth(0).locator('td')).toHaveText([
    '3',
    'phone_number',
    'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
  ]);
  await expect(rejected.nth(1).locator('td')).toHaveText(['4', 'last_name', 'Last name is required']);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table).toContainText('Ngozi Eze');
  await expect(table).toContainText('+2348051112222');
  await expect(table).toContainText('Yusuf Bello');
  await expect(table).toContainText('08056667777');
  await expect(table).not.toContainText('Emeka');
  await expect(table).not.toContainText('Funke');

  const saved = (await (await request.get('/api/v1/customers/paginated-results', { headers })).json())
    .data as Array<{ full_name: string; phone_number: string; email_address: string | null; city: string }>;
  expect(saved.map((c) => c.full_name).sort()).toEqual(['Ngozi Eze', 'Yusuf Bello']);
  expect(saved.find((c) => c.full_name === 'Yusuf Bello')).toMatchObject({
    phone_number: '08056667777',
    email_address: null,
    city: 'Kano',
  });

  // The same file again adds nobody: the good rows are matched to who is there.
  await toastsGone(page);
  await page.getByRole('button', { name: 'Import' }).first().click();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByRole('status')).toContainText(
    '0 created, 0 updated, 2 unchanged; 2 rows rejected.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(2);
});
