/**
 * A deposit the wallet has just credited, as it tells the app's deposit subscribers (decision
 * 0065): once per provider reference, in the deposit's own transaction, never on a repeated
 * delivery. The types live here, below every module, so that the wallet (which tells) and the
 * orders module (which matches deposits to sales waiting for a transfer) need not import each
 * other; the one list of subscribers is `src/deposit-subscribers.ts`, handed in as `Deps.deposits`. What a
 * subscriber is (`DepositSubscriber`) is declared with `Deps` in `context.ts`.
 */
export interface CreditedDeposit {
  storeId: string;
  walletId: string;
  provider_reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** The wallet's account it came into (the store's virtual account). */
  account_number: string;
  payer_name: string | null;
  /** The wallet's transaction it was credited as. */
  wallet_transaction_id: string;
  received_at: string;
}
