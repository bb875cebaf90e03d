import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type * as passwords from '../../lib/passwords.js';
import { createMerchant, signUpBody, uniqueEmail } from '../../test/fixtures.js';

// Counts the password hashes the server computes: the costly step (argon2) whose absence made
// a taken email answer faster than a new one. Wall time is measured in bench/auth-timing.mjs.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return actual.hashPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function hashesFor(email: string) {
  const before = hashes.count;
  const res = await t.call('POST', '/user/signup', { body: signUpBody({ email }) });
  return { status: res.status, hashes: hashes.count - before };
}

describe('sign-up timing', () => {
  it('hashes the password once whether the email is new or already has an account', async () => {
    const taken = await createMerchant(t);
    const fresh = await hashesFor(uniqueEmail('fresh'));
    const known = await hashesFor(taken.email);
    expect(fresh).toEqual({ status: 201, hashes: 1 });
    expect(known).toEqual({ status: 409, hashes: 1 });
  });

  it('hashes once for an unverified account too', async () => {
    const email = uniqueEmail('unverified');
    expect((await hashesFor(email)).hashes).toBe(1);
    expect(await hashesFor(email)).toEqual({ status: 409, hashes: 1 });
  });
});
