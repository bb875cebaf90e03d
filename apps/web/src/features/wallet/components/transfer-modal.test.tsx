import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInForEachTest } from '../../../test/session';
import { jsonResponse, noRoute, renderScreen } from '../../../test/render';
import { wallet } from '../test-wallet';
import { TransferModal } from './transfer-modal';

const transferAnswer = {
  id: 't1',
  type: 'transfer',
  direction: 'debit',
  status: 'success',
  amount: 1_200_000,
  fee: 1_000,
  balance_after: 3_799_000,
  reference: 'tb_0001',
  narration: null,
  counterparty_name: 'ADAEZE BELLO',
  counterparty_account: '0123456789',
  counterparty_bank_name: 'Guaranty Trust Bank',
  related_id: null,
  failure_reason: null,
  actor_name: 'Chioma Obi',
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
};

const recent = [
  {
    account_number: '0123456789',
    account_name: 'ADAEZE BELLO',
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank',
    last_sent_at: '2026-11-25T10:00:00.000Z',
  },
];

function serve({ pinSet = false, beneficiaries = [] as typeof recent } = {}) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/v1/wallet/pin')) {
      return jsonResponse(200, {
        success: true,
        message: 'OK',
        data: { pin_set: pinSet, updated_at: pinSet ? '2026-11-25T09:00:00.000Z' : null },
      });
    }
    if (path.startsWith('/api/v1/wallet/bankcode')) {
      return jsonResponse(200, {
        success: true,
        message: 'OK',
        data: [
          { name: 'First Bank of Nigeria', code: '011' },
          { name: 'Guaranty Trust Bank', code: '058' },
          { name: 'United Bank For Africa', code: '033' },
        ],
      });
    }
    if (path.startsWith('/api/v1/wallet/beneficiaries')) {
      return jsonResponse(200, { success: true, message: 'OK', data: beneficiaries });
    }
    if (path.startsWith('/api/v1/wallet/validate')) {
      return jsonResponse(200, {
        success: true,
        message: 'OK',
        data: {
          account_number: '0123456789',
          account_name: 'ADAEZE BELLO',
          bank_code: '058',
          bank_name: 'Guaranty Trust Bank',
        },
      });
    }
    if (path.startsWith('/api/v1/wallet/transfer') && init?.method === 'POST') {
      return jsonResponse(201, { success: true, message: 'Transfer sent', data: transferAnswer });
    }
    return noRoute(path);
  });
}

/** Picks the bank, types the account (its name shows) and ₦12,000. */
async function fillTransfer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Bank' }));
  // By the short name people use: nobody types "Guaranty Trust".
  await user.keyboard('GTB');
  expect(screen.queryByRole('option', { name: 'United Bank For Africa', hidden: true })).toBeNull();
  await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank', hidden: true }));
  await user.type(screen.getByRole('textbox', { name: 'Account number' }), '0123456789');
  expect(await screen.findByText('ADAEZE BELLO')).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '12000');
}

describe('transfer form', () => {
  signedInForEachTest();

  it('shows the bank’s name for the account, the fee and total, and asks for the password before sending', async () => {
    const fetch = serve();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<TransferModal opened onClose={() => {}} wallet={wallet} />);
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url)).join(' ')).toContain('/wallet/bankcode'),
    );
    await fillTransfer(user);
    expect(screen.getByText(/Fee ₦10\.00 · total ₦12,010\.00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('Enter your password to confirm')).toBeVisible();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/wallet/transfer'))).toBe(false);

    await user.type(screen.getByLabelText(/Your password/), 'sunny-day-42');
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('Transfer receipt')).toBeVisible();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/wallet/transfer'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      amount: 1_200_000,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'ADAEZE BELLO',
      password: 'sunny-day-42',
    });
    const headers = init!.headers as Record<string, string>;
    await waitFor(() => expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/));
  }, 30_000);

  it('asks for the transaction PIN when one is set, sends it instead of the password, and offers the password', async () => {
    const fetch = serve({ pinSet: true });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<TransferModal opened onClose={() => {}} wallet={wallet} />);
    await fillTransfer(user);
    const pin = await screen.findByLabelText(/Transaction PIN/);
    expect(screen.getByRole('button', { name: 'Use my password instead' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('Enter your 4-digit PIN to confirm')).toBeVisible();
    // Only digits, at most four.
    await user.type(pin, '48a217');
    expect(pin).toHaveValue('4821');
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('Transfer receipt')).toBeVisible();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/wallet/transfer'))!;
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    expect(body.pin).toBe('4821');
    expect(body).not.toHaveProperty('password');
  }, 30_000);

  it('fills the bank and account from a recent beneficiary in one tap, and looks the name up', async () => {
    const fetch = serve({ beneficiaries: recent });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderScreen(<TransferModal opened onClose={() => {}} wallet={wallet} />);
    const chip = await screen.findByRole('button', { name: 'ADAEZE BELLO, Guaranty Trust Bank 0123456789' });
    expect(chip).toHaveTextContent('GTB · 0123456789');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('0123456789');
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveValue('Guaranty Trust Bank');
    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('ADAEZE BELLO');
  }, 30_000);

  it('shows no recent strip before the first transfer', async () => {
    const fetch = serve();
    vi.stubGlobal('fetch', fetch);
    renderScreen(<TransferModal opened onClose={() => {}} wallet={wallet} />);
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url)).join(' ')).toContain('/wallet/beneficiaries'),
    );
    expect(await screen.findByRole('combobox', { name: 'Bank' })).toBeVisible();
    expect(screen.queryByText('Recent')).toBeNull();
  });
});
