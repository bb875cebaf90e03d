import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { PASSWORD, signUpBody } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Issue 15, finding 3: 100 bodies of 765 KB from an unverified account grew the database by 76 MB.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_EVENTS_PER_MINUTE: '5', ANALYTICS_EVENTS_PER_DAY: '8' });
});
afterAll(async () => t.close());

/** A new account that never verified its email (the probe's attacker). */
async function unverifiedAccount(): Promise<{ token: string; id: string; email: string }> {
  const body = signUpBody();
  const res = await t.call('POST', '/user/signup', { body });
  expect(res.status).toBe(201);
  return { token: res.body.data.userToken, id: res.body.data.id, email: body.email };
}

const eventsOf = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /events against abuse', () => {
  it('refuses a large body with 413 before reading it, and stores nothing', async () => {
    const a = await unverifiedAccount();
    const big = { name: 'login', properties: { blob: 'x'.repeat(765 * 1024) } };
    const res = await t.call('POST', '/events', { token: a.token, body: big });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // Many small properties up to the limit are refused too: the body stays small.
    const wide = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, 'v'.repeat(30)]));
    expect(
      (await t.call('POST', '/events', { token: a.token, body: { name: 'x', properties: wide } })).status,
    ).toBe(413);
    expect(await eventsOf(a.id)).toBe(0);
  });

  it('refuses too many, too long or oddly named properties with 400 naming the field', async () => {
    const a = await unverifiedAccount();
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const tooMany = await t.call('POST', '/events', {
      token: a.token,
      body: { name: 'x', properties: many },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.properties).toBe('At most 20 properties');

    const long = await t.call('POST', '/events', {
      token: a.token,
      body: { name: 'x', properties: { note: 'y'.repeat(201) } },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields['properties.note']).toBe('At most 200 characters');

    const key = await t.call('POST', '/events', {
      token: a.token,
      body: { name: 'x', properties: { ['k'.repeat(41)]: 1 } },
    });
    expect(key.status).toBe(400);
    expect(Object.values(key.body.error.fields)).toContain(
      'Property names are at most 40 letters, digits and _ . : -',
    );
    expect(await eventsOf(a.id)).toBe(0);
  });

  it('limits the events of one account per minute with 429 and Retry-After', async () => {
    const a = await unverifiedAccount();
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/events', { token: a.token, body: { name: 'login' } })).status).toBe(201);
    }
    const refused = await t.call('POST', '/events', { token: a.token, body: { name: 'login' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await eventsOf(a.id)).toBe(5);
    // Another account is not held back by the first one's burst.
    const b = await unverifiedAccount();
    expect((await t.call('POST', '/events', { token: b.token, body: { name: 'login' } })).status).toBe(201);
    t.clock.advance(61_000);
    expect((await t.call('POST', '/events', { token: a.token, body: { name: 'login' } })).status).toBe(201);
  });

  it('caps the events of one account per day, counted in the database across processes', async () => {
    const a = await unverifiedAccount();
    // A second API process on the same database, as when the app runs on PostgreSQL with many.
    const other = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      logger: false,
      serveWeb: false,
    });
    await other.ready();
    try {
      const send = (app: 'first' | 'second') =>
        app === 'first'
          ? t.call('POST', '/events', { token: a.token, body: { name: 'login' } }).then((r) => r.status)
          : other
              .inject({
                method: 'POST',
                url: '/api/v1/events',
                headers: { authorization: a.token },
                payload: { name: 'login' },
              })
              .then((r) => r.statusCode);
      // 8 a day, spread over minutes so the per-minute limit (5) never speaks.
      for (let i = 0; i < 8; i++) {
        expect(await send(i % 2 === 0 ? 'first' : 'second')).toBe(201);
        t.clock.advance(20_000);
      }
      t.clock.advance(120_000);
      expect(await send('second')).toBe(429);
      expect(await send('first')).toBe(429);
      expect(await eventsOf(a.id)).toBe(8);
    } finally {
      await other.close();
    }
    // A day later (and signed in again: sessions last 6 hours) the account may send again.
    t.clock.advance(24 * 60 * 60_000);
    const signIn = await t.call('POST', '/user/signin', { body: { email: a.email, password: PASSWORD } });
    const fresh = await t.call('POST', '/events', {
      token: signIn.body.data.userToken,
      body: { name: 'login' },
    });
    expect(fresh.status).toBe(201);
  });
});
