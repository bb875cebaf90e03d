/**
 * What Tillbook needs of a payment provider (decision 0029). Amounts are integers in the
 * currency's minor unit (kobo for NGN) on this side of the interface; an adapter converts.
 */

export interface Bank {
  name: string;
  /** The CBN (NIBSS) code of the bank, as transfers and name enquiries name it. */
  code: string;
}

export interface ResolvedAccount {
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
}

export interface VirtualAccount {
  bank_name: string;
  bank_code: string | null;
  account_number: string;
  account_name: string;
  /** The provider's id of the customer or account, used to match deposits to the wallet. */
  provider_ref: string | null;
}

export interface TransferRequest {
  /** Our reference: the provider must refuse a second transfer with it, so a retry is never a new payment. */
  reference: string;
  amount: number;
  currency: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  narration: string | null;
  /** When the transfer was held (the sandbox's scripted outcomes depend on time). */
  created_at: string;
}

/**
 * `success`/`failed`: final. `pending`: the provider accepted it and will tell later (webhook
 * or verify). `reversed`: paid out, then returned by the receiving bank.
 */
export type TransferStatus = 'success' | 'failed' | 'pending' | 'reversed';

export interface TransferResult {
  status: TransferStatus;
  /** Why it failed, in words a merchant understands. */
  reason?: string;
}

/** A deposit the provider reports (a webhook, or the sandbox's simulation). */
export interface IncomingDeposit {
  /** The provider's reference of the payment: a wallet is credited once per reference. */
  provider_reference: string;
  amount: number;
  currency: string;
  /** The wallet's virtual account number or the provider's customer reference. */
  account_number: string | null;
  provider_ref: string | null;
  payer_name: string | null;
  narration: string | null;
}

/** A webhook's events, read from its raw body after its signature was checked. */
export type WebhookEvent =
  | { kind: 'deposit'; deposit: IncomingDeposit }
  | { kind: 'transfer'; reference: string; result: TransferResult }
  | { kind: 'ignored'; type: string };

/**
 * The outcome of a call the provider did not answer (a time-out, a 5xx, a dropped connection):
 * the transfer may or may not have happened, so it stays pending until verified.
 */
export class ProviderUnknownOutcome extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnknownOutcome';
  }
}

/** The provider refused the request for a reason the merchant can act on (no such account …). */
export class ProviderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  listBanks(): Promise<Bank[]>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  createVirtualAccount(input: {
    walletId: string;
    storeName: string;
    email: string | null;
  }): Promise<VirtualAccount>;
  /** Sends money out. Throws `ProviderUnknownOutcome` when the outcome is not known. */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Asks what became of a transfer sent with our reference. */
  verifyTransfer(request: TransferRequest): Promise<TransferResult>;
  /**
   * Checks a webhook's signature against its raw body and reads it; null when the signature is
   * wrong. Throws when the body is signed but is not an event it can read (the webhook answers 400).
   */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent[] | null;
  /**
   * The deposits into one of our virtual accounts since an instant, oldest first (decision 0065):
   * the requery round feeds them through the same credit as the webhook, so a webhook lost in
   * transit is still credited, once per provider reference.
   */
  listDeposits(account: DepositAccount, since: Date): Promise<IncomingDeposit[]>;
  /**
   * The sandbox only: keeps a simulated deposit (in this process's memory) so that its
   * `listDeposits` answers it as a provider's list would.
   */
  rememberDeposit?(deposit: IncomingDeposit, at: Date): void;
}

/** A virtual account as the provider knows it: its number and the provider's customer. */
export interface DepositAccount {
  account_number: string;
  provider_ref: string | null;
}
