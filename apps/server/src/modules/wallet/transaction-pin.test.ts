/** The transaction PIN: set with the password, hashed, given instead of the password (decision 0038). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, PASSWORD, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { ledgerProblems } from './wallet-ledger-check.js';
import { type WalletCalls, walletTestApp } from './wallet-test-support.js';

let t: TestApp, calls: WalletCalls;
beforeAll(async () => ({ t, calls } = await walletTestApp()));
afterAll(async () => t.close());
afterEach(async () => expect(await ledgerProblems(t.db)).toEqual([]));

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

  // Decision 0038, addendum: wrong PINs lock the PIN only; the password still confirms.
  it('five wrong PINs lock the PIN for 15 minutes, not the password, and the right password unlocks it', async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    const answers = [];
    for (const pin of ['1111', '2222', '3333', '4444', '5555'])
      answers.push(await calls.transfer(m, withPin(pin)));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    expect(answers[3]!.body.message).toBe('The PIN is not correct.');
    expect(answers[4]!.body.message).toBe(
      'The PIN is not correct. It is now locked for 15 minutes: confirm with your password instead.',
    );
    const locked = await calls.transfer(m, withPin('4821'));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Too many wrong PINs: the PIN is locked for 15 minutes. Confirm with your password instead.',
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await calls.details(m)).toMatchObject({ balance: 1_000_000, held: 0 });

    // The owner's password is not locked by the PIN's streak, and it unlocks the PIN.
    const byPassword = await calls.transfer(m, calls.transferBody('0123456789', 100_000));
    expect(byPassword.status, JSON.stringify(byPassword.body)).toBe(201);
    const byPin = await calls.transfer(m, withPin('4821'));
    expect(byPin.status, JSON.stringify(byPin.body)).toBe(201);
  });

  it('the PIN lock ends by itself after 15 minutes; ten wrong PINs in a day lock it for the day', async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    for (const pin of ['1111', '2222', '3333', '4444', '5555']) {
      expect((await calls.transfer(m, withPin(pin))).status).toBe(422);
    }
    expect((await calls.transfer(m, withPin('4821'))).status).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    // The right PIN works again, and clears the 15-minute count, not the day's.
    expect((await calls.transfer(m, withPin('4821'))).status).toBe(201);
    const more = [];
    for (const pin of ['6666', '7777', '8888', '9999', '1212'])
      more.push(await calls.transfer(m, withPin(pin)));
    expect(more.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    expect(more[4]!.body.message).toMatch(/^The PIN is not correct\. It is now locked for 2[34] hours:/);
    t.clock.advance(15 * 60_000 + 1000);
    const dayLocked = await calls.transfer(m, withPin('4821'));
    expect(dayLocked.status).toBe(429);
    expect(dayLocked.body.message).toMatch(/^Too many wrong PINs: the PIN is locked for 2[34] hours\./);
    // The password still confirms, and lifts the day's lock too.
    expect((await calls.transfer(m, calls.transferBody('0123456789', 100_000))).status).toBe(201);
    expect((await calls.transfer(m, withPin('4821'))).status).toBe(201);
  });

  it('wrong passwords slow to one try a minute after five, never locking, and leave the PIN alone', async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    const wrong = () =>
      calls.transfer(m, calls.transferBody('0123456789', 100_000, { password: 'guess-one-1' }));
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(422);
    // Past the five, one try a minute: this one is checked, the next within the minute waits.
    expect((await wrong()).status).toBe(422);
    const early = await calls.transfer(m, calls.transferBody('0123456789', 100_000));
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ seconds\.$/);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The PIN is not touched by the password's count.
    expect((await calls.transfer(m, withPin('4821'))).status).toBe(201);
    t.clock.advance(61_000);
    const right = await calls.transfer(m, calls.transferBody('0123456789', 100_000));
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    // The right password cleared the count: five wrong ones are answered at once again.
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(422);
  });

  it('wrong PINs sent at once get no more than five tries between them', async () => {
    const m = await funded();
    await setPin(m, { password: PASSWORD, pin: '4821', confirm_pin: '4821' });
    const pins = ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999', '1212'];
    const answers = await Promise.all(pins.map((pin) => calls.transfer(m, withPin(pin))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await calls.details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
  });
});
