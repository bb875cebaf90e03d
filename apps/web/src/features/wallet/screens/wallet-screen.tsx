import { ComingSoon } from '../../../components/coming-soon';

/** Replaced by the wallet screen when its area is built. */
export default function WalletScreen() {
  return (
    <ComingSoon
      area="Wallet"
      title="Wallet"
      description="Your store's balance, a bank account to fund it, and transfers to any Nigerian bank account."
      features={[
        'Virtual account with a copy button',
        'Transactions with fees and status',
        'Transfers with the account name checked first',
      ]}
    />
  );
}
