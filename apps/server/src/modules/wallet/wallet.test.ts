import { randomUUID } from 'node:crypto';
import { walletRoutes } from '@tillbook/contract/wallet';
import { describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNTS, sandboxAccountName } from '../../providers/payments/sandbox.js';
import { createMerchant, createStaff, type Merchant, auditsOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { creditDeposit } from './wallet.service.js';
import { GTB, type WalletCalls, WALLET_ENV, ledgerCheckedApp } from './wallet-test-support.js';

let t: TestApp, calls: WalletCalls;
ledgerCheckedApp(WALLET_ENV, (app) => ({ t, calls } = app));
const openWallet = (m: Merchant) => calls.openWallet(m);
const deposit = (m: Merchant, amount: number) => calls.deposit(m, amount);
const details = (m: Merchant) => calls.details(m);
const appContextNow = () => calls.appContextNow();
const appContext = async () => appContextNow();

describe('opening the wallet', () => {
  it('answers null before it is opened, then one wallet with a virtual account however often it is opened', async () => {
    const m = await createMerchant(t);
    expect(await details(m)).toBeNull();
    const [a, b] = await Promise.all([openWallet(m), openWallet(m)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ balance: 0, held: 0, currency: 'NGN', provider: 'sandbox', sandbox: true });
    expect(a.account_number).toMatch(/^\d{10}$/);
    expect((await details(m)).id).toBe(a.id);
    const audit = await auditsOf(t, 'wallet.open', { storeId: m.storeId });
    expect(audit).toHaveLength(1);
  });

  it('a deposit before the wallet is opened is 404; another store’s wallet is 404', async () => {
    const m = await createMerchant(t);
    const other = await createMerchant(t);
    await openWallet(other);
    const res = await t.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount: 1000 } });
    expect(res.status).toBe(404);
    const peek = await t.call('GET', '/wallet/details', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(peek.status).toBe(404);
    const list = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(list.status).toBe(404);
  });
});

describe('banks and name enquiry', () => {
  it('lists the banks with their CBN codes and resolves a 10-digit number to the same name', async () => {
    const m = await createMerchant(t);
    const banks = await t.call('GET', '/wallet/bankcode', { token: m.token });
    expect(banks.body.data).toContainEqual({ name: 'Guaranty Trust Bank', code: '058' });
    expect(banks.body.data).toContainEqual({ name: 'Zenith Bank', code: '057' });
    const v = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: GTB },
    });
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual({
      account_number: '0123456789',
      account_name: sandboxAccountName('0123456789'),
      bank_code: GTB,
      bank_name: 'Guaranty Trust Bank',
    });
    const again = await t.call('GET', '/payment/verify-account', {
      token: m.token,
      query: { accountNumber: '0123456789', bankCode: GTB },
    });
    expect(again.body.data.account_name).toBe(v.body.data.account_name);
  });

  it('names the field that is wrong', async () => {
    const m = await createMerchant(t);
    const short = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '12345', bankCode: GTB },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.accountNumber).toBe('Account number must be 10 digits');
    const bank = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '999' },
    });
    expect(bank.status).toBe(400);
    expect(bank.body.error.fields.bankCode).toBeDefined();
    const unknown = await t.call('POST', '/wallet/validate', {
      token: m.token,
      body: { accountNumber: SANDBOX_ACCOUNTS.unknown, bankCode: GTB },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.accountNumber).toMatch(/Could not resolve/);
  });
});

describe('deposits', () => {
  it('a simulated deposit credits the wallet and is listed, searched and exported', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    const d = await deposit(m, 1_000_000);
    expect(d).toMatchObject({
      type: 'deposit',
      direction: 'credit',
      status: 'success',
      amount: 1_000_000,
      balance_after: 1_000_000,
    });
    expect(await details(m)).toMatchObject({ balance: 1_000_000, held: 0 });
    const list = await t.call('GET', '/wallet/transactions', { token: m.token, query: { type: 'deposit' } });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.pagination).toMatchObject({ total: 1, page: 1, perPage: 10 });
    const none = await t.call('GET', '/wallet/transactions', { token: m.token, query: { type: 'transfer' } });
    expect(none.body.data).toHaveLength(0);
    const searched = await t.call('GET', '/wallet/transactions', {
      token: m.token,
      query: { search: d.reference.slice(3, 15) },
    });
    expect(searched.body.data.map((x: { id: string }) => x.id)).toEqual([d.id]);
    const csv = await t.call('GET', '/wallet/transactions/export', { token: m.token });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.body).toContain('10000.00');
    expect(csv.body.split('\r\n')[0]).toContain('reference');
  });

  it('a deposit reported 5 times at once credits once', async () => {
    const m = await createMerchant(t);
    const w = await openWallet(m);
    // Borrow the app's dependencies through a request: the provider and clock the routes use.
    const ctx = await appContext();
    const report = {
      provider_reference: `psk_${randomUUID()}`,
      amount: 250_000,
      currency: 'NGN',
      account_number: w.account_number,
      provider_ref: null,
      payer_name: 'Ada Obi',
      narration: null,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => creditDeposit(ctx, report)));
    expect(results.filter((r) => r!.credited)).toHaveLength(1);
    expect(new Set(results.map((r) => r!.transaction.id)).size).toBe(1);
    expect(await details(m)).toMatchObject({ balance: 250_000 });
  });

  it('the deposit simulation is refused without the wallet.transfer permission', async () => {
    const m = await createMerchant(t);
    await openWallet(m);
    const manager = await createStaff(t, m, 'manager');
    const res = await t.call('POST', '/wallet/sandbox/deposit', {
      token: manager.token,
      body: { amount: 1000 },
    });
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/wallet/details', { token: manager.token })).status).toBe(200);
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/wallet/details', { token: cashier.token })).status).toBe(403);
  });
});

describe('settlement account', () => {
  it('is set by name enquiry, audited, and refused without settings.manage', async () => {
    const m = await createMerchant(t);
    expect((await t.call('GET', '/payment/settlement-account', { token: m.token })).body.data).toBeNull();
    const set = await t.call('PUT', '/payment/settlement-account', {
      token: m.token,
      body: { accountNumber: '0123456789', bankCode: '057' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe('Saved!!');
    expect(set.body.data).toMatchObject({
      bank_name: 'Zenith Bank',
      account_name: sandboxAccountName('0123456789'),
    });
    expect(
      (await t.call('GET', '/payment/settlement-account', { token: m.token })).body.data.account_number,
    ).toBe('0123456789');
    const banks = await t.call('GET', '/payment/banks', { token: m.token });
    expect(banks.body.data.length).toBeGreaterThan(20);
    const cashier = await createStaff(t, m, 'cashier');
    const refused = await t.call('PUT', '/payment/settlement-account', {
      token: cashier.token,
      body: { accountNumber: '0123456789', bankCode: '057' },
    });
    expect(refused.status).toBe(403);
    const other = await createMerchant(t);
    expect((await t.call('GET', '/payment/settlement-account', { token: other.token })).body.data).toBeNull();
    expect(walletRoutes.transfer.idempotent).toBe(true);
  });
});
