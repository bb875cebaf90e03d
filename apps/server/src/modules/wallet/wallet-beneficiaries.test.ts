/** Banks found by short name, the store's recent beneficiaries, and the wallet CSV's times (decision 0058). */
import { describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNTS, sandboxAccountName } from '../../providers/payments/sandbox.js';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { createMemberWith } from '../../test/sales-fixtures.js';
import { GTB, type WalletCalls, WALLET_ENV, ledgerCheckedApp } from './wallet-test-support.js';

let t: TestApp, calls: WalletCalls;
ledgerCheckedApp(WALLET_ENV, (app) => ({ t, calls } = app));

const ZENITH = '057';

async function bankNames(m: Merchant, url: string, search: string): Promise<string[]> {
  const res = await t.call('GET', url, { token: m.token, query: { search } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((b: { name: string }) => b.name);
}

/** A transfer that the sandbox sends at once (or fails, for its failing account). */
async function send(m: Merchant, accountNumber: string, bankCode = GTB) {
  // A second between transfers: "last paid first" is then an order, not a tie.
  t.clock.advance(1000);
  const res = await calls.transfer(m, calls.transferBody(accountNumber, 10_000, { bankCode }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function beneficiaries(m: Merchant) {
  const res = await t.call('GET', '/wallet/beneficiaries', { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<Record<string, string>>;
}

describe('bank search', () => {
  it('finds a bank by its name, its short name and its code, on both bank lists', async () => {
    const m = await createMerchant(t);
    for (const url of ['/wallet/bankcode', '/payment/banks']) {
      expect(await bankNames(m, url, 'GTB')).toEqual(['Guaranty Trust Bank']);
      expect(await bankNames(m, url, 'gtbank')).toEqual(['Guaranty Trust Bank']);
      expect(await bankNames(m, url, 'FCMB')).toEqual(['First City Monument Bank']);
      expect(await bankNames(m, url, 'UBA')).toEqual(['United Bank For Africa']);
      expect(await bankNames(m, url, 'FBN')).toEqual(['First Bank of Nigeria']);
      expect(await bankNames(m, url, 'Stanbic')).toEqual(['Stanbic IBTC Bank']);
      expect(await bankNames(m, url, 'moniepoint')).toEqual(['Moniepoint MFB']);
      expect(await bankNames(m, url, '057')).toEqual(['Zenith Bank']);
      expect(await bankNames(m, url, 'no such bank')).toEqual([]);
    }
    // "First Bank" is First Bank of Nigeria by name; First City Monument Bank is not a "first bank".
    expect(await bankNames(m, '/wallet/bankcode', 'First Bank')).toEqual(['First Bank of Nigeria']);
    // No search: every bank, by name.
    const all = await bankNames(m, '/wallet/bankcode', '');
    expect(all.length).toBeGreaterThan(20);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses an over-long search with 400 naming the field', async () => {
    const m = await createMerchant(t);
    const res = await t.call('GET', '/wallet/bankcode', {
      token: m.token,
      query: { search: 'x'.repeat(61) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('search');
  });
});

describe('recent beneficiaries', () => {
  it('lists the accounts paid, once each, last paid first, without failed transfers', async () => {
    const m = await createMerchant(t);
    await calls.fund(m, 1_000_000);
    expect(await beneficiaries(m)).toEqual([]);
    await send(m, '0123456789');
    const zenith = await send(m, '2222222222', ZENITH);
    const again = await send(m, '0123456789');
    const failed = await send(m, SANDBOX_ACCOUNTS.fails);
    expect(failed.status).toBe('failed');

    const list = await beneficiaries(m);
    expect(list).toEqual([
      {
        account_number: '0123456789',
        account_name: sandboxAccountName('0123456789'),
        bank_code: GTB,
        bank_name: 'Guaranty Trust Bank',
        last_sent_at: again.created_at,
      },
      {
        account_number: '2222222222',
        account_name: sandboxAccountName('2222222222'),
        bank_code: ZENITH,
        bank_name: 'Zenith Bank',
        last_sent_at: zenith.created_at,
      },
    ]);
  });

  it('offers the 10 most recent', async () => {
    const m = await createMerchant(t);
    await calls.fund(m, 1_000_000);
    const numbers = Array.from({ length: 11 }, (_, i) => `30000000${String(i).padStart(2, '0')}`);
    for (const n of numbers) await send(m, n);
    const list = await beneficiaries(m);
    expect(list.map((b) => b.account_number)).toEqual(numbers.slice(1).reverse());
  });

  it("are the store's own: another store sees none of them and cannot ask for them", async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    await calls.fund(m, 1_000_000);
    await send(m, '4444444444');
    expect(await beneficiaries(m)).toHaveLength(1);
    expect(await beneficiaries(other)).toEqual([]);
    const res = await t.call('GET', '/wallet/beneficiaries', {
      token: other.token,
      query: { storeId: m.storeId },
    });
    expect(res.status).toBe(404);
  });

  it('need the permission to see the wallet (403 without it)', async () => {
    const m = await createMerchant(t);
    const clerk = await createMemberWith(t, m, ['orders.view']);
    const res = await t.call('GET', '/wallet/beneficiaries', { token: clerk.token });
    expect(res.status).toBe(403);
    const viewer = await createMemberWith(t, m, ['wallet.view']);
    expect((await t.call('GET', '/wallet/beneficiaries', { token: viewer.token })).status).toBe(200);
  });
});

describe("the wallet CSV's times", () => {
  it("are the store's wall clock with its offset (Africa/Lagos, +01:00)", async () => {
    const m = await createMerchant(t);
    await calls.openWallet(m);
    const d = await calls.deposit(m, 150_000);
    // A known instant: 13:05 UTC is 14:05 in Lagos.
    await t.db
      .updateTable('wallet_transactions')
      .set({ created_at: '2026-11-29T13:05:00.000Z' })
      .where('store_id', '=', m.storeId)
      .where('id', '=', d.id)
      .execute();
    const csv = await t.call('GET', '/wallet/transactions/export', { token: m.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split('\r\n');
    const row = lines.find((l) => l.includes(d.reference))!;
    expect(row.split(',')[0]).toBe('2026-11-29 14:05 +01:00');
  });
});
