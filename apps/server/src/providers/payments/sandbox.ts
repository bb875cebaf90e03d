import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { NIGERIAN_BANKS } from './nigerian-banks.js';
import {
  ProviderRefused,
  ProviderUnknownOutcome,
  type IncomingDeposit,
  type PaymentProvider,
  type TransferRequest,
  type TransferResult,
} from './payment-provider.js';

/**
 * Account numbers with a scripted outcome in the sandbox (documented in decision 0029 and on
 * the wallet screen). Any other 10-digit number resolves to a name made from its digits and
 * its transfers succeed at once.
 */
export const SANDBOX_ACCOUNTS = {
  /** Transfers to it fail; the hold is reversed with the fee. */
  fails: '0000000001',
  /** Transfers to it stay pending and succeed when verified a minute later. */
  pending: '0000000002',
  /** The provider does not answer (a time-out): the outcome is unknown until verified; it succeeded. */
  timesOut: '0000000003',
  /** Name enquiry finds no account. */
  unknown: '0000000009',
} as const;

/** How long a pending sandbox transfer takes to settle. */
export const SANDBOX_SETTLE_MS = 60_000;

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Damilola',
  'Emeka',
  'Funmilayo',
  'Garba',
  'Halima',
  'Ifeoma',
  'Kelechi',
  'Ngozi',
  'Olumide',
  'Sade',
  'Tunde',
  'Uche',
  'Yetunde',
];
const LAST = [
  'Adebayo',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Eze',
  'Fashola',
  'Ibrahim',
  'Nwosu',
  'Okafor',
  'Okonkwo',
  'Olawale',
  'Onyeka',
  'Suleiman',
  'Umar',
  'Williams',
  'Yusuf',
];

/** The same name for the same number, every time. */
export function sandboxAccountName(accountNumber: string): string {
  const h = createHash('sha256').update(accountNumber).digest();
  return `${FIRST[h[0]! % FIRST.length]} ${LAST[h[1]! % LAST.length]}`.toUpperCase();
}

function outcomeFor(request: TransferRequest, now: Date): TransferResult {
  switch (request.account_number) {
    case SANDBOX_ACCOUNTS.fails:
      return { status: 'failed', reason: 'The receiving bank declined the transfer (sandbox test account).' };
    case SANDBOX_ACCOUNTS.pending:
      return now.getTime() - Date.parse(request.created_at) >= SANDBOX_SETTLE_MS
        ? { status: 'success' }
        : { status: 'pending' };
    default:
      return { status: 'success' };
  }
}

/** How many simulated deposits the sandbox keeps for `listDeposits`, newest kept. */
const DEPOSITS_KEPT = 10_000;

/**
 * The built-in provider: no network, deterministic, and stateless for transfers (what it answers
 * follows from the request and the clock), so a restarted server verifies its pending transfers
 * the same way. Only its list of deposits is state: the simulated deposits it was told of, kept
 * in this process's memory (a restart forgets them; a deposit credited once stays credited).
 */
export function createSandboxProvider(clock: Clock): PaymentProvider {
  const bank = (code: string) => NIGERIAN_BANKS.find((b) => b.code === code);
  const deposits: Array<{ deposit: IncomingDeposit; at: number }> = [];
  return {
    name: 'sandbox',
    async listBanks() {
      return [...NIGERIAN_BANKS];
    },
    async resolveAccount(accountNumber, bankCode) {
      const found = bank(bankCode);
      if (!found) throw new ProviderRefused('Unknown bank code. Choose the bank from the list.');
      if (!/^\d{10}$/.test(accountNumber)) throw new ProviderRefused('Account numbers have 10 digits.');
      if (accountNumber === SANDBOX_ACCOUNTS.unknown) {
        throw new ProviderRefused('Could not resolve the account name. Check the account number and bank.');
      }
      return {
        account_number: accountNumber,
        account_name: sandboxAccountName(accountNumber),
        bank_code: found.code,
        bank_name: found.name,
      };
    },
    async createVirtualAccount({ walletId, storeName }) {
      const digits = BigInt(`0x${createHash('sha256').update(walletId).digest('hex').slice(0, 15)}`);
      return {
        bank_name: 'Wema Bank (sandbox)',
        bank_code: '035',
        account_number: `9${(digits % 1_000_000_000n).toString().padStart(9, '0')}`,
        account_name: `TILLBOOK/${storeName}`.slice(0, 60).toUpperCase(),
        provider_ref: `SANDBOX-${walletId}`,
      };
    },
    async transfer(request) {
      if (request.account_number === SANDBOX_ACCOUNTS.timesOut) {
        throw new ProviderUnknownOutcome(
          'The payment provider did not answer in time (sandbox test account).',
        );
      }
      return outcomeFor(request, clock.now());
    },
    async verifyTransfer(request) {
      return outcomeFor(request, clock.now());
    },
    // The sandbox takes no webhooks: its deposits are simulated through the API.
    readWebhook() {
      return null;
    },
    rememberDeposit(deposit, at) {
      // A reference sent again is the same deposit: kept once.
      if (deposits.some((d) => d.deposit.provider_reference === deposit.provider_reference)) return;
      deposits.push({ deposit, at: at.getTime() });
      if (deposits.length > DEPOSITS_KEPT) deposits.splice(0, deposits.length - DEPOSITS_KEPT);
    },
    async listDeposits(account, since) {
      return deposits
        .filter(
          ({ deposit, at }) =>
            at >= since.getTime() &&
            (deposit.account_number === account.account_number ||
              (account.provider_ref !== null && deposit.provider_ref === account.provider_ref)),
        )
        .map(({ deposit }) => ({ ...deposit }));
    },
  };
}
