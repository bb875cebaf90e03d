import { describe, expect, it } from 'vitest';
import {
  createMerchant,
  latestCode,
  latestMail,
  PASSWORD,
  signUpBody,
  uniqueEmail,
  type Merchant,
  REAL_PLANS,
} from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { ledgerCheckedApp, type WalletCalls } from '../wallet/wallet-test-support.js';

/**
 * Issue 28: every plan limit is counted and claimed in the transaction of the insert it guards
 * (decision 0044). Each test fires 20 to 30 requests at once and checks the limit is met
 * exactly, on whichever engine the suite runs (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let t: TestApp, calls: WalletCalls;
ledgerCheckedApp(REAL_PLANS, (app) => ({ t, calls } = app));

const PRICE = 1_500_000;

const fund = (m: Merchant, amount: number) => calls.fund(m, amount);

const subscribe = (m: Merchant, headers: Record<string, string> = {}) =>
  t.call('POST', '/subscription/subscribe', {
    token: m.token,
    body: { plan_code: 'GRO001', password: PASSWORD },
    query: { storeId: m.storeId },
    headers,
  });

async function onGrowth(m: Merchant) {
  await fund(m, PRICE);
  const res = await subscribe(m);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function roleId(m: Pick<Merchant, 'token'>, key: string) {
  const roles = await t.call('GET', '/roles', { token: m.token });
  return (roles.body.data as Array<{ id: string; key: string | null }>).find((r) => r.key === key)!.id;
}

const countOf = async (table: 'stores' | 'memberships', column: string, value: string) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', value as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** How many stores the owner of `m`'s store owns, branches included. */
async function storesOfOwner(m: Merchant) {
  const owner = await t.db
    .selectFrom('stores')
    .select('owner_user_id')
    .where('id', '=', m.storeId)
    .executeTakeFirstOrThrow();
  return countOf('stores', 'owner_user_id', owner.owner_user_id);
}

/** A signed-up, verified account that has not made its first store yet. */
async function newAccount() {
  const body = signUpBody({ email: uniqueEmail('fresh') });
  const signUp = await t.call('POST', '/user/signup', { body });
  expect(signUp.status).toBe(201);
  const code = await latestCode(t, body.email);
  expect((await t.call('POST', '/user/verify-email', { body: { email: body.email, code } })).status).toBe(
    200,
  );
  return { id: signUp.body.data.id as string, token: signUp.body.data.userToken as string };
}

const statuses = (replies: Array<{ status: number }>) =>
  replies.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe('plan limits under concurrent requests', () => {
  it('20 create-store calls at once from a new Starter account make exactly one store', async () => {
    const account = await newAccount();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/stores/create-store', {
          token: account.token,
          body: { business_name: `Rush shop ${i}` },
        }),
      ),
    );
    expect(statuses(replies)).toEqual({ 201: 1, 402: 19 });
    expect(await countOf('stores', 'owner_user_id', account.id)).toBe(1);
  });

  it('20 business-info calls at once make one store; the others update it', async () => {
    const account = await newAccount();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('PUT', `/user/business-info/${account.id}`, {
          token: account.token,
          body: { business_name: `Onboarding ${i}`, country: 'Nigeria', state: 'Lagos' },
        }),
      ),
    );
    expect(statuses(replies)).toEqual({ 200: 20 });
    expect(await countOf('stores', 'owner_user_id', account.id)).toBe(1);
    expect(new Set(replies.map((r) => r.body.data.store.id)).size).toBe(1);
  });

  it('20 branches at once on GROWTH leave exactly 3 stores', async () => {
    const m = await createMerchant(t);
    await onGrowth(m);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/add-branch', { token: m.token, body: { business_name: `Branch ${i}` } }),
      ),
    );
    expect(statuses(replies)).toEqual({ 201: 2, 402: 18 });
    expect(await storesOfOwner(m)).toBe(3);
  });

  it('20 stores at once on GROWTH (create-store and add-branch mixed) leave exactly 3', async () => {
    const m = await createMerchant(t);
    await onGrowth(m);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? t.call('POST', '/add-branch', { token: m.token, body: { business_name: `Branch ${i}` } })
          : t.call('POST', '/stores/create-store', { token: m.token, body: { business_name: `Shop ${i}` } }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status !== 201).every((r) => r.status === 402)).toBe(true);
    expect(await storesOfOwner(m)).toBe(3);
  });

  it('30 invitations at once on GROWTH give exactly 4 (5 members, the owner included)', async () => {
    const m = await createMerchant(t);
    await onGrowth(m);
    const cashier = await roleId(m, 'cashier');
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/members/add-member', {
          token: m.token,
          body: { email: uniqueEmail('rush'), role_id: cashier },
        }),
      ),
    );
    expect(statuses(replies)).toEqual({ 201: 4, 402: 26 });
    expect(await countOf('memberships', 'store_id', m.storeId)).toBe(5);
  });

  it('20 subscribes at once with different keys: each charge pays for its own period, never two for one', async () => {
    const m = await createMerchant(t);
    await fund(m, 20 * PRICE);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe(m, { 'idempotency-key': `rush-${m.storeId}-${i}` })),
    );
    // The first pays for this month, the second for the next; the rest are refused.
    expect(statuses(replies)).toEqual({ 200: 2, 409: 18 });
    const periods = await t.db
      .selectFrom('subscriptions')
      .select(['start_date', 'end_date', 'wallet_transaction_id'])
      .where('store_id', '=', m.storeId)
      .orderBy('start_date')
      .execute();
    expect(periods).toHaveLength(2);
    expect(periods[0]!.end_date < periods[1]!.start_date).toBe(true);
    const charges = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { type: 'subscription' },
    });
    expect(charges.body.data).toHaveLength(2);
    expect(new Set(periods.map((p) => p.wallet_transaction_id))).toEqual(
      new Set(charges.body.data.map((c: { id: string }) => c.id)),
    );
    const wallet = await t.call('GET', '/wallet/details', { token: m.token });
    expect(wallet.body.data.balance).toBe(18 * PRICE);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.message).toMatch(
      /^GROWTH is already paid until .+\. You can pay for the next period from /,
    );
  });
});

describe('paying for a plan is confirmed as a transfer is', () => {
  it('needs the password or PIN; a wrong one takes nothing', async () => {
    const m = await createMerchant(t);
    await fund(m, PRICE);
    const none = await t.call('POST', '/subscription/subscribe', {
      token: m.token,
      body: { plan_code: 'GRO001' },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.password).toMatch(/password or transaction PIN/);
    const wrong = await t.call('POST', '/subscription/subscribe', {
      token: m.token,
      body: { plan_code: 'GRO001', password: 'not-my-password-1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.password).toBe('The password is not correct');
    expect((await t.call('GET', '/wallet/details', { token: m.token })).body.data.balance).toBe(PRICE);
    // Enterprise and Starter take no money and ask for nothing.
    const ent = await t.call('POST', '/subscription/subscribe', {
      token: m.token,
      body: { plan_code: 'ENT001' },
    });
    expect(ent.status).toBe(200);
    expect((await subscribe(m)).status).toBe(200);
  });
});

describe('when a paid plan ends (decision 0044)', () => {
  async function acceptInvitation(m: Pick<Merchant, 'token'>, key: string) {
    const invited = await t.call('POST', '/members/add-member', {
      token: m.token,
      body: { email: uniqueEmail(key), role_id: await roleId(m, key) },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const email = invited.body.data.email as string;
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(t, email)).text)![1]!;
    return { email, token };
  }

  it('stores past the plan and members past it become read-only until the merchant pays again', async () => {
    const m = await createMerchant(t);
    await onGrowth(m);
    const joined = await acceptInvitation(m, 'cashier');
    const member = await t.call('POST', '/members/accept-invite', {
      body: { token: joined.token, password: PASSWORD, first_name: 'Ngozi', last_name: 'Cashier' },
    });
    expect(member.status).toBe(200);
    const cashier = member.body.data.userToken as string;
    const branch = await t.call('POST', '/add-branch', {
      token: m.token,
      body: { business_name: 'Later branch' },
    });
    expect(branch.status).toBe(201);
    const branchId = branch.body.data.id as string;

    // Within the plan, everyone may make changes.
    let phones = 0;
    const customer = (token: string, storeId = m.storeId) =>
      t.call('POST', '/customers/create', {
        token,
        query: { storeId },
        body: {
          first_name: 'Bola',
          last_name: 'Customer',
          phone_number: `0803${String(1_000_000 + ++phones).slice(1)}0`,
        },
      });
    expect((await customer(cashier)).status).toBe(201);

    // Four weeks on, an invitation is sent (invitations last 7 days)...
    t.clock.advance(28 * 86_400_000);
    const signedIn = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
    const pending = await acceptInvitation({ token: signedIn.body.data.userToken as string }, 'manager');
    // ...and five days later GROWTH has ended: the store is back on Starter (1 member, 1 store).
    t.clock.advance(5 * 86_400_000);
    const again = await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } });
    const owner = again.body.data.userToken as string;
    const cashierAgain = await t.call('POST', '/user/signin', {
      body: { email: joined.email, password: PASSWORD },
    });
    const cashierToken = cashierAgain.body.data.userToken as string;

    // The first store stays open to its owner; the branch, the newest store, is read-only.
    expect((await customer(owner)).status).toBe(201);
    const inBranch = await customer(owner, branchId);
    expect(inBranch.status).toBe(402);
    expect(inBranch.body.message).toMatch(
      /^This store is read-only: The FREEMIUM plan allows 1 store, branches included\./,
    );
    expect(
      (await t.call('GET', '/customers/paginated-results', { token: owner, query: { storeId: branchId } }))
        .status,
    ).toBe(200);

    // The cashier, past Starter's one member, can look but not change.
    const refused = await customer(cashierToken);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/^You can look but not change anything in this store/);
    expect((await t.call('GET', '/customers/paginated-results', { token: cashierToken })).status).toBe(200);

    // The open invitation is checked again when accepted.
    const late = await t.call('POST', '/members/accept-invite', {
      body: { token: pending.token, password: PASSWORD, first_name: 'Late', last_name: 'Manager' },
    });
    expect(late.status).toBe(402);
    expect(late.body.message).toMatch(/This store's team is full/);

    const current = await t.call('GET', '/subscription', { token: cashierToken });
    expect(current.body.data.over_limit).toEqual({ members: true, stores: false });
    const inBranchNow = await t.call('GET', '/subscription', { token: owner, query: { storeId: branchId } });
    expect(inBranchNow.body.data.over_limit).toEqual({ members: false, stores: true });

    // Paying is not refused in the read-only branch (it has no wallet of its own: 422, not 402).
    const paid = await t.call('POST', '/subscription/subscribe', {
      token: owner,
      query: { storeId: branchId },
      body: { plan_code: 'GRO001', password: PASSWORD },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(422);
    expect(paid.body.message).toMatch(/^Open the wallet/);
    // Paying again in the main store lifts both at once.
    const topUp = await t.call('POST', '/wallet/sandbox/deposit', { token: owner, body: { amount: PRICE } });
    expect(topUp.status).toBe(201);
    expect(
      (
        await t.call('POST', '/subscription/subscribe', {
          token: owner,
          body: { plan_code: 'GRO001', password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await customer(owner, branchId)).status).toBe(201);
    expect((await customer(cashierToken)).status).toBe(201);
    const joinedLate = await t.call('POST', '/members/accept-invite', {
      body: { token: pending.token, password: PASSWORD, first_name: 'Late', last_name: 'Manager' },
    });
    expect(joinedLate.status).toBe(200);
  });

  it('removing a member is allowed in a store over its plan; inviting is not', async () => {
    const m = await createMerchant(t);
    await onGrowth(m);
    const inv = await acceptInvitation(m, 'cashier');
    const joined = await t.call('POST', '/members/accept-invite', {
      body: { token: inv.token, password: PASSWORD, first_name: 'A', last_name: 'Cashier' },
    });
    expect(joined.status).toBe(200);
    const team = await t.call('GET', '/members/all-members', { token: m.token });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    const id = team.body.data.find((x: { email: string }) => x.email === inv.email).id as string;
    t.clock.advance(40 * 86_400_000);
    const owner = (await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }))
      .body.data.userToken as string;
    const more = await t.call('POST', '/members/add-member', {
      token: owner,
      body: { email: uniqueEmail('more'), role_id: await roleId({ token: owner }, 'cashier') },
    });
    expect(more.status).toBe(402);
    expect(more.body.message).toMatch(/^The FREEMIUM plan allows 1 team member per store/);
    const removed = await t.call('DELETE', `/members/delete-member/${id}`, { token: owner });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const current = await t.call('GET', '/subscription', { token: owner });
    expect(current.body.data).toMatchObject({
      usage: { members: 1 },
      over_limit: { members: false, stores: false },
    });
  });
});
