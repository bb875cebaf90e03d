import { screen } from '@testing-library/react';
import type { WalletDetails } from '@tillbook/contract/wallet';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { AccountCard } from './account-card';

const wallet: WalletDetails = {
  id: 'w1',
  currency: 'NGN',
  provider: 'sandbox',
  bank_name: 'Wema Bank (sandbox)',
  account_number: '9123456789',
  account_name: 'TILLBOOK/MAMA PUT',
  balance: 5_000_000,
  held: 0,
  transfer_fee: 1_000,
  transfer_limit: 500_000_000,
  daily_limit: 1_000_000_000,
  sandbox: true,
  created_at: '2026-11-26T00:00:00.000Z',
};

const card = (w: WalletDetails) => (
  <AccountCard wallet={w} canTransfer onTransfer={() => {}} onDeposit={() => {}} />
);

describe('the wallet account card', () => {
  it("says the money is play money while the server's provider is the sandbox", async () => {
    renderScreen(card(wallet));
    expect(await screen.findByText('Sandbox: play money')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simulate deposit' })).toBeInTheDocument();
  });

  it('shows no badge and no simulated deposit with a real provider', async () => {
    renderScreen(card({ ...wallet, provider: 'paystack', bank_name: 'Titan Trust Bank', sandbox: false }));
    expect(await screen.findByText('Available balance')).toBeInTheDocument();
    expect(screen.queryByText(/Sandbox/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate deposit' })).toBeNull();
  });
});
