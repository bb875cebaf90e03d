/** The transaction PIN: set with the password, hashed, given instead of the password (decision 0038). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, PASSWORD, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { walletCalls } from './wallet-test-support.js';

let t: TestApp;
let calls: ReturnType<typeof walletCalls>;
beforeAll(async () => {
  t = await createTestApp({ WALLET_TRANSFER_FEE: '1000', WALLET_RECONCILE_SECONDS: '0' });
  calls = walletCalls(t);
});
afterAll(async () => t.close());
afterEach(async () => {
  expect(await ledgerProblems(t.db)).toEqual([]);
});

const setPin = (m: Merchant, body: Record<string, unknown>) =>
  t.call('PUT', '/wallet/pin', { token: m.token, body });
const pinStatus = (m: Merchant) => t.call('GET', '/wallet/pin', { token: m.token });
const withPin = (pin: string) => {
  const { password: _password, ...body } = calls.transferBody('0123456789', 100_000);
  return { ...body, pin };
};

async function funded(): Promise<Merchant> {
  const m = await createMerchant(t);
  await calls.openWallet(m);
  await calls.deposit(m, 1_000_000);
  return m;
}

describe('transaction PIN', () => {
  it('is set with the password, stored as an argon2 hash, audited, and changed the same way', async () => {
    const m = await createMerchant(t);
    expect((await pinStatus(m)).body.data).toEqual({ pin_set: false, updated_at: null });

    const wrong = await setPin(m, { password: 'not-the-password-1', pin: '4821', confirm_pin: '4821' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.password).toBe('The password is not correct');
    expect((await pinStatus(m)).body.data.pin_set).toBe(false);

    const set = await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.pin_set).toBe(true);
    expect((await pinStatus(m)).body.data.pin_set).toBe(true);
    const row = await t.db
      .selectFrom('transaction_pins')
      .select('pin_hash')
      .where('user_id', '=', m.user.id)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^\$argon2id\$/);
    expect(row.pin_hash).not.toContain('4821');

    const changed = await setPin(m, { password: PASSWORD, pin: '5930', confirm_pin: '5930' });
    expect(changed.status).toBe(200);
    const audits = await t.db
      .selectFrom('audits')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', m.user.id)
      .where('action', 'like', 'user.transaction_pin%')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['user.transaction_pin_set', 'user.transaction_pin_changed']);
    expect(JSON.stringify(audits)).not.toMatch(/4821|5930/);
  });

  it('refuses PINs that are not 4 digits, easy to guess, or not confirmed, naming the field', async () => {
    const m = await createMerchant(t);
    for (const [pin, field, message] of [
      ['12a4', 'pin', 'PIN must be 4 digits'],
      ['48210', 'pin', 'PIN must be 4 digits'],
      ['1234', 'pin', 'Choose a PIN that is not one digit repeated or a run like 1234'],
      ['7777', 'pin', 'Choose a PIN that is not one digit repeated or a run like 1234'],
      ['9876', 'pin', 'Choose a PIN that is not one digit repeated or a run like 1234'],
    ] as const) {
      const res = await setPin(m, { password: PASSWORD, pin, confirm_pin: pin });
      expect(res.status, pin).toBe(400);
      expect(res.body.error.fields[field], pin).toBe(message);
    }
    const mismatch = await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4822' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.confirm_pin).toBe('PINs do not match');
  });

  it('confirms a transfer instead of the password; a wrong PIN moves no money', async () => {
    const m = await funded();
    const none = await calls.transfer(m, withPin('4821'));
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/You have not set a transaction PIN/);

    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    const wrong = await calls.transfer(m, withPin('4822'));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.pin).toBe('The PIN is not correct');
    expect(await calls.details(m)).toMatchObject({ balance: 1_000_000, held: 0 });

    const sent = await calls.transfer(m, withPin('4821'));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.status).toBe('success');
    // The password still confirms a transfer (domain.md: "password or transaction PIN").
    const byPassword = await calls.transfer(m, calls.transferBody('0123456789', 100_000));
    expect(byPassword.status).toBe(201);
    expect(await calls.details(m)).toMatchObject({ balance: 1_000_000 - 2 * 101_000, held: 0 });

    const neither = await calls.transfer(m, { ...withPin(''), pin: undefined });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields.password).toBe('Enter your password or transaction PIN');
  });

  it("is one person's: another member's PIN does not confirm their transfer", async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    const admin = await createStaff(t, m, 'admin');
    const res = await calls.transfer(admin, withPin('4821'));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/You have not set a transaction PIN/);
  });

  it('locks transfers for an hour after five wrong PINs or passwords, the right PIN too', async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    for (const body of [
      withPin('1111'),
      withPin('2222'),
      calls.transferBody('0123456789', 100_000, { password: 'guess-one-1' }),
      withPin('3333'),
      withPin('4444'),
    ]) {
      expect((await calls.transfer(m, body)).status).toBe(422);
    }
    const locked = await calls.transfer(m, withPin('4821'));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many wrong PINs or passwords\. Try again in \d+ minutes\.$/);
    expect(await calls.details(m)).toMatchObject({ balance: 1_000_000, held: 0 });

    t.clock.advance(60 * 60_000 + 1000);
    const later = await calls.transfer(m, withPin('4821'));
    expect(later.status, JSON.stringify(later.body)).toBe(201);
  });
});
