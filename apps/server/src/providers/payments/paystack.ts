/* eslint-disable @typescript-eslint/no-explicit-any -- Paystack's answers are read field by field, each checked where it is used (fromKobo, String(...)) */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import {
  ProviderRefused,
  ProviderUnknownOutcome,
  type IncomingDeposit,
  type PaymentProvider,
  type TransferResult,
  type TransferStatus,
  type WebhookEvent,
} from './payment-provider.js';

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  clock: Clock;
  /** How long one call may take before its outcome counts as unknown. */
  timeoutMs?: number;
  /** Paystack's bank for dedicated accounts ("wema-bank", "titan-paystack"). */
  preferredBank?: string;
}

/**
 * Paystack works in the currency's subunit (kobo for NGN, pesewas for GHS, cents for ZAR and
 * USD), which is what Tillbook stores: the conversion is exact, and anything but a whole,
 * safe, positive number of subunits is refused rather than rounded.
 */
export function toKobo(minor: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`Not a whole amount of subunits: ${minor}`);
  return minor;
}

export function fromKobo(kobo: unknown): number {
  const n = typeof kobo === 'string' && /^\d+$/.test(kobo) ? Number(kobo) : kobo;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new Error(`Paystack sent an amount that is not whole subunits: ${String(kobo)}`);
  }
  return n;
}

/** The `x-paystack-signature` of a body: HMAC-SHA512 of the raw bytes with the secret key, hex. */
export const paystackSignature = (secretKey: string, rawBody: Buffer | string) =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex');

const STATUS: Record<string, TransferStatus> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'failed',
  rejected: 'failed',
  blocked: 'failed',
  reversed: 'reversed',
  pending: 'pending',
  otp: 'pending',
  received: 'pending',
  queued: 'pending',
  processing: 'pending',
};

const statusOf = (value: unknown): TransferStatus => STATUS[String(value)] ?? 'pending';

/** The requery round reads at most this many pages of this many transactions (decision 0065). */
const DEPOSITS_PER_PAGE = 100;
const DEPOSIT_PAGES = 10;

/** A transfer Paystack has no record of after this long was never made. */
const NOT_FOUND_FAILS_AFTER_MS = 10 * 60_000;

interface Answer {
  status: number;
  body: { status?: boolean; message?: string; data?: any } | null;
}

/** The Paystack adapter (decision 0029). Every call has a time-out; a 5xx or time-out is an unknown outcome. */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnknownOutcome(`Paystack did not answer ${method} ${path}`, { cause: error });
    }
    let parsed: Answer['body'] = null;
    try {
      parsed = (await response.json()) as Answer['body'];
    } catch (error) {
      if (response.status >= 500)
        throw new ProviderUnknownOutcome(`Paystack answered ${response.status}`, { cause: error });
      throw new ProviderUnknownOutcome(`Paystack answered ${response.status} without JSON`, { cause: error });
    }
    if (response.status >= 500) throw new ProviderUnknownOutcome(`Paystack answered ${response.status}`);
    return { status: response.status, body: parsed };
  }

  /** A successful answer's data, or `ProviderRefused` with Paystack's own sentence. */
  async function data(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const answer = await send(method, path, body);
    if (answer.status >= 400 || answer.body?.status === false) {
      throw new ProviderRefused(answer.body?.message || `Paystack refused the request (${answer.status})`);
    }
    return answer.body?.data;
  }

  const provider: PaymentProvider = {
    name: 'paystack',

    async listBanks() {
      const banks = (await data('GET', '/bank?country=nigeria&currency=NGN&perPage=100')) as Array<{
        name: string;
        code: string;
        active?: boolean;
      }>;
      return banks.filter((b) => b.active !== false).map((b) => ({ name: b.name, code: b.code }));
    },

    async resolveAccount(accountNumber, bankCode) {
      const banks = await provider.listBanks();
      const bank = banks.find((b) => b.code === bankCode);
      if (!bank) throw new ProviderRefused('Unknown bank code. Choose the bank from the list.');
      const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      let found: { account_number: string; account_name: string };
      try {
        found = await data('GET', `/bank/resolve?${q.toString()}`);
      } catch (error) {
        if (error instanceof ProviderRefused) {
          throw new ProviderRefused('Could not resolve the account name. Check the account number and bank.');
        }
        throw error;
      }
      return {
        account_number: found.account_number,
        account_name: found.account_name,
        bank_code: bank.code,
        bank_name: bank.name,
      };
    },

    async createVirtualAccount({ walletId, storeName, email }) {
      const customer = await data('POST', '/customer', {
        email: email ?? `wallet-${walletId}@tillbook.invalid`,
        first_name: storeName.slice(0, 50),
        last_name: 'Tillbook',
        metadata: { wallet_id: walletId },
      });
      const account = await data('POST', '/dedicated_account', {
        customer: customer.customer_code,
        preferred_bank: options.preferredBank ?? 'wema-bank',
      });
      return {
        bank_name: String(account.bank?.name ?? 'Wema Bank'),
        bank_code: null,
        account_number: String(account.account_number),
        account_name: String(account.account_name),
        provider_ref: String(customer.customer_code),
      };
    },

    async transfer(request) {
      const recipient = await data('POST', '/transferrecipient', {
        type: 'nuban',
        name: request.account_name,
        account_number: request.account_number,
        bank_code: request.bank_code,
        currency: request.currency,
      });
      const answer = await send('POST', '/transfer', {
        source: 'balance',
        amount: toKobo(request.amount),
        currency: request.currency,
        recipient: recipient.recipient_code,
        reference: request.reference,
        reason: request.narration ?? undefined,
      });
      if (answer.status >= 400 || answer.body?.status === false) {
        const message = answer.body?.message ?? '';
        // Our reference is already used: an earlier attempt got through. Never resend; verify.
        if (/reference|duplicate/i.test(message)) return provider.verifyTransfer(request);
        return { status: 'failed', reason: message || 'Paystack refused the transfer.' };
      }
      return { status: statusOf(answer.body?.data?.status), reason: answer.body?.data?.reason ?? undefined };
    },

    async verifyTransfer(request): Promise<TransferResult> {
      const answer = await send('GET', `/transfer/verify/${encodeURIComponent(request.reference)}`);
      if (answer.status === 404 || (answer.status === 400 && /not found/i.test(answer.body?.message ?? ''))) {
        const age = options.clock.now().getTime() - Date.parse(request.created_at);
        return age >= NOT_FOUND_FAILS_AFTER_MS
          ? { status: 'failed', reason: 'The transfer never reached Paystack.' }
          : { status: 'pending' };
      }
      if (answer.status >= 400 || answer.body?.status === false) {
        throw new ProviderUnknownOutcome(
          `Paystack could not verify ${request.reference}: ${answer.body?.message ?? answer.status}`,
        );
      }
      return { status: statusOf(answer.body?.data?.status), reason: answer.body?.data?.reason ?? undefined };
    },

    async listDeposits(account, since) {
      // Paystack's list of transactions, newest first, filtered by status and date only (its
      // `customer` filter takes a numeric id we do not keep): the account's own transfers are
      // picked here by its number or its customer code.
      const found: IncomingDeposit[] = [];
      for (let page = 1; page <= DEPOSIT_PAGES; page++) {
        const q = new URLSearchParams({
          status: 'success',
          from: since.toISOString(),
          perPage: String(DEPOSITS_PER_PAGE),
          page: String(page),
        });
        const rows = ((await data('GET', `/transaction?${q.toString()}`)) ?? []) as any[];
        for (const d of rows) {
          if (d?.channel !== 'dedicated_nuban') continue;
          const mine =
            d.authorization?.receiver_bank_account_number === account.account_number ||
            (account.provider_ref !== null && d.customer?.customer_code === account.provider_ref);
          if (mine && referenceOf(d.reference) && typeof d.currency === 'string') found.push(depositOf(d));
        }
        if (rows.length < DEPOSITS_PER_PAGE) break;
      }
      return found.reverse();
    },

    readWebhook(rawBody, headers) {
      const header = headers['x-paystack-signature'];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !/^[0-9a-f]{128}$/i.test(given)) return null;
      const expected = Buffer.from(paystackSignature(options.secretKey, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      // Signed but not a JSON object: thrown, so the webhook answers 400 (the provider's mistake).
      const event = JSON.parse(rawBody.toString('utf8')) as { event?: string; data?: any } | null;
      if (!event || typeof event !== 'object') throw new Error('The webhook body is not a JSON object');
      return [eventOf(event)];
    },
  };
  return provider;
}

/** A reference Paystack sends as text or a number; anything else (missing, an object) is none. */
const referenceOf = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** A successful charge into a dedicated account (a webhook's `data`, a listed transaction). */
function depositOf(d: any): IncomingDeposit {
  return {
    provider_reference: referenceOf(d.reference)!,
    amount: fromKobo(d.amount),
    currency: String(d.currency),
    account_number: d.authorization?.receiver_bank_account_number ?? null,
    provider_ref: d.customer?.customer_code ?? null,
    payer_name: d.authorization?.sender_name ?? d.authorization?.account_name ?? null,
    narration: d.authorization?.narration ?? null,
  };
}

function eventOf(event: { event?: string; data?: any }): WebhookEvent {
  const d = event.data ?? {};
  const reference = referenceOf(d.reference);
  switch (event.event) {
    case 'charge.success': {
      // A deposit is kept once per reference and in its own currency: without either it cannot
      // be credited (never under the reference "undefined", never assumed to be naira). Thrown:
      // the webhook answers 400 for a signed event it cannot read.
      if (!reference) throw new Error('charge.success without a reference');
      if (typeof d.currency !== 'string') throw new Error('charge.success without a currency');
      return { kind: 'deposit', deposit: depositOf(d) };
    }
    case 'transfer.success':
    case 'transfer.failed':
    case 'transfer.reversed':
      if (!reference) throw new Error(`${event.event} without a reference`);
      return {
        kind: 'transfer',
        reference,
        result: { status: statusOf(event.event.slice('transfer.'.length)), reason: d.reason ?? undefined },
      };
    default:
      return { kind: 'ignored', type: String(event.event) };
  }
}
