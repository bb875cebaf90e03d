import type { WalletDetails } from '@tillbook/contract/wallet';

/** A sandbox wallet with ₦50,000 in it, as the wallet's tests show it. */
export const wallet: WalletDetails = {
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
