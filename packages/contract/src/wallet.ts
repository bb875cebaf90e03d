import { z } from 'zod';
import { dateFilter, defineRoutes, money, optionalTrimmed, paginationQuery, trimmed } from './common.js';

export const WALLET_TRANSACTION_TYPES = ['deposit', 'transfer', 'fee', 'reversal', 'subscription'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
export const WALLET_TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];

export const bankSchema = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bankSchema>;

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

export const sandboxDepositBody = z.object({
  amount: money('Amount').min(100, { error: 'Amount must be at least 100 minor units (₦1.00)' }),
  payer_name: optionalTrimmed('Payer name', 120),
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
    summary: 'The banks a transfer can go to (name and CBN code)',
    response: z.array(bankSchema),
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
    summary: 'The banks (name and CBN code)',
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
