import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SETUP_MS, createTestApp, type TestApp } from '../../test/harness.js';
import {
  createMerchant,
  latestCode,
  latestMail,
  PASSWORD,
  signUpBody,
  uniqueEmail,
} from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const auditActions = async (entityId: string) =>
  (await t.db.selectFrom('audits').select('action').where('entity_id', '=', entityId).execute()).map(
    (r) => r.action,
  );

describe('sign-up', () => {
  it('creates an account, answers like sign-in, and mails a code and a link', async () => {
    const body = signUpBody();
    const res = await t.call('POST', '/user/signup', { body });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({
      email: body.email,
      first_name: 'Chioma',
      email_verified: false,
      userStore: [],
      store_id: null,
    });
    expect(data.userToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const mail = await latestMail(t, body.email);
    expect(mail.text).toMatch(/verification code is \d{6}/);
    expect(mail.text).toContain('http://tillbook.test/user/verify_email/');
    expect(await auditActions(data.id)).toContain('user.signed_up');
  });

  it('answers 400 with the phone_number field for a bad phone', async () => {
    const res = await t.call('POST', '/user/signup', { body: signUpBody({ phone_number: '12-34' }) });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields.phone_number).toBe(
      'Enter a valid phone number: 11 to 15 digits, optionally starting with +',
    );
    expect(res.body.message).toBe(res.body.error.fields.phone_number);
  });

  it('names every missing field', async () => {
    const res = await t.call('POST', '/user/signup', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      ['country', 'email', 'first_name', 'last_name', 'password', 'phone_number'].sort(),
    );
    expect(res.body.error.fields.email).toBe('Enter a valid email address');
    expect(res.body.error.fields.first_name).toBe('First name is required');
  });

  it('refuses weak and common passwords', async () => {
    expect(
      (await t.call('POST', '/user/signup', { body: signUpBody({ password: 'short1' }) })).body.error.fields
        .password,
    ).toBe('Password must be at least 8 characters');
    expect(
      (await t.call('POST', '/user/signup', { body: signUpBody({ password: 'onlyletters' }) })).body.error
        .fields.password,
    ).toBe('Password must contain a letter and a digit');
    expect(
      (await t.call('POST', '/user/signup', { body: signUpBody({ password: 'Password123' }) })).body.error
        .fields.password,
    ).toBe('This password is too common; choose another');
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const body = signUpBody();
    expect((await t.call('POST', '/user/signup', { body })).status).toBe(201);
    const again = await t.call('POST', '/user/signup', {
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields.email).toBe('An account with this email already exists');
  });

  it('answers 400 for a body that is not JSON and 415 for an unsupported type', async () => {
    const broken = await t.call('POST', '/user/signup', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON.');
    const xml = await t.call('POST', '/user/signup', {
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
  });
});

describe('sign-in and sessions', () => {
  it('answers data.data with the token, stores and business name, never the hash', async () => {
    const m = await createMerchant(t, { business_name: 'Iya Basira Foods' });
    const res = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    const d = res.body.data;
    expect(d).toMatchObject({
      email: m.email,
      business_name: 'Iya Basira Foods',
      store_name: 'Iya Basira Foods',
      store_id: m.storeId,
    });
    expect(d.id).toBeTruthy();
    expect(d.userStore).toEqual([
      expect.objectContaining({
        id: m.storeId,
        store_id: m.storeId,
        business_name: 'Iya Basira Foods',
        role: expect.objectContaining({ key: 'owner' }),
      }),
    ]);
    expect(d).not.toHaveProperty('password_hash');
    expect(await auditActions(d.id)).toContain('user.signed_in');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const m = await createMerchant(t);
    const wrong = await t.call('POST', '/user/signin', {
      body: { email: m.email, password: 'wrong-pass-1' },
    });
    const unknown = await t.call('POST', '/user/signin', {
      body: { email: uniqueEmail('ghost'), password: 'wrong-pass-1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Email or password is incorrect.');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('accepts the token bare and with Bearer, and refuses requests without one', async () => {
    const m = await createMerchant(t);
    expect((await t.call('GET', '/stores', { token: m.token })).status).toBe(200);
    expect((await t.call('GET', '/stores', { token: `Bearer ${m.token}` })).status).toBe(200);
    const none = await t.call('GET', '/stores');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHENTICATED');
    expect((await t.call('GET', '/stores', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('expires a session after 6 hours (clock moved, not waited)', async () => {
    const m = await createMerchant(t);
    t.clock.advance(5 * 3600_000 + 59 * 60_000);
    expect((await t.call('GET', '/stores', { token: m.token })).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await t.call('GET', '/stores', { token: m.token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has expired. Sign in again.');
  });

  it('revokes the token on sign-out', async () => {
    const m = await createMerchant(t);
    const out = await t.call('POST', '/user/signout', { token: m.token });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/stores', { token: m.token })).status).toBe(401);
    expect(await auditActions(m.user.id)).toContain('user.signed_out');
  });

  const signIn = (email: string, password: string, options: { ip?: string; cookie?: string } = {}) =>
    t.call('POST', '/user/signin', {
      body: { email, password },
      ...(options.ip ? { ip: options.ip } : {}),
      ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
    });

  /** Wrong passwords from strangers, each from its own address, as many as get through. */
  async function strangersGuess(email: string, attempts: number) {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) statuses.push((await signIn(email, `guess-${i}-x9`)).status);
    return statuses;
  }

  it('does not lock the owner out: after strangers’ wrong passwords, an address they signed in from still works', async () => {
    const m = await createMerchant(t);
    const home = '198.51.100.10';
    expect((await signIn(m.email, PASSWORD, { ip: home })).status).toBe(200);
    const statuses = await strangersGuess(m.email, 15);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses).toContain(429);
    expect((await signIn(m.email, PASSWORD, { ip: home })).status).toBe(200);
  });

  it('lets the owner in from a known device (its cookie) at a new address', async () => {
    const m = await createMerchant(t);
    const first = await signIn(m.email, PASSWORD, { ip: '198.51.100.20' });
    const setCookie = String(first.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/^tb_device=[A-Za-z0-9_-]{22,}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const cookie = setCookie.split(';')[0]!;
    await strangersGuess(m.email, 15);
    expect((await signIn(m.email, PASSWORD, { ip: '203.0.113.99' })).status).toBe(429);
    expect((await signIn(m.email, PASSWORD, { ip: '203.0.113.98', cookie })).status).toBe(200);
    // A made-up device id is no key.
    await strangersGuess(m.email, 3);
    expect(
      (await signIn(m.email, PASSWORD, { ip: '203.0.113.97', cookie: `tb_device=${'A'.repeat(40)}` })).status,
    ).toBe(429);
  });

  it('lets the right password in from a new address after a short delay', async () => {
    const m = await createMerchant(t);
    await strangersGuess(m.email, 20);
    const slowed = await signIn(m.email, PASSWORD, { ip: '203.0.113.50' });
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(slowed.body.message).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in \d+ seconds?\.$/,
    );
    t.clock.advance(wait * 1000);
    expect((await signIn(m.email, PASSWORD, { ip: '203.0.113.50' })).status).toBe(200);
  });

  it('slows one address down with a growing delay instead of locking it', async () => {
    const m = await createMerchant(t);
    const ip = '198.51.100.30';
    for (let i = 0; i < 5; i++) expect((await signIn(m.email, `nope-${i}x1`, { ip })).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const slowed = await signIn(m.email, PASSWORD, { ip });
      expect(slowed.status).toBe(429);
      waits.push(Number(slowed.headers['retry-after']));
      t.clock.advance(waits[i]! * 1000);
      expect((await signIn(m.email, `again-${i}x1`, { ip })).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    const last = await signIn(m.email, PASSWORD, { ip });
    expect(last.status).toBe(429);
    t.clock.advance(Number(last.headers['retry-after']) * 1000);
    expect((await signIn(m.email, PASSWORD, { ip })).status).toBe(200);
  });

  it('still counts guesses per account across addresses: a stranger gets few tries in 15 minutes', async () => {
    const m = await createMerchant(t);
    let tried = 0;
    let slowed = 0;
    const started = t.clock.now().getTime();
    for (let i = 0; i < 500 && t.clock.now().getTime() - started < 15 * 60_000; i++) {
      const res = await signIn(m.email, `guess-${i}-x9`);
      if (res.status === 401) tried += 1;
      else {
        expect(res.status).toBe(429);
        slowed += 1;
        t.clock.advance(Number(res.headers['retry-after']) * 1000);
      }
    }
    expect(slowed).toBeGreaterThan(0);
    expect(tried).toBeGreaterThanOrEqual(10);
    expect(tried).toBeLessThanOrEqual(30);
  });

  it('reads the sign-in limits from the environment', { timeout: APP_SETUP_MS }, async () => {
    const roomy = await createTestApp({
      SIGNIN_MAX_PER_IP_15MIN: '100',
      SIGNIN_FAILURES_BEFORE_DELAY: '50',
      SIGNIN_ACCOUNT_FAILURES_BEFORE_DELAY: '50',
    });
    try {
      const ip = '192.0.2.90';
      const target = uniqueEmail('target');
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const email = i % 2 ? target : uniqueEmail('many');
        statuses.push(
          (await roomy.call('POST', '/user/signin', { ip, body: { email, password: 'whatever-1' } })).status,
        );
      }
      expect(statuses).toEqual(Array(40).fill(401));
    } finally {
      await roomy.close();
    }
  });

  it('limits sign-in attempts per network address', async () => {
    const ip = '192.0.2.77';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.call('POST', '/user/signin', {
          ip,
          body: { email: uniqueEmail('spray'), password: 'whatever-1' },
        })
      ).status;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect(
      (
        await t.call('POST', '/user/signin', {
          ip: '192.0.2.78',
          body: { email: uniqueEmail(), password: 'whatever-1' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('email verification', () => {
  it('verifies with the 6-digit code', async () => {
    const body = signUpBody();
    const up = await t.call('POST', '/user/signup', { body });
    const code = await latestCode(t, body.email);
    const res = await t.call('POST', '/user/verify-email', { body: { email: body.email, code } });
    expect(res.status).toBe(200);
    expect(res.body.data.email_verified).toBe(true);
    const me = await t.call('POST', '/user/singleuser', { token: up.body.data.userToken });
    expect(me.body.data.user.email_verified).toBe(true);
  });

  it('verifies with the emailed link', async () => {
    const body = signUpBody();
    await t.call('POST', '/user/signup', { body });
    const mail = await latestMail(t, body.email);
    const token = /verify_email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const res = await t.call('GET', `/user/verify_email/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data.email_verified).toBe(true);
    expect((await t.call('GET', `/user/verify_email/${token}`)).status).toBe(422);
  });

  it('voids a code after five wrong tries', async () => {
    const body = signUpBody();
    await t.call('POST', '/user/signup', { body });
    const code = await latestCode(t, body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/user/verify-email', { body: { email: body.email, code: wrong } });
      expect(r.status).toBe(422);
      messages.push(r.body.message);
    }
    // One answer for every refusal: tries left would tell that the email has an account.
    expect(new Set(messages)).toEqual(
      new Set([
        'That code is not correct or has expired. Check the newest email from us, or request a new code.',
      ]),
    );
    const right = await t.call('POST', '/user/verify-email', { body: { email: body.email, code } });
    expect(right.status).toBe(422);
    expect(right.body.message).toBe(
      'That code is not correct or has expired. Check the newest email from us, or request a new code.',
    );
  });

  it('resends a fresh code that replaces the old one', async () => {
    const body = signUpBody();
    await t.call('POST', '/user/signup', { body });
    const first = await latestCode(t, body.email);
    const mails = async () =>
      (await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', body.email).execute())
        .length;
    expect(await mails()).toBe(1);
    // A new code is random and may, once in a million, repeat the old one: ask again until it
    // differs, so the old code's refusal is always checked.
    let second = first;
    for (let sent = 1; second === first && sent <= 3; sent++) {
      const res = await t.call('POST', '/user/resend-verification', { body: { email: body.email } });
      expect(res.status).toBe(200);
      expect(await mails()).toBe(1 + sent);
      second = await latestCode(t, body.email);
    }
    expect(second).not.toBe(first);
    const old = await t.call('POST', '/user/verify-email', { body: { email: body.email, code: first } });
    expect(old.status).toBe(422);
    // The old code no longer matches: it counts as a wrong try against the new one.
    expect(old.body.message).toBe(
      'That code is not correct or has expired. Check the newest email from us, or request a new code.',
    );
    expect(
      (await t.call('POST', '/user/verify-email', { body: { email: body.email, code: second } })).status,
    ).toBe(200);
  });

  it('rejects a malformed code with a field message', async () => {
    const res = await t.call('POST', '/user/verify-email', { body: { email: 'a@b.ng', code: '12ab' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.code).toBe('The code is the 6 digits from the email');
  });
});

describe('forgot and reset password', () => {
  it('answers 200 for known and unknown emails, and mails only the known one', async () => {
    const m = await createMerchant(t);
    const before = await t.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const ghost = uniqueEmail('ghost');
    const unknown = await t.call('PATCH', '/user/forgot-password', { body: { email: ghost } });
    const known = await t.call('PATCH', '/user/forgot-password', { body: { email: m.email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    const after = await t.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    expect((await latestMail(t, m.email)).subject).toBe('Your Tillbook password reset code');
  });

  it('trades the code for a reset id, sets the password, and ends every session', async () => {
    const m = await createMerchant(t);
    await t.call('PATCH', '/user/forgot-password', { body: { email: m.email } });
    const code = await latestCode(t, m.email);
    const otp = await t.call('POST', '/user/verify-otp', { body: { email: m.email, code } });
    expect(otp.status).toBe(200);
    const resetId = otp.body.data.reset_id;
    const mismatch = await t.call('PATCH', `/user/reset-password/${resetId}`, {
      body: { password: 'new-pass-55', confirm_password: 'new-pass-56' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.confirm_password).toBe('Passwords do not match');
    const reset = await t.call('PATCH', `/user/reset-password/${resetId}`, {
      body: { password: 'new-pass-55', confirm_password: 'new-pass-55' },
    });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/stores', { token: m.token })).status).toBe(401);
    expect(
      (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/user/signin', { body: { email: m.email, password: 'new-pass-55' } })).status,
    ).toBe(200);
    // The reset id is single-use.
    const again = await t.call('PATCH', `/user/reset-password/${resetId}`, {
      body: { password: 'other-pass-77', confirm_password: 'other-pass-77' },
    });
    expect(again.status).toBe(422);
    expect(await auditActions(m.user.id)).toContain('user.password_reset');
  });

  // Decision 0047: forgot-password answers alike for every email, so the code check must too.
  it('verify-otp answers an unknown email, an account without a code and a wrong code alike', async () => {
    const m = await createMerchant(t);
    const waiting = await createMerchant(t);
    const ghost = uniqueEmail('ghost');
    for (const email of [ghost, waiting.email]) {
      expect((await t.call('PATCH', '/user/forgot-password', { body: { email } })).status).toBe(200);
    }
    const code = await latestCode(t, waiting.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (const email of [ghost, m.email, waiting.email]) {
      const started = Date.now();
      const res = await t.call('POST', '/user/verify-otp', { body: { email, code: wrong } });
      answers.push({ status: res.status, body: res.body, ms: Date.now() - started });
    }
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body).toEqual({
        success: false,
        message:
          'That code is not correct or has expired. Check the newest email from us, or request a new code.',
        error: expect.objectContaining({
          message:
            'That code is not correct or has expired. Check the newest email from us, or request a new code.',
          fields: { code: 'Not correct or expired' },
        }),
      });
      // Each takes at least the uniform time, whatever work the account made.
      expect(a.ms).toBeGreaterThanOrEqual(240);
    }
    const shapes = answers.map((a) => {
      const { requestId: _requestId, ...error } = a.body.error as Record<string, unknown>;
      return { ...a.body, error };
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    // The wrong try still counted on the real code: after five in all it is void.
    for (let i = 0; i < 4; i++) {
      await t.call('POST', '/user/verify-otp', { body: { email: waiting.email, code: wrong } });
    }
    const late = await t.call('POST', '/user/verify-otp', { body: { email: waiting.email, code } });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(
      'That code is not correct or has expired. Check the newest email from us, or request a new code.',
    );
  });

  it('expires a reset code after 10 minutes', async () => {
    const m = await createMerchant(t);
    await t.call('PATCH', '/user/forgot-password', { body: { email: m.email } });
    const code = await latestCode(t, m.email);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await t.call('POST', '/user/verify-otp', { body: { email: m.email, code } });
    expect(res.status).toBe(422);
  });
});

describe('onboarding', () => {
  it('creates the first store with the user as Owner, then saves the business number', async () => {
    const body = signUpBody({ business_name: 'Kano Fabrics' });
    const up = await t.call('POST', '/user/signup', { body });
    const { userToken: token, id } = up.body.data;
    const info = await t.call('PUT', `/user/business-info/${id}`, {
      token,
      body: {
        business_name: 'Kano Fabrics',
        country: 'Nigeria',
        state: 'Kano',
        city: 'Kano',
        industry: 'Fashion',
      },
    });
    expect(info.status).toBe(200);
    const store = info.body.data.store;
    expect(store).toMatchObject({
      business_name: 'Kano Fabrics',
      currency: 'NGN',
      timezone: 'Africa/Lagos',
      parent_store_id: null,
    });
    expect(info.body.data.userStore[0].role.key).toBe('owner');

    const num = await t.call('PUT', `/user/business-number/${id}`, {
      token,
      body: { registration_number: 'RC1234567', tin: '12345678-0001' },
    });
    expect(num.status).toBe(200);
    expect(num.body.data).toMatchObject({
      id: store.id,
      registration_number: 'RC1234567',
      tin: '12345678-0001',
    });

    const signIn = await t.call('POST', '/user/signin', { body: { email: body.email, password: PASSWORD } });
    expect(signIn.body.data.business_name).toBe('Kano Fabrics');
    expect(signIn.body.data.userStore.map((s: { business_name: string }) => s.business_name)).toEqual([
      'Kano Fabrics',
    ]);
  });

  it('updates the same store when business information is sent twice', async () => {
    const m = await createMerchant(t);
    const res = await t.call('PUT', `/user/business-info/${m.user.id}`, {
      token: m.token,
      body: { business_name: 'Renamed Shop', country: 'Nigeria' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.store.id).toBe(m.storeId);
    expect((await t.call('GET', '/stores', { token: m.token })).body.data).toHaveLength(1);
  });

  it("answers 404 for another user's id and needs a store for the business number", async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    expect(
      (
        await t.call('PUT', `/user/business-info/${other.user.id}`, {
          token: m.token,
          body: { business_name: 'X', country: 'NG' },
        })
      ).status,
    ).toBe(404);
    const fresh = await t.call('POST', '/user/signup', { body: signUpBody() });
    const res = await t.call('PUT', `/user/business-number/${fresh.body.data.id}`, {
      token: fresh.body.data.userToken,
      body: { tin: '1' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^No store selected/);
  });

  it('sends an unverified user on: they may sign in', async () => {
    const body = signUpBody();
    await t.call('POST', '/user/signup', { body });
    const res = await t.call('POST', '/user/signin', { body: { email: body.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.email_verified).toBe(false);
    expect(res.body.data.business_name).toBe(null);
  });
});
