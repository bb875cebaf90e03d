import { z } from 'zod';
import { dateFilter, defineRoutes, money, optionalTrimmed, paginationQuery, trimmed } from './common.js';

export const WALLET_TRANSACTION_TYPES = ['deposit', 'transfer', 'fee', 'reversal', 'subscription'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
export const WALLET_TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];

export const bankSchema = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bankSchema>;

/**
 * The names people call banks by, keyed by CBN code: nobody types "Guaranty Trust" when they
 * mean GTB. The one list of short names; the server's bank search and the web's bank picker
 * both match through `bankMatches` (decision 0058).
 */
export const BANK_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  '044': ['Access', 'Access Diamond', 'Diamond Bank'],
  '023': ['Citi', 'Citibank'],
  '050': ['Ecobank', 'ETI'],
  '070': ['Fidelity'],
  '011': ['FBN', 'First Bank', 'FirstBank', 'FBN Bank'],
  '214': ['FCMB', 'First City'],
  '00103': ['Globus'],
  '058': ['GTB', 'GTBank', 'GT Bank', 'GTCO', 'Guaranty Trust'],
  '030': ['Heritage'],
  '301': ['Jaiz'],
  '082': ['Keystone'],
  '50211': ['Kuda', 'Kuda MFB'],
  '50515': ['Moniepoint', 'Monie Point', 'TeamApt'],
  '999992': ['OPay', 'Paycom'],
  '999991': ['PalmPay', 'Palm Pay'],
  '076': ['Polaris', 'Skye Bank'],
  '101': ['Providus'],
  '221': ['Stanbic', 'IBTC', 'Stanbic IBTC'],
  '068': ['StanChart', 'SCB', 'Standard Chartered'],
  '232': ['Sterling'],
  '100': ['SunTrust'],
  '102': ['Titan', 'Titan Trust'],
  '032': ['Union Bank', 'UBN'],
  '033': ['UBA', 'United Bank'],
  '215': ['Unity'],
  '035': ['Wema', 'ALAT'],
  '057': ['Zenith', 'Zenith Bank'],
};

/** Lower case letters and digits only: "GT Bank", "gtbank" and "GT-Bank" are one search. */
const searchKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a bank answers a search: its name, one of its short names, or its code (from the
 * start). An empty search matches every bank.
 */
export function bankMatches(bank: Bank, search: string): boolean {
  const key = searchKey(search);
  if (!key) return true;
  if (/^\d+$/.test(key) && bank.code.startsWith(key)) return true;
  return [bank.name, ...(BANK_SHORT_NAMES[bank.code] ?? [])].some((name) => searchKey(name).includes(key));
}

export const bankSearchQuery = z.object({
  search: z.string().trim().max(60, { error: 'Search must be at most 60 characters' }).optional(),
});

/** Someone the store has sent money to: their account as the bank named it, last paid first. */
export const beneficiarySchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  last_sent_at: z.string(),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

export const resolvedAccountSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
});
export type ResolvedAccount = z.infer<typeof resolvedAccountSchema>;

export const walletDetailsSchema = z.object({
  id: z.string(),
  currency: z.string(),
  provider: z.enum(['sandbox', 'paystack']),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  /** What the store may spend now, in minor units. */
  balance: z.number().int(),
  /** Held for transfers still in flight, in minor units. */
  held: z.number().int(),
  /** The fee of one transfer, and the limits, in minor units. */
  transfer_fee: z.number().int(),
  transfer_limit: z.number().int(),
  daily_limit: z.number().int(),
  /** Deposits can be simulated (the sandbox provider). */
  sandbox: z.boolean(),
  created_at: z.string(),
});
export type WalletDetails = z.infer<typeof walletDetailsSchema>;

export const walletTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  direction: z.enum(['credit', 'debit']),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  amount: z.number().int(),
  fee: z.number().int(),
  balance_after: z.number().int(),
  reference: z.string(),
  narration: z.string().nullable(),
  counterparty_name: z.string().nullable(),
  counterparty_account: z.string().nullable(),
  counterparty_bank_name: z.string().nullable(),
  related_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

const accountNumber = z
  .string({ error: 'Account number is required' })
  .trim()
  .regex(/^\d{10}$/, { error: 'Account number must be 10 digits' });
const bankCode = z
  .string({ error: 'Bank is required' })
  .trim()
  .regex(/^\d{3,6}$/, { error: 'Choose a bank from the list' });

export const validateAccountBody = z.object({ accountNumber, bankCode });
export const verifyAccountQuery = z.object({ accountNumber, bankCode });

export const transferBody = z
  .object({
    amount: money('Amount').min(100, { error: 'Amount must be at least 100 minor units (₦1.00)' }),
    bankCode,
    accountNumber,
    accountName: trimmed('Account name', 120),
    narration: optionalTrimmed('Narration', 100),
    /** The user's password, asked again for every transfer; or `pin`, when the user has set one. */
    password: z.string().max(128).optional(),
    pin: z.string().max(20).optional(),
  })
  .refine((b) => Boolean(b.password) || Boolean(b.pin), {
    path: ['password'],
    error: 'Enter your password or transaction PIN',
  });

/**
 * A transaction PIN: 4 digits, not one digit repeated and not a run (1234, 9876), the PINs
 * tried first (decision 0038).
 */
export const transactionPin = z
  .string({ error: 'PIN is required' })
  .regex(/^\d{4}$/, { error: 'PIN must be 4 digits' })
  .refine((pin) => !isGuessablePin(pin), {
    error: 'Choose a PIN that is not one digit repeated or a run like 1234',
  });

export function isGuessablePin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((n, i) => n - d[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

export const setTransactionPinBody = z
  .object({
    password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
    pin: transactionPin,
    confirm_pin: z.string({ error: 'Confirm the PIN' }),
  })
  .refine((b) => b.pin === b.confirm_pin, { path: ['confirm_pin'], error: 'PINs do not match' });

export const transactionPinStatusSchema = z.object({
  pin_set: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TransactionPinStatus = z.infer<typeof transactionPinStatusSchema>;

/**
 * A made-up transfer into the store's account, taken exactly as the provider's webhook would be
 * (decision 0065): credited once per `reference`, and matched to a sale waiting for a transfer.
 */
export const sandboxDepositBody = z.object({
  amount: money('Amount').min(100, { error: 'Amount must be at least 100 minor units (₦1.00)' }),
  payer_name: optionalTrimmed('Payer name', 120),
  /** The account paid into; left out, the store's virtual account. Another account is a 404. */
  account_number: z
    .string({ error: 'Account number must be text' })
    .trim()
    .regex(/^\d{10}$/, { error: 'Account number must be 10 digits' })
    .optional(),
  /** The provider's reference; left out, a new one. The same reference is credited once. */
  reference: z
    .string({ error: 'Reference must be text' })
    .trim()
    .min(1)
    .max(100, { error: 'Reference must be at most 100 characters' })
    .regex(/^[A-Za-z0-9._:-]+$/, { error: 'Reference may hold letters, digits and . _ : -' })
    .optional(),
});

export const walletTransactionsQuery = paginationQuery.extend({
  type: z.enum(WALLET_TRANSACTION_TYPES, { error: 'Unknown transaction type' }).optional(),
  status: z.enum(WALLET_TRANSACTION_STATUSES, { error: 'Unknown transaction status' }).optional(),
  from: dateFilter,
  to: dateFilter,
  search: z.string().trim().max(100).optional(),
});
export const walletExportQuery = walletTransactionsQuery.omit({ page: true, perPage: true });

export const walletRoutes = defineRoutes({
  open: {
    method: 'POST',
    path: '/wallet',
    access: 'wallet.transfer',
    summary: "Open the store's wallet and its virtual account (a second call answers the same wallet)",
    response: walletDetailsSchema,
    overPlan: 'allowed',
  },
  details: {
    method: 'GET',
    path: '/wallet/details',
    access: 'wallet.view',
    summary: 'The wallet: virtual account, balance and held amount (null before it is opened)',
    response: walletDetailsSchema.nullable(),
  },
  transactions: {
    method: 'GET',
    path: '/wallet/transactions',
    access: 'wallet.view',
    summary: "The wallet's transactions, newest first, filtered and searched by reference or counterparty",
    query: walletTransactionsQuery,
    response: walletTransactionSchema,
    paginated: true,
  },
  exportTransactions: {
    method: 'GET',
    path: '/wallet/transactions/export',
    access: 'wallet.view',
    summary: "The wallet's transactions as CSV, with the list's filters",
    query: walletExportQuery,
    file: 'text/csv',
  },
  bankCodes: {
    method: 'GET',
    path: '/wallet/bankcode',
    access: 'wallet.view',
    summary:
      'The banks a transfer can go to (name and CBN code); `search` finds one by name, short name (GTB, UBA) or code',
    query: bankSearchQuery,
    response: z.array(bankSchema),
  },
  beneficiaries: {
    method: 'GET',
    path: '/wallet/beneficiaries',
    access: 'wallet.view',
    summary: "The store's 10 most recent beneficiaries: the accounts its transfers went to, last paid first",
    response: z.array(beneficiarySchema),
  },
  validate: {
    method: 'POST',
    path: '/wallet/validate',
    access: 'wallet.view',
    summary: 'Name enquiry: the name on a bank account',
    body: validateAccountBody,
    response: resolvedAccountSchema,
    overPlan: 'allowed',
  },
  transfer: {
    method: 'POST',
    path: '/wallet/transfer',
    access: 'wallet.transfer',
    summary: 'Send money to a bank account (needs an Idempotency-Key and the password or transaction PIN)',
    body: transferBody,
    idempotent: true,
    response: walletTransactionSchema,
    overPlan: 'allowed',
  },
  pinStatus: {
    method: 'GET',
    path: '/wallet/pin',
    access: 'user',
    summary: 'Whether you have set a transaction PIN',
    response: transactionPinStatusSchema,
  },
  setPin: {
    method: 'PUT',
    path: '/wallet/pin',
    access: 'user',
    summary: 'Set or change your transaction PIN (needs your password)',
    body: setTransactionPinBody,
    response: transactionPinStatusSchema,
  },
  sandboxDeposit: {
    method: 'POST',
    path: '/wallet/sandbox/deposit',
    access: 'wallet.transfer',
    summary: 'Simulate a deposit into the virtual account (sandbox provider only)',
    body: sandboxDepositBody,
    response: walletTransactionSchema,
    overPlan: 'allowed',
  },
  paystackWebhook: {
    method: 'POST',
    path: '/wallet/webhook/paystack',
    access: 'public',
    summary:
      "Paystack's events (deposits, transfer outcomes), checked by the x-paystack-signature of the raw body",
    response: z.object({ received: z.boolean() }),
  },
});

export const paymentSettingsSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  updated_at: z.string(),
});
export type SettlementAccount = z.infer<typeof paymentSettingsSchema>;

export const settlementAccountBody = z.object({ accountNumber, bankCode });

export const paymentRoutes = defineRoutes({
  banks: {
    method: 'GET',
    path: '/payment/banks',
    access: 'member',
    summary: 'The banks (name and CBN code); `search` finds one by name, short name (GTB, UBA) or code',
    query: bankSearchQuery,
    response: z.array(bankSchema),
  },
  verifyAccount: {
    method: 'GET',
    path: '/payment/verify-account',
    access: 'member',
    summary: 'Name enquiry: the name on a bank account',
    query: verifyAccountQuery,
    response: resolvedAccountSchema,
  },
  settlementAccount: {
    method: 'GET',
    path: '/payment/settlement-account',
    access: 'member',
    summary: "The store's settlement bank account, printed as 'pay to' (null when not set)",
    response: paymentSettingsSchema.nullable(),
  },
  setSettlementAccount: {
    method: 'PUT',
    path: '/payment/settlement-account',
    access: 'settings.manage',
    summary: "Set the store's settlement bank account (checked by name enquiry)",
    body: settlementAccountBody,
    response: paymentSettingsSchema,
  },
});
