import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { specCalls } from './test/calls-table.js';
import { createTestApp, type Reply, type TestApp } from './test/harness.js';
import {
  createMerchant,
  latestCode,
  latestMail,
  PASSWORD,
  PNG_1X1,
  signUpBody,
  uniqueEmail,
  type Merchant,
} from './test/fixtures.js';
import { fileUpload } from './test/multipart.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerRequestContext } from './plugins/request-context.js';
import { newId } from './lib/ids.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(async () => t.close());

describe('HTTP basics', () => {
  it('answers health and readiness without a session', async () => {
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
    const ready = (await t.call('GET', '/ready')).body;
    expect(ready.status).toBe('ready');
    // The engine it runs on: SQLite, PostgreSQL, or Citus with its workers and no table left local.
    if (t.database.engine === 'sqlite') expect(ready.engine).toEqual({ engine: 'sqlite' });
    else if (ready.engine.engine === 'postgres') expect(ready.engine).toEqual({ engine: 'postgres' });
    else expect(ready.engine).toEqual({ engine: 'citus', workers: expect.any(Number), localTables: [] });
    if (ready.engine.engine === 'citus') expect(ready.engine.workers).toBeGreaterThanOrEqual(1);
  });

  it('puts a request id on every answer and in every error body', async () => {
    const ok = await t.call('GET', '/health');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.call('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      message: 'No route GET /api/v1/no/such/route',
      error: {
        code: 'NOT_FOUND',
        message: 'No route GET /api/v1/no/such/route',
        requestId: missing.headers['x-request-id'],
      },
    });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.call('POST', '/user/signin', {
      body: { email: 'a@b.ng', password: 'x'.repeat(8000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('validates query strings with field names', async () => {
    const m = await createMerchant(t);
    const res = await t.call('GET', '/audits', { token: m.token, query: { page: 0, perPage: 1000 } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ page: 'Must be at least 1', perPage: 'Must be at most 100' });
  });

  it('hides the details of a server error and logs them under the request id', async () => {
    const logs: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().error.code).toBe('INTERNAL');
    expect(logs.join('')).toContain('hunter2');
    expect(logs.join('')).toContain(res.json().error.requestId);
    await app.close();
  });

  it('refuses to start with a route that declares no access rule (deny by default)', async () => {
    const app = Fastify();
    registerRequestContext(app, t.db, {} as never);
    const start = async () => {
      await app.register(async (api) => {
        api.get('/api/v1/open', async () => 'oops');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no access rule/);
  });

  it('serves the built web app with the strict CSP and an SPA fallback', async () => {
    const dist = path.join(tmpdir(), `tillbook-dist-${newId()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'export {}');
    const app = await buildApp({
      config: { ...t.config, WEB_DIST_DIR: dist },
      database: t.database,
      logger: false,
    });
    const page = await app.inject({ method: 'GET', url: '/sales/orders/details/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const csp = String(page.headers['content-security-policy']);
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(rule);
    }
    // WebAssembly may be compiled (the camera scanner); JavaScript may not be evaluated.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    await app.close();
  });
});

describe('configuration', () => {
  it('refuses a wrong setting with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /DATABASE_URL must start with sqlite: or postgres:\/\//,
    );
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp', APP_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
  });

  it('generates APP_SECRET into the data folder once and reuses it', () => {
    const dir = path.join(tmpdir(), `tillbook-cfg-${newId()}`);
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.APP_SECRET).toHaveLength(43);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first.APP_SECRET);
  });

  it('keeps the SQLite database in the data folder unless DATABASE_URL names one', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).DATABASE_URL).toBe('sqlite:data/app.db');
    expect(loadConfig({ ...secret, DATA_DIR: '/srv/shop' }).DATABASE_URL).toBe('sqlite:/srv/shop/app.db');
    expect(
      loadConfig({ ...secret, DATA_DIR: '/srv/shop', DATABASE_URL: 'postgres://db/tillbook' }).DATABASE_URL,
    ).toBe('postgres://db/tillbook');
  });
});

describe('the per-address limits the browser tests raise', () => {
  // One address signs up, confirms and signs in every browser test's shop, so scripts/e2e.mjs
  // raises these; a real address keeps the defaults.
  it('default to 30 sign-ins and 30 code checks per address', () => {
    const config = loadConfig({ APP_SECRET: 'x'.repeat(40) });
    expect([config.SIGNIN_MAX_PER_IP_15MIN, config.CODE_CHECKS_MAX_PER_IP_15MIN]).toEqual([30, 30]);
  });

  it('refuse the attempt after the configured number from one address', async () => {
    const limited = await createTestApp({ SIGNIN_MAX_PER_IP_15MIN: '2', CODE_CHECKS_MAX_PER_IP_15MIN: '2' });
    try {
      const ip = '192.0.2.10';
      const signIn = () =>
        limited.call('POST', '/user/signin', {
          ip,
          body: { email: uniqueEmail(), password: 'wrong-pass-1' },
        });
      expect([(await signIn()).status, (await signIn()).status, (await signIn()).status]).toEqual([
        401, 401, 429,
      ]);
      const check = () =>
        limited.call('POST', '/user/verify-email', { ip, body: { email: uniqueEmail(), code: '123456' } });
      const [first, second, third] = [await check(), await check(), await check()];
      expect([first.status, second.status]).not.toContain(429);
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('the spec’s calls', () => {
  // Areas whose modules exist and whose calls this file checks (the sales and catalogue calls have
  // their own files); each later module adds its area here.
  const BUILT = new Set(['auth', 'stores', 'vendors', 'purchase-orders']);
  const SETTINGS_BUILT = /^\/api\/v1\/(user|members|audits|permissions|roles|stores|shipping|tax)\b/;
  const calls = specCalls().filter(
    (c) => BUILT.has(c.area) || (c.area === 'settings' && SETTINGS_BUILT.test(c.path)),
  );
  const key = (c: { method: string; specPath: string }) => `${c.method} ${c.specPath}`;

  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant(t);
  });

  /** The answer's status and envelope: a route that answers anything else fails here first. */
  function expectAnswer(res: Reply, status: number, message: string | RegExp = 'OK') {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: true, message });
    return res.body.data;
  }

  function expectPage(res: Reply, page = 1, perPage = 10) {
    const data = expectAnswer(res, 200);
    expect(Array.isArray(data)).toBe(true);
    expect(res.body.pagination).toMatchObject({ page, perPage, total: expect.any(Number) });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(data.length);
    return data as any[];
  }

  const as = (who: { token: string }, body?: unknown) => ({ token: who.token, body });

  /** A signed-up account that has not onboarded yet (no store). */
  async function newAccount() {
    const body = signUpBody();
    const res = await t.call('POST', '/user/signup', { body });
    expect(res.status).toBe(201);
    return { id: res.body.data.id as string, token: res.body.data.userToken as string, email: body.email };
  }

  async function roleId(key: string) {
    const roles = await t.call('GET', '/roles', { token: m.token });
    return (roles.body.data as Array<{ id: string; key: string | null }>).find((r) => r.key === key)!.id;
  }

  async function invite(email = uniqueEmail('staff')) {
    const res = await t.call(
      'POST',
      '/members/add-member',
      as(m, { email, role_id: await roleId('cashier') }),
    );
    return expectAnswer(res, 201, 'Invitation sent');
  }

  async function members() {
    return (await t.call('GET', '/members/all-members', { token: m.token })).body.data as any[];
  }

  async function newVendor(name = 'Alaba Wholesale') {
    const res = await t.call('POST', '/vendor', as(m, { name, email: 'sales@alaba.ng' }));
    return expectAnswer(res, 201, 'Vendor added');
  }

  async function newAddress(vendorId: string) {
    const res = await t.call(
      'POST',
      `/vendor/${vendorId}/addresses`,
      as(m, { type: 'billing', line1: '12 Broad Street', city: 'Lagos', country: 'Nigeria' }),
    );
    return expectAnswer(res, 201, 'Address added');
  }

  async function newPurchaseOrder() {
    const vendor = await newVendor(`Vendor ${uniqueEmail()}`);
    const product = expectAnswer(
      await t.call('POST', '/product/create', as(m, { name: `Rice ${uniqueEmail()}`, price: 150000 })),
      201,
      /./,
    );
    const res = await t.call(
      'POST',
      '/purchase_order',
      as(m, { vendor_id: vendor.id, items: [{ product_id: product.id, quantity: 4, unit_cost: 90000 }] }),
    );
    return { vendor, product, order: expectAnswer(res, 201, 'Purchase order created') };
  }

  async function newShippingRate() {
    const res = await t.call(
      'POST',
      '/shipping',
      as(m, {
        name: 'Lagos mainland',
        country: 'Nigeria',
        states: ['Lagos'],
        fee: 150000,
        estimated_days: '1-2',
      }),
    );
    return expectAnswer(res, 201, 'Shipping rate added');
  }

  async function shippingRates() {
    return (await t.call('GET', `/shipping/store/${m.storeId}`, { token: m.token })).body.data as any[];
  }

  async function newTaxRule(country = 'Nigeria') {
    const res = await t.call(
      'POST',
      '/tax',
      as(m, { country, states: ['*'], rates: [{ name: 'VAT', rate: 7.5 }], inclusive: false }),
    );
    return expectAnswer(res, 201, 'Tax rule added');
  }

  async function taxRules() {
    return (await t.call('GET', `/tax/store/${m.storeId}`, { token: m.token })).body.data as any[];
  }

  function upload(path: string) {
    const file = fileUpload(PNG_1X1, 'logo.png', 'image/png');
    return t.call('PATCH', path, { token: m.token, ...file });
  }

  /** What each call of the table must answer to a valid request, and what it must have done. */
  const CASES: Record<string, () => Promise<void>> = {
    'POST /api/v1/user/signin': async () => {
      const res = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
      const data = expectAnswer(res, 200, 'Login successful');
      expect(data).toMatchObject({ email: m.email, store_id: m.storeId, userToken: expect.any(String) });
      expect(data.userStore.map((s: { store_id: string }) => s.store_id)).toContain(m.storeId);
      expect((await t.call('GET', '/user/singleuser', { token: data.userToken })).status).toBe(200);
    },
    'POST /api/v1/user/signup': async () => {
      const body = signUpBody();
      const res = await t.call('POST', '/user/signup', { body });
      const data = expectAnswer(res, 201, 'Account created. We sent a verification code to your email.');
      expect(data).toMatchObject({ email: body.email, email_verified: false, store_id: null });
      expect((await latestMail(t, body.email)).subject).toMatch(/Verify/);
    },
    'PATCH /api/v1/user/forgot-password': async () => {
      const res = await t.call('PATCH', '/user/forgot-password', { body: { email: m.email } });
      expect(expectAnswer(res, 200, /a reset code is on its way/)).toBeNull();
      expect((await latestMail(t, m.email)).subject).toMatch(/reset/i);
    },
    'PATCH /api/v1/user/reset-password/{id}': async () => {
      const account = await newAccount();
      await t.call('PATCH', '/user/forgot-password', { body: { email: account.email } });
      const code = await latestCode(t, account.email);
      const otp = await t.call('POST', '/user/verify-otp', { body: { email: account.email, code } });
      const { reset_id } = expectAnswer(otp, 200, 'Code accepted. Choose a new password.');
      const res = await t.call('PATCH', `/user/reset-password/${reset_id}`, {
        body: { password: 'rainy-night-77', confirm_password: 'rainy-night-77' },
      });
      expect(expectAnswer(res, 200, 'Password changed. Sign in with your new password.')).toBeNull();
      const signIn = (password: string) =>
        t.call('POST', '/user/signin', { body: { email: account.email, password } });
      expect((await signIn('rainy-night-77')).status).toBe(200);
      expect((await signIn(PASSWORD)).status).toBe(401);
    },
    'PUT /api/v1/user/business-info/{id}': async () => {
      const account = await newAccount();
      const res = await t.call(
        'PUT',
        `/user/business-info/${account.id}`,
        as(account, { business_name: 'Kano Fabrics', country: 'Nigeria', state: 'Kano' }),
      );
      const data = expectAnswer(res, 200, 'Business information saved');
      expect(data.user.business_name).toBe('Kano Fabrics');
      expect(data.store).toMatchObject({ business_name: 'Kano Fabrics', state: 'Kano', currency: 'NGN' });
      expect(data.userStore).toEqual([
        expect.objectContaining({ store_id: data.store.id, role: expect.objectContaining({ key: 'owner' }) }),
      ]);
    },
    'PUT /api/v1/user/business-number/{id}': async () => {
      const res = await t.call(
        'PUT',
        `/user/business-number/${m.user.id}`,
        as(m, { registration_number: 'RC 123456', tin: '12345678-0001' }),
      );
      const data = expectAnswer(res, 200, 'Business number saved');
      expect(data).toMatchObject({ id: m.storeId, registration_number: 'RC 123456', tin: '12345678-0001' });
    },
    'POST /api/v1/user/singleuser': async () => {
      const data = expectAnswer(await t.call('POST', '/user/singleuser', { token: m.token }), 200);
      expect(data.user).toMatchObject({ id: m.user.id, email: m.email, email_verified: true });
      expect(data.store).toMatchObject({ store_id: m.storeId, is_current: true });
      expect(data.permissions).toEqual(expect.arrayContaining(['settings.manage', 'members.manage']));
    },
    'GET /api/v1/members/all-members': async () => {
      const data = expectAnswer(await t.call('GET', '/members/all-members', { token: m.token }), 200);
      expect(data).toContainEqual(
        expect.objectContaining({ email: m.email, status: 'active', is_owner: true, is_you: true }),
      );
    },
    'POST /api/v1/members/add-member': async () => {
      const email = uniqueEmail('cashier');
      const member = await invite(email);
      expect(member).toMatchObject({ email, status: 'invited', role: { key: 'cashier' }, is_owner: false });
      expect((await latestMail(t, email)).text).toMatch(/token=/);
      expect((await members()).map((x) => x.id)).toContain(member.id);
    },
    'POST /api/v1/members/change-role/{id}': async () => {
      const member = await invite();
      const res = await t.call(
        'POST',
        `/members/change-role/${member.id}`,
        as(m, { role_id: await roleId('manager') }),
      );
      expect(expectAnswer(res, 200, 'Role changed')).toMatchObject({
        id: member.id,
        role: { key: 'manager' },
      });
      expect((await members()).find((x) => x.id === member.id).role.key).toBe('manager');
    },
    'DELETE /api/v1/members/delete-member/{id}': async () => {
      const member = await invite();
      const res = await t.call('DELETE', `/members/delete-member/${member.id}`, { token: m.token });
      expect(expectAnswer(res, 200, 'Member removed')).toMatchObject({ id: member.id });
      expect((await members()).map((x) => x.id)).not.toContain(member.id);
    },
    'GET /api/v1/audits': async () => {
      await newVendor('Audited Supplies');
      const data = expectPage(await t.call('GET', '/audits', { token: m.token }));
      expect(data[0]).toMatchObject({ store_id: m.storeId, entity: 'vendor', actor_id: m.user.id });
    },
    'GET /api/v1/audits/{id}': async () => {
      const [first] = (await t.call('GET', '/audits', { token: m.token })).body.data;
      const data = expectAnswer(await t.call('GET', `/audits/${first.id}`, { token: m.token }), 200);
      expect(data).toEqual(first);
    },
    'GET /api/v1/audits/search/{term}': async () => {
      await newVendor('Searchable Supplies');
      const data = expectPage(await t.call('GET', '/audits/search/Searchable', { token: m.token }));
      expect(data.length).toBeGreaterThan(0);
      for (const row of data) expect(JSON.stringify(row)).toMatch(/Searchable/);
      expect(expectPage(await t.call('GET', '/audits/search/nothing-like-this', { token: m.token }))).toEqual(
        [],
      );
    },
    'GET /api/v1/permissions': async () => {
      const data = expectAnswer(await t.call('GET', '/permissions', { token: m.token }), 200);
      const keys = data.flatMap((g: { permissions: { key: string }[] }) => g.permissions.map((p) => p.key));
      expect(keys).toEqual(expect.arrayContaining(['orders.create', 'settings.manage', 'members.manage']));
    },
    'POST /api/v1/roles': async () => {
      const res = await t.call(
        'POST',
        '/roles',
        as(m, { name: 'Stock keeper', permissions: ['products.view', 'vendors.view'] }),
      );
      const data = expectAnswer(res, 201, 'Role created successfully');
      expect(data).toMatchObject({ name: 'Stock keeper', key: null, is_system: false, members_count: 0 });
      expect([...data.permissions].sort()).toEqual(['products.view', 'vendors.view']);
    },
    'GET /api/v1/roles': async () => {
      const data = expectAnswer(await t.call('GET', '/roles', { token: m.token }), 200);
      expect(
        data.filter((r: { is_system: boolean }) => r.is_system).map((r: { key: string }) => r.key),
      ).toEqual(expect.arrayContaining(['owner', 'admin', 'manager', 'cashier']));
    },
    'PATCH /api/v1/user/update-user-details': async () => {
      const res = await t.call('PATCH', '/user/update-user-details', as(m, { first_name: 'Adaeze' }));
      expect(expectAnswer(res, 200, 'Saved!!')).toMatchObject({ id: m.user.id, first_name: 'Adaeze' });
    },
    'PATCH /api/v1/user/update-user-password': async () => {
      const other = await createMerchant(t);
      const res = await t.call(
        'PATCH',
        '/user/update-user-password',
        as(other, {
          current_password: PASSWORD,
          password: 'rainy-night-77',
          confirm_password: 'rainy-night-77',
        }),
      );
      const data = expectAnswer(res, 200, 'Password changed. Your other sessions were signed out.');
      expect(data).toEqual({ sessions_ended: expect.any(Number) });
      const signIn = await t.call('POST', '/user/signin', {
        body: { email: other.email, password: 'rainy-night-77' },
      });
      expect(signIn.status).toBe(200);
    },
    'PATCH /api/v1/user/insert-website': async () => {
      const res = await t.call('PATCH', '/user/insert-website', as(m, { website: 'mamaput.ng' }));
      expect(expectAnswer(res, 200, 'Saved!!').website).toBe('https://mamaput.ng');
    },
    'PATCH /api/v1/user/billing-contact': async () => {
      const contact = { name: 'Accounts', email: 'accounts@mamaput.ng' };
      const res = await t.call('PATCH', '/user/billing-contact', as(m, contact));
      expect(expectAnswer(res, 200, 'Saved!!').billing_contact).toMatchObject(contact);
    },
    'PATCH /api/v1/user/photo': async () => {
      const url: string = expectAnswer(await upload('/user/photo'), 200, 'Photo uploaded').photo_url;
      const file = await t.call('GET', new URL(url, 'http://x').pathname);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    },
    'PATCH /api/v1/user/brand-photo': async () => {
      const url: string = expectAnswer(await upload('/user/brand-photo'), 200, 'Logo uploaded').logo_url;
      expect((await t.call('GET', new URL(url, 'http://x').pathname)).status).toBe(200);
    },
    'POST /api/v1/shipping': async () => {
      const rate = await newShippingRate();
      expect(rate).toMatchObject({ name: 'Lagos mainland', states: ['Lagos'], fee: 150000, is_active: true });
      expect(await shippingRates()).toContainEqual(rate);
    },
    'GET /api/v1/shipping/store/{id}': async () => {
      const rate = await newShippingRate();
      const res = await t.call('GET', `/shipping/store/${m.storeId}`, { token: m.token });
      expect(expectAnswer(res, 200)).toContainEqual(rate);
    },
    'PATCH /api/v1/shipping/update/{id}': async () => {
      const rate = await newShippingRate();
      const res = await t.call(
        'PATCH',
        `/shipping/update/${rate.id}`,
        as(m, { fee: 200000, is_active: false }),
      );
      const data = expectAnswer(res, 200, 'Shipping rate updated');
      expect(data).toMatchObject({ id: rate.id, fee: 200000, is_active: false, name: rate.name });
      expect((await shippingRates()).find((r) => r.id === rate.id)).toMatchObject({ fee: 200000 });
    },
    'DELETE /api/v1/shipping/delete/{id}': async () => {
      const rate = await newShippingRate();
      const res = await t.call('DELETE', `/shipping/delete/${rate.id}`, { token: m.token });
      expect(expectAnswer(res, 200, 'Shipping rate deleted')).toEqual({ id: rate.id });
      expect((await shippingRates()).map((r) => r.id)).not.toContain(rate.id);
    },
    'POST /api/v1/tax': async () => {
      const rule = await newTaxRule('Ghana');
      expect(rule).toMatchObject({ country: 'Ghana', states: ['*'], rates: [{ name: 'VAT', rate: 7.5 }] });
      expect(await taxRules()).toContainEqual(rule);
    },
    'GET /api/v1/tax/store/{id}': async () => {
      const rule = await newTaxRule('Kenya');
      const res = await t.call('GET', `/tax/store/${m.storeId}`, { token: m.token });
      expect(expectAnswer(res, 200)).toContainEqual(rule);
    },
    'PATCH /api/v1/tax/update/{id}': async () => {
      const rule = await newTaxRule('Togo');
      const res = await t.call(
        'PATCH',
        `/tax/update/${rule.id}`,
        as(m, { rates: [{ name: 'TVA', rate: 18 }] }),
      );
      const data = expectAnswer(res, 200, 'Tax rule updated');
      expect(data).toMatchObject({ id: rule.id, country: 'Togo', rates: [{ name: 'TVA', rate: 18 }] });
      expect((await taxRules()).find((r) => r.id === rule.id).rates).toEqual([{ name: 'TVA', rate: 18 }]);
    },
    'DELETE /api/v1/tax/delete/{id}': async () => {
      const rule = await newTaxRule('Benin');
      const res = await t.call('DELETE', `/tax/delete/${rule.id}`, { token: m.token });
      expect(expectAnswer(res, 200, 'Tax rule deleted')).toEqual({ id: rule.id });
      expect((await taxRules()).map((r) => r.id)).not.toContain(rule.id);
    },
    'PATCH /api/v1/stores/address': async () => {
      const body = { address: '3 Marina Road', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' };
      const res = await t.call('PATCH', '/stores/address', as(m, body));
      expect(expectAnswer(res, 200, 'Saved!!')).toMatchObject({ id: m.storeId, ...body });
    },
    'GET /api/v1/stores': async () => {
      const data = expectAnswer(await t.call('GET', '/stores', { token: m.token }), 200);
      expect(data).toContainEqual(
        expect.objectContaining({
          store_id: m.storeId,
          is_current: true,
          role: expect.objectContaining({ key: 'owner' }),
        }),
      );
    },
    'POST /api/v1/add-branch': async () => {
      const res = await t.call(
        'POST',
        '/add-branch',
        as(m, { business_name: 'Mama Put Yaba', city: 'Yaba' }),
      );
      const data = expectAnswer(res, 201, 'Branch added');
      expect(data).toMatchObject({ business_name: 'Mama Put Yaba', parent_store_id: m.storeId });
      const stores = (await t.call('GET', '/stores', { token: m.token })).body.data;
      expect(stores.map((s: { id: string }) => s.id)).toContain(data.id);
    },
    'POST /api/v1/stores/create-store': async () => {
      const other = await createMerchant(t);
      const res = await t.call('POST', '/stores/create-store', as(other, { business_name: 'Second Shop' }));
      const data = expectAnswer(res, 201, 'Created New Store!!');
      expect(data).toMatchObject({ business_name: 'Second Shop', parent_store_id: null, currency: 'NGN' });
      const stores = (await t.call('GET', '/stores', { token: other.token })).body.data;
      expect(stores).toContainEqual(
        expect.objectContaining({ store_id: data.id, role: expect.objectContaining({ key: 'owner' }) }),
      );
    },
    'PATCH /api/v1/stores/details': async () => {
      const res = await t.call(
        'PATCH',
        '/stores/details',
        as(m, { industry: 'Food', phone_number: '+2348099999999' }),
      );
      const data = expectAnswer(res, 200, 'Saved!!');
      expect(data).toMatchObject({ id: m.storeId, industry: 'Food', phone_number: '+2348099999999' });
    },
    'PATCH /api/v1/stores/currency': async () => {
      const other = await createMerchant(t);
      const res = await t.call('PATCH', '/stores/currency', as(other, { currency: 'GHS' }));
      expect(expectAnswer(res, 200, 'Saved!!')).toMatchObject({ id: other.storeId, currency: 'GHS' });
    },
    'GET /api/v1/vendor?status': async () => {
      const vendor = await newVendor('Listed Supplies');
      const res = await t.call('GET', '/vendor', { token: m.token, query: { status: 'active' } });
      expect(expectPage(res)).toContainEqual(expect.objectContaining({ id: vendor.id, status: 'active' }));
      const inactive = await t.call('GET', '/vendor', { token: m.token, query: { status: 'inactive' } });
      expect(expectPage(inactive).map((v) => v.id)).not.toContain(vendor.id);
    },
    'POST /api/v1/vendor': async () => {
      const vendor = await newVendor('Onitsha Traders');
      expect(vendor).toMatchObject({ name: 'Onitsha Traders', email: 'sales@alaba.ng', status: 'active' });
      const found = await t.call('GET', `/vendor/${vendor.id}`, { token: m.token });
      expect(found.body.data.name).toBe('Onitsha Traders');
    },
    'PATCH /api/v1/vendor/update/{id}': async () => {
      const vendor = await newVendor();
      const res = await t.call('PATCH', `/vendor/update/${vendor.id}`, as(m, { company_name: 'Alaba Ltd' }));
      const data = expectAnswer(res, 200, 'Vendor updated');
      expect(data).toMatchObject({ id: vendor.id, name: vendor.name, company_name: 'Alaba Ltd' });
    },
    'GET /api/v1/vendor/{id}': async () => {
      const vendor = await newVendor();
      const address = await newAddress(vendor.id);
      const data = expectAnswer(await t.call('GET', `/vendor/${vendor.id}`, { token: m.token }), 200);
      expect(data).toMatchObject({ id: vendor.id, name: vendor.name, addresses: [{ id: address.id }] });
      expect(data.purchase_orders_summary).toMatchObject({ count: 0, open_count: 0, total_ordered: 0 });
    },
    'POST /api/v1/vendor/{id}/addresses': async () => {
      const vendor = await newVendor();
      const address = await newAddress(vendor.id);
      expect(address).toMatchObject({
        vendor_id: vendor.id,
        type: 'billing',
        line1: '12 Broad Street',
        is_default: true,
      });
    },
    'PATCH /api/v1/vendor/update/address/{id}': async () => {
      const vendor = await newVendor();
      const address = await newAddress(vendor.id);
      const res = await t.call('PATCH', `/vendor/update/address/${address.id}`, as(m, { city: 'Ibadan' }));
      const data = expectAnswer(res, 200, 'Address updated');
      expect(data).toMatchObject({ id: address.id, city: 'Ibadan', line1: '12 Broad Street' });
    },
    'DELETE /api/v1/vendor/delete/address/{id}': async () => {
      const vendor = await newVendor();
      const address = await newAddress(vendor.id);
      const res = await t.call('DELETE', `/vendor/delete/address/${address.id}`, { token: m.token });
      expect(expectAnswer(res, 200, 'Address deleted')).toEqual({ id: address.id });
      expect((await t.call('GET', `/vendor/${vendor.id}`, { token: m.token })).body.data.addresses).toEqual(
        [],
      );
    },
    'GET /api/v1/purchase_order/vendor/{id}': async () => {
      const { vendor, order } = await newPurchaseOrder();
      const data = expectPage(await t.call('GET', `/purchase_order/vendor/${vendor.id}`, { token: m.token }));
      expect(data).toEqual([
        expect.objectContaining({ id: order.id, vendor: { id: vendor.id, name: vendor.name } }),
      ]);
    },
    'GET /api/v1/purchase_order?page&perPage': async () => {
      const { order } = await newPurchaseOrder();
      const data = expectPage(await t.call('GET', '/purchase_order', { token: m.token }));
      expect(data[0]).toMatchObject({ id: order.id, number: order.number, status: 'draft' });
      const second = await t.call('GET', '/purchase_order', {
        token: m.token,
        query: { page: 2, perPage: 1 },
      });
      expect(expectPage(second, 2, 1)).toHaveLength(1);
    },
    'POST /api/v1/purchase_order': async () => {
      const { vendor, product, order } = await newPurchaseOrder();
      expect(order).toMatchObject({
        number: expect.any(String),
        status: 'draft',
        vendor: { id: vendor.id },
        total: 360000,
        items: [{ product_id: product.id, quantity: 4, unit_cost: 90000, line_total: 360000 }],
      });
      const found = await t.call('GET', `/purchase_order/${order.id}`, { token: m.token });
      expect(found.body.data.id).toBe(order.id);
    },
  };

  it('has a case for every call of the table, and no case without its call', () => {
    expect(calls.length).toBe(47);
    expect(Object.keys(CASES).sort()).toEqual(calls.map(key).sort());
  });

  it.each(calls)('$method $specPath answers as it should', async (call) => {
    const run = CASES[key(call)];
    if (!run) throw new Error(`no case for ${key(call)}`);
    await run();
  });

  // The calls a person makes before they have a session.
  const PUBLIC = new Set([
    'POST /api/v1/user/signin',
    'POST /api/v1/user/signup',
    'PATCH /api/v1/user/forgot-password',
    'PATCH /api/v1/user/reset-password/{id}',
  ]);

  it.each(calls.filter((c) => !PUBLIC.has(key(c))))(
    '$method $specPath refuses a request without a session',
    async ({ method, path: p }) => {
      const res = await t.call(method, p, {});
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    },
  );
});
