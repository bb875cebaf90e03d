import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithTwoStores,
  createMerchant,
  latestMail,
  PASSWORD,
  uniqueEmail,
  type Merchant,
} from '../../test/fixtures.js';
import { expectAnswer } from '../../test/expect-answer.js';
import type { TestApp } from '../../test/harness.js';
import { fileUpload, TINY_PNG } from '../../test/multipart.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

/** A member whose custom role may only view customers and products. */
async function createViewer(app: TestApp, owner: Merchant): Promise<Merchant> {
  const role = await app.call('POST', '/roles', {
    token: owner.token,
    body: { name: `Viewer ${uniqueEmail('r')}`, permissions: ['customers.view', 'products.view'] },
  });
  const email = uniqueEmail('viewer');
  await app.call('POST', '/members/add-member', {
    token: owner.token,
    body: { email, role_id: role.body.data.id },
  });
  const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(app, email)).text)![1]!;
  const accepted = await app.call('POST', '/members/accept-invite', {
    body: { token, password: PASSWORD, first_name: 'View', last_name: 'Only' },
  });
  return { token: accepted.body.data.userToken, user: accepted.body.data, storeId: owner.storeId, email };
}

let phoneSeq = 1000;
const phone = () => `+23480312${String(phoneSeq++).padStart(5, '0')}`;

const create = (body: Record<string, unknown>, who: Merchant = m) =>
  t.call('POST', '/customers/create', {
    token: who.token,
    body: { first_name: 'Ada', last_name: 'Obi', phone_number: phone(), ...body },
  });

async function created(body: Record<string, unknown>, who: Merchant = m) {
  const res = await create(body, who);
  expect(res.status).toBe(201);
  return res.body.data;
}

const names = (res: { body: { data: Array<{ full_name: string }> } }) =>
  res.body.data.map((c) => c.full_name);

describe('customers', () => {
  it("adds a customer with the client's message and reads it with its order figures", async () => {
    const res = await create({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      phone_number: '+234 803 555 0101',
      email_address: 'Ngozi.Okafor@Example.com',
      address: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      notes: 'Prefers delivery after 5pm',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Customer added succefully');
    const c = res.body.data;
    expect(c).toMatchObject({
      full_name: 'Ngozi Okafor',
      phone_number: '+2348035550101',
      email_address: 'ngozi.okafor@example.com',
      is_active: true,
      status: 'active',
      orders_count: 0,
      total_spent: 0,
      last_order_at: null,
    });
    const got = await t.call('GET', `/customers/${c.id}`, {
      token: cashier.token,
      query: { storeId: m.storeId },
    });
    expect(got.body.data).toEqual(c);
    const audit = await t.db
      .selectFrom('audits')
      .select('action')
      .where('entity_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('customer.created');
  });

  // Issue 15, finding 8: "Ada\u202Egnp.exe" was stored as typed and shown reversed on screen.
  it('stores names and notes without bidirectional control characters, when created, edited or imported', async () => {
    const c = await created({
      first_name: '\u202EAda\u202C',
      last_name: 'Obi\u2067',
      notes: 'pay\u202E later',
    });
    expect(c).toMatchObject({
      first_name: 'Ada',
      last_name: 'Obi',
      full_name: 'Ada Obi',
      notes: 'pay later',
    });
    const edited = await t.call('PATCH', `/customers/update/${c.id}`, {
      token: m.token,
      body: { last_name: '\u2066Okafor\u2069', city: 'Ikeja\u202E' },
    });
    expect(edited.body.data).toMatchObject({ last_name: 'Okafor', city: 'Ikeja' });
    const row = await t.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect([row.first_name, row.last_name, row.notes, row.city].join('|')).toBe('Ada|Okafor|pay later|Ikeja');

    const imported = await t.call('POST', '/customers/upload', {
      token: m.token,
      ...fileUpload(
        'First Name,Last Name,Phone\n\u202EBisi,Ade\u202Eyemi,08091234001\n',
        'c.csv',
        'text/csv',
      ),
    });
    expect(imported.status).toBe(200);
    const found = await t.db
      .selectFrom('customers')
      .select(['first_name', 'last_name'])
      .where('store_id', '=', m.storeId)
      .where('phone_number', '=', '08091234001')
      .executeTakeFirstOrThrow();
    expect(found).toEqual({ first_name: 'Bisi', last_name: 'Adeyemi' });
  });

  it('validates with field messages, the phone_number one included', async () => {
    const res = await t.call('POST', '/customers/create', {
      token: m.token,
      body: { first_name: '', phone_number: '12345', email_address: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.fields).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      phone_number: 'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
      email_address: 'Enter a valid email address',
    });
    expect((await create({ email_address: '' })).status).toBe(201);
  });

  it('refuses a phone number or email another customer of the store has, and allows it elsewhere', async () => {
    const first = await created({
      first_name: 'Tunde',
      last_name: 'Bakare',
      email_address: 'tunde@example.com',
    });
    const samePhone = await create({ phone_number: first.phone_number });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe('This phone number already belongs to Tunde Bakare.');
    expect(samePhone.body.error.fields).toEqual({ phone_number: 'Another customer has this phone number' });
    const sameEmail = await create({ email_address: 'TUNDE@example.com' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.fields).toEqual({ email_address: 'Another customer has this email address' });
    expect((await create({ phone_number: first.phone_number }, other)).status).toBe(201);
  });

  it("updates with the client's message, and refuses another customer's phone", async () => {
    const c = await created({ first_name: 'Musa' });
    const taken = await created({ first_name: 'Zainab' });
    const res = await t.call('PATCH', `/customers/update/${c.id}`, {
      token: m.token,
      body: { last_name: 'Abubakar', city: 'Kano', email_address: 'musa@example.com' },
    });
    expectAnswer(res, 200, 'Customer updated successfully!!', {
      full_name: 'Musa Abubakar',
      city: 'Kano',
      email_address: 'musa@example.com',
    });
    const clash = await t.call('PATCH', `/customers/update/${c.id}`, {
      token: m.token,
      body: { phone_number: taken.phone_number },
    });
    expect(clash.status).toBe(409);
    expect((await t.call('PATCH', `/customers/update/${c.id}`, { token: m.token, body: {} })).status).toBe(
      400,
    );
    const found = await t.call('GET', '/customers/search/name/', {
      token: m.token,
      query: { first: 'abubakar' },
    });
    expect(names(found)).toEqual(['Musa Abubakar']);
  });

  it('generates a realistic sample customer', async () => {
    const res = await t.call('POST', '/customers/auto-create', { token: m.token });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Customer generated successfully');
    expect(res.body.data.phone_number).toMatch(/^\+234[789]\d{9}$/);
    expect(res.body.data.country).toBe('Nigeria');
    expect(res.body.data.email_address).toMatch(/@example\.com$/);
  });

  it('blocks and unblocks with GET and POST, and a blocked customer cannot be put on an order', async () => {
    const c = await created({ first_name: 'Chiamaka', last_name: 'Eze' });
    const blocked = await t.call('GET', `/customers/block/${c.id}`, { token: m.token });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ is_active: false, status: 'blocked' });
    const product = (
      await t.call('POST', '/product/create', {
        token: m.token,
        body: { name: 'Agege Bread', price: 120000, quantity: 5 },
      })
    ).body.data;
    const order = (customer_id: string) =>
      t.call('POST', '/order', {
        token: m.token,
        body: { customer_id, items: [{ product_id: product.id, quantity: 1 }], payment_type: 'cash' },
      });
    const refused = await order(c.id);
    expect(refused.status).toBe(409);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^Chiamaka Eze is blocked and cannot be put on a new order/);
    const unblocked = await t.call('POST', `/customers/unblock/${c.id}`, { token: m.token });
    expect(unblocked.body.data.status).toBe('active');
    expect((await order(c.id)).status).toBe(201);
    const again = await t.call('POST', `/customers/block/${c.id}`, { token: m.token });
    expect(again.body.data.status).toBe('blocked');
    const audits = await t.db
      .selectFrom('audits')
      .select('action')
      .where('entity_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'customer.created',
      'customer.blocked',
      'customer.unblocked',
      'customer.blocked',
    ]);
  });

  it('lists newest first, filters, and searches by name, phone or email', async () => {
    const fresh = await createMerchant(t);
    const a = await created(
      { first_name: 'Emeka', last_name: 'Nwosu', phone_number: '+2348061112222' },
      fresh,
    );
    await created({ first_name: 'Funmilayo', last_name: 'Adeyemi', email_address: 'funmi@shop.ng' }, fresh);
    const c = await created({ first_name: 'Emeka', last_name: 'Okonkwo' }, fresh);
    await t.call('GET', `/customers/block/${c.id}`, { token: fresh.token });

    const list = await t.call('GET', '/customers/paginated-results', {
      token: fresh.token,
      query: { page: 1, perPage: 2, storeId: fresh.storeId },
    });
    expect(names(list)).toEqual(['Emeka Okonkwo', 'Funmilayo Adeyemi']);
    expect(list.body.pagination).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 });

    const filter = (f: string) => t.call('GET', `/customers/filter-customer/${f}`, { token: fresh.token });
    expect(names(await filter('blocked'))).toEqual(['Emeka Okonkwo']);
    expect((await filter('blocked')).body.pagination.total).toBe(1);
    expect(names(await filter('active'))).toEqual(['Funmilayo Adeyemi', 'Emeka Nwosu']);
    expect((await filter('active')).body.pagination.total).toBe(2);
    const both = await t.call('GET', '/customers/paginated-results', {
      token: fresh.token,
      query: { status: 'active', filter: 'blocked' },
    });
    expect(both.body.data).toEqual([]);
    expect(both.body.pagination.total).toBe(0);
    expect((await filter('new')).body.pagination.total).toBe(3);
    expect((await filter('returning')).body.data).toEqual([]);
    const bad = await filter('vip');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.filter).toBe('Filter must be one of active, blocked, new, returning');
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.db.updateTable('customers').set({ created_at: longAgo }).where('id', '=', a.id).execute();
    expect(names(await filter('new'))).toEqual(['Emeka Okonkwo', 'Funmilayo Adeyemi']);

    const search = (first: string) =>
      t.call('GET', '/customers/search/name', { token: fresh.token, query: { first } });
    expect(names(await search('emeka'))).toEqual(['Emeka Nwosu', 'Emeka Okonkwo']);
    expect(names(await search('EMEKA nw'))).toEqual(['Emeka Nwosu']);
    expect(names(await search('08061112222'))).toEqual(['Emeka Nwosu']);
    expect(names(await search('+234 806 111'))).toEqual(['Emeka Nwosu']);
    expect(names(await search('funmi@shop'))).toEqual(['Funmilayo Adeyemi']);
    expect((await t.call('GET', '/customers/search/name', { token: fresh.token })).status).toBe(400);
  });

  // Issue 15, conformance: search matched word starts only, so "bayo" did not find "Adebayo".
  it('finds part of a name, phone number or email anywhere in it, in lists and in the search call', async () => {
    const fresh = await createMerchant(t);
    const ade = await created(
      {
        first_name: 'Adebayo',
        last_name: 'Ogunleye',
        phone_number: '+2348031234567',
        email_address: 'ade.ogun@mamaput.ng',
      },
      fresh,
    );
    await created({ first_name: 'Chiamaka', last_name: 'Okonkwo', phone_number: '08059876543' }, fresh);
    await created({ first_name: 'Bayode', last_name: 'Ayinla', phone_number: '08071110000' }, fresh);
    // Another store's Adebayo is never found.
    await created({ first_name: 'Adebayo', last_name: 'Stranger', phone_number: '08091234567' }, other);

    const search = async (first: string) =>
      names(await t.call('GET', '/customers/search/name', { token: fresh.token, query: { first } }));
    const list = async (search: string) =>
      names(await t.call('GET', '/customers/paginated-results', { token: fresh.token, query: { search } }));

    expect(await search('bayo')).toEqual(['Adebayo Ogunleye', 'Bayode Ayinla']);
    expect(await list('bayo')).toEqual(['Bayode Ayinla', 'Adebayo Ogunleye']);
    expect(await search('ebay')).toEqual(['Adebayo Ogunleye']);
    expect(await search('onkw')).toEqual(['Chiamaka Okonkwo']);
    expect(await search('gunl')).toEqual(['Adebayo Ogunleye']);
    // The last digits of a phone number, or digits from its middle.
    expect(await search('4567')).toEqual(['Adebayo Ogunleye']);
    expect(await search('987 65')).toEqual(['Chiamaka Okonkwo']);
    expect(await search('0000')).toEqual(['Bayode Ayinla']);
    // Part of an email.
    expect(await search('amaput')).toEqual(['Adebayo Ogunleye']);
    // Every word typed must be found: "bayo ayin" is Bayode Ayinla only.
    expect(await search('bayo yinla')).toEqual(['Bayode Ayinla']);
    // One or two letters still match the start of a word only.
    expect(await search('ay')).toEqual(['Bayode Ayinla']);
    expect(await search('zzz')).toEqual([]);
    const counted = await t.call('GET', '/customers/paginated-results', {
      token: fresh.token,
      query: { search: 'bayo', perPage: 1 },
    });
    expect(counted.body.pagination).toEqual({ page: 1, perPage: 1, total: 2, totalPages: 2 });
    // With a filter the search goes through the same index.
    const active = await t.call('GET', '/customers/paginated-results', {
      token: fresh.token,
      query: { search: 'ebay', status: 'active' },
    });
    expect(names(active)).toEqual(['Adebayo Ogunleye']);

    // A new name is found by its parts, and the old one no longer is.
    await t.call('PATCH', `/customers/update/${ade.id}`, {
      token: fresh.token,
      body: { first_name: 'Oluwaseun', phone_number: '+2348030001111', email_address: 'seun@mamaput.ng' },
    });
    expect(await search('waseu')).toEqual(['Oluwaseun Ogunleye']);
    expect(await search('ebay')).toEqual([]);
    expect(await search('4567')).toEqual([]);
    expect(await search('1111')).toEqual(['Oluwaseun Ogunleye']);
  });

  it("lists a customer's orders (none before any sale)", async () => {
    const c = await created({ first_name: 'Halima' });
    const res = await t.call('GET', `/api/v1/order/customer/${c.id}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination).toEqual({ page: 1, perPage: 10, total: 0, totalPages: 1 });
    expect((await t.call('GET', `/order/customer/${c.id}`, { token: other.token })).status).toBe(404);
  });

  it("answers 404 for another store's customer and changes nothing", async () => {
    const theirs = await created({ first_name: 'Osaro', last_name: 'Iyamu' }, other);
    for (const [method, url, body] of [
      ['GET', `/customers/${theirs.id}`, undefined],
      ['PATCH', `/customers/update/${theirs.id}`, { first_name: 'Hacked' }],
      ['GET', `/customers/block/${theirs.id}`, undefined],
      ['POST', `/customers/unblock/${theirs.id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, { token: m.token, body })).status).toBe(404);
    }
    const still = await t.call('GET', `/customers/${theirs.id}`, { token: other.token });
    expect(still.body.data).toMatchObject({ first_name: 'Osaro', status: 'active' });
    const list = await t.call('GET', '/customers/paginated-results', {
      token: m.token,
      query: { perPage: 100 },
    });
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(theirs.id);
  });

  it('lets a cashier view and add customers but not block them', async () => {
    const c = await created({ first_name: 'Kelechi' });
    expect((await create({ first_name: 'By cashier' }, cashier)).status).toBe(201);
    const denied = await t.call('GET', `/customers/block/${c.id}`, { token: cashier.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('customers.block');
    expect((await t.call('GET', `/customers/${c.id}`, { token: m.token })).body.data.status).toBe('active');
  });
});

describe('customer import', () => {
  let shop: Merchant;
  beforeAll(async () => {
    shop = await createMerchant(t);
  });
  const upload = (content: string | Buffer, query: Record<string, string> = {}, name = 'customers.csv') =>
    t.call('POST', '/customers/upload', {
      token: shop.token,
      query,
      ...fileUpload(content, name, 'text/csv'),
    });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', shop.storeId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const FILE = [
    'First Name,Last Name,Phone,Email,City,State',
    'Ngozi,Okafor,08031234567,ngozi@example.com,Ikeja,Lagos',
    'Ibrahim,Bello,+2348061234567,,Kaduna,Kaduna',
    ',Adeyemi,08051234567,,,',
    'Segun,Ade,12345,,,',
    'Bukola,Afolabi,08071234567,not-an-email,,',
    'Ngozi,Twin,08081234567,ngozi@example.com,,',
    '',
  ].join('\n');

  it('imports the valid rows and lists each rejected row with its line and reason', async () => {
    const res = await upload(FILE);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Imported customers: 2 created, 0 updated, 0 unchanged; 4 rows rejected.');
    expect(res.body.data.rejected).toEqual([
      { line: 4, field: 'first_name', reason: 'First name is required' },
      {
        line: 5,
        field: 'phone_number',
        reason: 'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
      },
      { line: 6, field: 'email_address', reason: 'Enter a valid email address' },
      { line: 7, field: 'email_address', reason: 'Email ngozi@example.com is already on line 2' },
    ]);
    expect(await count()).toBe(2);
  });

  it('does not duplicate on a re-upload and updates what changed', async () => {
    const before = await count();
    const again = await upload(FILE);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await count()).toBe(before);
    const changed = await upload(FILE.replace('Kaduna,Kaduna', 'Zaria,Kaduna'));
    expect(changed.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const found = await t.call('GET', '/customers/search/name', {
      token: shop.token,
      query: { first: 'ibrahim' },
    });
    expect(found.body.data[0].city).toBe('Zaria');
  });

  it('with atomic=true writes nothing when a row fails', async () => {
    const before = await count();
    const res = await upload(
      'first_name,last_name,phone_number\nNew,Person,08091234567\n,Missing,08091234568\n',
      {
        atomic: 'true',
      },
    );
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.error.fields).toEqual({ 'line 3': 'First name is required' });
    expect(await count()).toBe(before);
  });

  it('round-trips an export, and refuses files that are not CSV or XLSX', async () => {
    const exported = await t.call('GET', '/customers/export', { token: shop.token });
    expect(String(exported.body)).toContain('first_name,last_name,phone_number,email_address');
    expect(String(exported.body)).toContain('+2348061234567');
    const res = await upload(String(exported.body));
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, rejected: [] });
    expect(res.body.data.unchanged).toBe(await count());
    expect((await upload(TINY_PNG, {}, 'customers.csv')).status).toBe(415);
    const template = await t.call('GET', '/customers/upload/template', { token: shop.token });
    expect(String(template.body).split('\r\n')[0]).toBe(
      'first_name,last_name,phone_number,email_address,address,city,state,country,notes,status',
    );
  });

  it('needs customers.manage to import', async () => {
    const viewer = await createViewer(t, m);
    const res = await t.call('POST', '/customers/upload', {
      token: viewer.token,
      ...fileUpload('first_name,last_name,phone_number\nA,B,08031231231\n', 'c.csv', 'text/csv'),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('customers.manage');
    expect((await t.call('GET', '/customers/paginated-results', { token: viewer.token })).status).toBe(200);
    expect((await t.call('POST', '/customers/auto-create', { token: viewer.token })).status).toBe(403);
  });
});

describe('customer export', () => {
  it('quotes commas, quotes and line breaks, escapes formulas, and imports back unchanged', async () => {
    const shop = await createMerchant(t);
    const created = await t.call('POST', '/customers/create', {
      token: shop.token,
      body: {
        first_name: 'Ngozi "Nne"',
        last_name: 'Okafor, Jnr',
        phone_number: '+2348031234500',
        address: '12 Allen Avenue\nIkeja GRA',
        city: '@SUM(1+1)',
        state: "-2+3+cmd|'/C calc'!A0",
        country: '+Lagos',
        notes: '=HYPERLINK("http://evil.example","Refund")',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const exported = await t.call('GET', '/customers/export', { token: shop.token });
    expect(exported.status).toBe(200);
    const text = String(exported.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe(
      'first_name,last_name,phone_number,email_address,address,city,state,country,notes,status\r\n' +
        '"Ngozi ""Nne""","Okafor, Jnr",+2348031234500,,"12 Allen Avenue\nIkeja GRA",' +
        `"'@SUM(1+1)","'-2+3+cmd|'/C calc'!A0","'+Lagos",` +
        `"'=HYPERLINK(""http://evil.example"",""Refund"")",active\r\n`,
    );
    // A CSV reader gets each value back in its own cell, the formulas as text.
    const [, cells] = Papa.parse<string[]>(text.slice(1).trim()).data;
    expect(cells).toEqual([
      'Ngozi "Nne"',
      'Okafor, Jnr',
      '+2348031234500',
      '',
      '12 Allen Avenue\nIkeja GRA',
      "'@SUM(1+1)",
      "'-2+3+cmd|'/C calc'!A0",
      "'+Lagos",
      `'=HYPERLINK("http://evil.example","Refund")`,
      'active',
    ]);

    // The import takes the quote marks off again: nothing changes.
    const back = await t.call('POST', '/customers/upload', {
      token: shop.token,
      ...fileUpload(text, 'customers.csv', 'text/csv'),
    });
    expect(back.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1, rejected: [] });
    const after = await t.call('GET', `/customers/${created.body.data.id}`, { token: shop.token });
    expect(after.body.data).toMatchObject({
      city: '@SUM(1+1)',
      country: '+Lagos',
      notes: '=HYPERLINK("http://evil.example","Refund")',
    });
  });
});
