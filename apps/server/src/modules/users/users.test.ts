import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMerchant, createStaff, PASSWORD, PNG_1X1, auditOf } from '../../test/fixtures.js';
import { fileUpload } from '../../test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: '2048' });
});
afterAll(async () => t.close());

describe('profile', () => {
  it('returns the user, current store and permissions', async () => {
    const m = await createMerchant(t);
    const res = await t.call('POST', '/user/singleuser', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(m.email);
    expect(res.body.data.store.id).toBe(m.storeId);
    expect(res.body.data.permissions).toContain('members.manage');
    expect((await t.call('GET', '/user/singleuser', { token: m.token })).status).toBe(200);
  });

  it('updates details and writes the change to the audit log', async () => {
    const m = await createMerchant(t);
    const res = await t.call('PATCH', '/user/update-user-details', {
      token: m.token,
      body: { first_name: 'Ngozi', phone_number: '08031234567' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Saved!!');
    expect(res.body.data).toMatchObject({ first_name: 'Ngozi', phone_number: '08031234567' });
    const audit = await auditOf(t, 'user.updated', { entityId: m.user.id });
    expect(JSON.parse(audit.before!)).toEqual({ first_name: 'Chioma', phone_number: '+2348012345678' });
    expect(JSON.parse(audit.after!)).toEqual({ first_name: 'Ngozi', phone_number: '08031234567' });
    const bad = await t.call('PATCH', '/user/update-user-details', {
      token: m.token,
      body: { phone_number: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.phone_number).toMatch(/valid phone number/);
  });

  it('changes the password with the current one, ending the other sessions only', async () => {
    const m = await createMerchant(t);
    const other = (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }))
      .body.data.userToken;
    const wrong = await t.call('PATCH', '/user/update-user-password', {
      token: m.token,
      body: { current_password: 'not-it-123', password: 'fresh-pass-9', confirm_password: 'fresh-pass-9' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.current_password).toBe('Not correct');
    const ok = await t.call('PATCH', '/user/update-user-password', {
      token: m.token,
      body: { current_password: PASSWORD, password: 'fresh-pass-9', confirm_password: 'fresh-pass-9' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/stores', { token: m.token })).status).toBe(200);
    expect((await t.call('GET', '/stores', { token: other })).status).toBe(401);
    const audit = await auditOf(t, 'user.password_changed', { entityId: m.user.id });
    expect(audit.after).toBeNull();
  });

  it('saves a website (adding https://) and a billing contact', async () => {
    const m = await createMerchant(t);
    const site = await t.call('PATCH', '/user/insert-website', {
      token: m.token,
      body: { website: 'mamaput.ng' },
    });
    expect(site.body.data.website).toBe('https://mamaput.ng');
    const badSite = await t.call('PATCH', '/user/insert-website', {
      token: m.token,
      body: { website: 'not a site' },
    });
    expect(badSite.status).toBe(400);
    expect(badSite.body.error.fields.website).toBe('Enter a web address like https://myshop.ng');
    const script = await t.call('PATCH', '/user/insert-website', {
      token: m.token,
      body: { website: 'javascript:alert(1)' },
    });
    expect(script.status).toBe(400);
    expect(script.body.error.fields.website).toBe(
      'Only web addresses starting with http:// or https:// are allowed',
    );
    const billing = await t.call('PATCH', '/user/billing-contact', {
      token: m.token,
      body: { name: 'Accounts', email: 'accounts@mamaput.ng', phone_number: '+2348099998888' },
    });
    expect(billing.status).toBe(200);
    expect(billing.body.data.billing_contact).toMatchObject({
      name: 'Accounts',
      email: 'accounts@mamaput.ng',
    });
  });
});

describe('photos', () => {
  it('stores a PNG under a generated name and serves it back', async () => {
    const m = await createMerchant(t);
    const upload = fileUpload(PNG_1X1, '../../etc/passwd.png', 'image/png');
    const res = await t.call('PATCH', '/user/photo', { token: m.token, ...upload });
    expect(res.status).toBe(200);
    const url: string = res.body.data.photo_url;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses a file whose content is not an image, whatever its name and type say', async () => {
    const m = await createMerchant(t);
    const spoof = fileUpload(Buffer.from('<script>alert(1)</script>'), 'photo.png', 'image/png');
    const res = await t.call('PATCH', '/user/photo', { token: m.token, ...spoof });
    expect(res.status).toBe(415);
    expect(res.body.error.fields.file).toBe('Upload a JPEG, PNG or WebP image');
    const me = await t.call('POST', '/user/singleuser', { token: m.token });
    expect(me.body.data.user.photo_url).toBeNull();
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const m = await createMerchant(t);
    const big = fileUpload(Buffer.concat([PNG_1X1, Buffer.alloc(4096)]), 'big.png', 'image/png');
    const res = await t.call('PATCH', '/user/photo', { token: m.token, ...big });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is larger than the 2 KB limit.');
  });

  it('asks for multipart when the body is JSON', async () => {
    const m = await createMerchant(t);
    const res = await t.call('PATCH', '/user/photo', { token: m.token, body: { file: 'x' } });
    expect(res.status).toBe(415);
  });

  it('sets the store logo with settings.manage only', async () => {
    const m = await createMerchant(t);
    const upload = fileUpload(PNG_1X1, 'logo.png', 'image/png');
    const res = await t.call('PATCH', '/user/brand-photo', { token: m.token, ...upload });
    expect(res.status).toBe(200);
    expect(res.body.data.logo_url).toMatch(/^\/api\/v1\/files\//);
    const cashier = await createStaff(t, m, 'cashier');
    const denied = await t.call('PATCH', '/user/brand-photo', { token: cashier.token, ...upload });
    expect(denied.status).toBe(403);
  });

  it('answers 404 for a file that does not exist and refuses odd names', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/files/0190a0a0-0000-7000-8000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/..%2Fapp-secret' })).statusCode).toBe(
      400,
    );
  });
});

describe('analytics events', () => {
  it('stores a login event for the signed-in user', async () => {
    const m = await createMerchant(t);
    const res = await t.call('POST', '/events', {
      token: m.token,
      body: { name: 'login', properties: { method: 'password' } },
    });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'login', user_id: m.user.id, store_id: m.storeId });
    expect((await t.call('POST', '/events', { body: { name: 'login' } })).status).toBe(401);
  });
});
