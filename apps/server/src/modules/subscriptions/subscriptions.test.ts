import { describe, expect, it } from 'vitest';
import {
  createMerchant,
  latestMail,
  PASSWORD,
  uniqueEmail,
  type Merchant,
  auditsOf,
  REAL_PLANS,
} from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { ledgerCheckedApp, type WalletCalls } from '../wallet/wallet-test-support.js';

let t: TestApp, calls: WalletCalls;
ledgerCheckedApp(REAL_PLANS, (app) => ({ t, calls } = app));

const fund = (m: Merchant, amount: number) => calls.fund(m, amount);

const subscribe = (m: Merchant, plan_code: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/subscription/subscribe', {
    token: m.token,
    body: { plan_code, password: PASSWORD },
    query: { storeId: m.storeId },
    headers,
  });

async function roleId(m: Merchant, key: string) {
  const roles = await t.call('GET', '/roles', { token: m.token });
  return (roles.body.data as Array<{ id: string; key: string | null }>).find((r) => r.key === key)!.id;
}

const invite = async (m: Merchant, key = 'cashier') =>
  t.call('POST', '/members/add-member', {
    token: m.token,
    body: { email: uniqueEmail('staff'), role_id: await roleId(m, key) },
  });

const today = () => new Date(t.clock.now().getTime() + 3600_000).toISOString().slice(0, 10);

describe('plans', () => {
  it('lists every plan with its price and limits; a new store is on Starter, not active', async () => {
    const m = await createMerchant(t);
    const all = await t.call('GET', '/subscription/all', { token: m.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: { code: string }) => p.code)).toEqual([
      'FREEMIUM',
      'GRO001',
      'GRO002',
      'ENT001',
    ]);
    expect(all.body.data[1]).toMatchObject({
      name: 'GROWTH',
      price: 1_500_000,
      period: 'month',
      members: 5,
      stores: 3,
      button: 'Upgrade to plan',
    });
    expect(all.body.data[2]).toMatchObject({ name: 'GROWTH - Yearly', price: 15_000_000, period: 'year' });
    expect(all.body.data[3]).toMatchObject({
      name: 'ENTERPRISE',
      price: null,
      members: null,
      button: 'Contact Sales',
    });
    const current = await t.call('GET', '/subscription', { token: m.token });
    expect(current.body.data).toMatchObject({
      active: false,
      start_date: null,
      plan: { code: 'FREEMIUM', members: 1, stores: 1 },
      usage: { members: 1, stores: 1 },
    });
  });

  it('a Starter store is refused a second member and a second store, with the plan’s message (402)', async () => {
    const m = await createMerchant(t);
    const member = await invite(m);
    expect(member.status).toBe(402);
    expect(member.body.error.code).toBe('PLAN_LIMIT');
    expect(member.body.message).toBe(
      'The FREEMIUM plan allows 1 team member per store, the owner included. Upgrade to GROWTH in Settings → Subscription for more.',
    );
    const branch = await t.call('POST', '/add-branch', {
      token: m.token,
      body: { business_name: 'Ikeja branch' },
    });
    expect(branch.status).toBe(402);
    expect(branch.body.message).toMatch(/^The FREEMIUM plan allows 1 store, branches included/);
    const store = await t.call('POST', '/stores/create-store', {
      token: m.token,
      body: { business_name: 'Second shop' },
    });
    expect(store.status).toBe(402);
  });
});

describe('subscribing', () => {
  it('pays from the wallet, makes the plan active for a month and lifts the limits; Subscribed!!!!', async () => {
    const m = await createMerchant(t);
    await fund(m, 2_000_000);
    const res = await subscribe(m, 'GRO001');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Subscribed!!!!');
    const sub = res.body.data.subscription;
    expect(sub).toMatchObject({
      active: true,
      plan: { code: 'GRO001', name: 'GROWTH' },
      start_date: today(),
    });
    expect(sub.days_left).toBeGreaterThanOrEqual(28);
    const wallet = await t.call('GET', '/wallet/details', { token: m.token });
    expect(wallet.body.data.balance).toBe(500_000);
    const paid = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { type: 'subscription' },
    });
    expect(paid.body.data).toHaveLength(1);
    expect(paid.body.data[0]).toMatchObject({
      amount: 1_500_000,
      direction: 'debit',
      id: res.body.data.wallet_transaction_id,
    });
    expect((await invite(m)).status).toBe(201);
    const branch = await t.call('POST', '/add-branch', {
      token: m.token,
      body: { business_name: 'Ikeja branch' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const history = await t.call('GET', '/subscription/user', {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ plan_code: 'GRO001', amount: 1_500_000, active: true });
    const audit = await auditsOf(t, 'subscription.subscribe', { storeId: m.storeId });
    expect(audit).toHaveLength(1);
  });

  it('not enough money is a 422 saying how much is missing, and nothing is paid', async () => {
    const m = await createMerchant(t);
    const none = await subscribe(m, 'GRO001');
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/Open the wallet and add NGN 15,000.00/);
    await fund(m, 1_000_000);
    const short = await subscribe(m, 'GRO002');
    expect(short.status).toBe(422);
    expect(short.body.message).toContain('NGN 140,000.00 short');
    expect((await t.call('GET', '/subscription', { token: m.token })).body.data.active).toBe(false);
    expect((await t.call('GET', '/wallet/details', { token: m.token })).body.data.balance).toBe(1_000_000);
  });

  it('a renewal starts when the plan ends; an expired plan falls back to Starter', async () => {
    const m = await createMerchant(t);
    await fund(m, 3_000_000);
    const first = await subscribe(m, 'GRO001');
    const second = await subscribe(m, 'GRO001');
    expect(second.status).toBe(200);
    const history = await t.call('GET', '/subscription/user', { token: m.token });
    const [newer, older] = history.body.data;
    expect(older.end_date < newer.start_date).toBe(true);
    expect(first.body.data.subscription.end_date).toBe(older.end_date);
    t.clock.advance(70 * 86_400_000);
    const again = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
    const later = await t.call('GET', '/subscription', { token: again.body.data.userToken });
    expect(later.body.data).toMatchObject({ active: false, plan: { code: 'FREEMIUM' } });
  });

  it('Enterprise answers with a contact and takes no money; an unknown plan is 400; the same key pays once', async () => {
    const m = await createMerchant(t);
    await fund(m, 5_000_000);
    const ent = await subscribe(m, 'ENT001');
    expect(ent.status).toBe(200);
    expect(ent.body.data.contact).toMatch(/^mailto:sales@/);
    expect(ent.body.data.subscription.active).toBe(false);
    const bad = await subscribe(m, 'GOLD');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.plan_code).toBe('Unknown plan');
    const key = { 'idempotency-key': `sub-${m.storeId}` };
    const [a, b] = await Promise.all([subscribe(m, 'GRO001', key), subscribe(m, 'GRO001', key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.wallet_transaction_id).toBe(b.body.data.wallet_transaction_id);
    expect((await t.call('GET', '/wallet/details', { token: m.token })).body.data.balance).toBe(3_500_000);
  });

  it('another store’s subscription is 404; subscribing needs subscription.manage', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    expect(
      (await t.call('GET', '/subscription', { token: m.token, query: { storeId: other.storeId } })).status,
    ).toBe(404);
    expect(
      (await t.call('GET', '/subscription/user', { token: m.token, query: { storeId: other.storeId } }))
        .status,
    ).toBe(404);
    expect((await subscribe({ ...m, storeId: other.storeId }, 'GRO001')).status).toBe(404);
    await fund(m, 2_000_000);
    expect((await subscribe(m, 'GRO001')).status).toBe(200);
    const invited = await invite(m, 'admin');
    expect(invited.status).toBe(201);
    const email = invited.body.data.email as string;
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    const accepted = await t.call('POST', '/members/accept-invite', {
      body: { token, password: PASSWORD, first_name: 'Ada', last_name: 'Admin' },
    });
    expect(accepted.status).toBe(200);
    const admin = { token: accepted.body.data.userToken as string, storeId: m.storeId } as Merchant;
    const refused = await subscribe(admin, 'GRO002');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/subscription/i);
  });
});
