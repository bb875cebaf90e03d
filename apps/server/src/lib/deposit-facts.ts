import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RequestContext } from './context.js';

/**
 * A deposit the wallet has just credited, as it tells the app's deposit subscribers (decision
 * 0065): once per provider reference, in the deposit's own transaction, never on a repeated
 * delivery. The types live here, below every module, so that the wallet (which tells) and the
 * orders module (which matches deposits to sales waiting for a transfer) need not import each
 * other; the one list of subscribers is `src/deposit-subscribers.ts`, handed in as `Deps.deposits`.
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

/**
 * Where a deposit subscriber reacts: the deposit's transaction, and the context it came in with
 * (a webhook's or a background round's, acting as the system; the sandbox's, a member's). The
 * context may have no store: the subscriber builds its own for `deposit.storeId`.
 */
export interface DepositScope {
  trx: Transaction<Database>;
  ctx: RequestContext;
}

export interface DepositSubscriber {
  readonly name: string;
  credited(deposit: CreditedDeposit, scope: DepositScope): Promise<void>;
}
