import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { wallet } from '../test-wallet';
import type { WalletDetails } from '@tillbook/contract/wallet';
import { AccountCard } from './account-card';

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
