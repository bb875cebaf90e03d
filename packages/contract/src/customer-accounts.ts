import { z } from 'zod';
import {
  dateFilter,
  defineRoutes,
  idParam,
  money,
  optionalTrimmed,
  paginationQuery,
  trimmed,
} from './common.js';
import { PAYMENT_MODES } from './payments-received.js';

/**
 * Customer accounts (issue 34, decision 0065): what a customer owes the store, kept as entries on
 * a receivable account per customer. The balance is the sum of the entries, never a stored
 * number. A positive balance is owed by the customer; a negative one is credit the store holds
 * for them (an overpaid transfer).
 */

/**
 * - `sale`: the unpaid part of a sale on credit (raises the balance);
 * - `repayment`: money paid towards the account or one of its orders (lowers it);
 * - `refund`: goods of an order on account returned or the order cancelled, lowering what is owed;
 * - `write_off`: a debt forgiven, with a reason;
 * - `credit`: money received beyond what was owed (an overpaid transfer), held for the customer;
 * - `credit_used`: that credit spent on a later sale on account.
 */
export const ACCOUNT_ENTRY_KINDS = [
  'sale',
  'repayment',
  'refund',
  'write_off',
  'credit',
  'credit_used',
] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

/** The ageing buckets of what is owed, by days since the sale. */
export const AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  d0_30: '0–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  d90_plus: '90+ days',
};

export const accountEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** Minor units; positive raises what the customer owes. */
  amount: z.number().int(),
  /** The account's balance after this entry (entries in the order they were made). */
  balance_after: z.number().int(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  /** How money came in (a repayment) or went (a credit): `cash`, `bank_transfer` … */
  method: z.string().nullable(),
  /** A write-off's reason, a repayment's reference or note. */
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const customerAccountSchema = z.object({
  customer_id: z.string(),
  currency: z.string(),
  /** Sum of the entries: owed (positive) or held as credit (negative). */
  balance: z.number().int(),
  /** Null: the customer may not buy on credit. */
  credit_limit: z.number().int().nullable(),
  /** What more may be sold on credit now (limit − balance, never below 0); null without a limit. */
  available_credit: z.number().int().nullable(),
  /** Totals of the entries shown (the period asked for, every entry by default), by kind. */
  totals: z.object({
    sales: z.number().int(),
    repayments: z.number().int(),
    refunds: z.number().int(),
    write_offs: z.number().int(),
    credits: z.number().int(),
    /** Balance before the first entry shown. */
    opening_balance: z.number().int(),
  }),
  /** Entries, newest first, a page at a time. */
  entries: z.array(accountEntrySchema),
  page: z.number().int(),
  per_page: z.number().int(),
  entries_count: z.number().int(),
  /** Orders on account with something still owed, oldest first: where a repayment goes first. */
  open_orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      total: z.number().int(),
      amount_outstanding: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

export const accountQuery = paginationQuery.extend({ from: dateFilter, to: dateFilter });
export const statementQuery = z.object({ from: dateFilter, to: dateFilter });

export const accountPaymentBody = z.object({
  amount: money('Amount').min(1, { error: 'Amount must be more than 0' }),
  payment_type: z.enum(PAYMENT_MODES, { error: `Payment type must be one of ${PAYMENT_MODES.join(', ')}` }),
  reference: optionalTrimmed('Reference', 120),
  note: optionalTrimmed('Note', 500),
});

export const accountAllocationSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  amount: z.number().int(),
  order_amount_outstanding: z.number().int(),
  order_payment_state: z.string(),
  payment_id: z.string().nullable(),
});

/** A repayment: how it was shared over the open orders, oldest first, and the balance after. */
export const accountPaymentResultSchema = z.object({
  entry: accountEntrySchema,
  allocations: z.array(accountAllocationSchema),
  balance: z.number().int(),
});
export type AccountPaymentResult = z.infer<typeof accountPaymentResultSchema>;

export const writeOffBody = z.object({
  amount: money('Amount').min(1, { error: 'Amount must be more than 0' }),
  reason: trimmed('Reason', 500),
});

export const creditLimitBody = z.object({
  /** Minor units; null takes credit away. */
  credit_limit: money('Credit limit').nullable(),
});

/** A customer who owes, with what they owe by age (`GET /customers/owing`, the receivables report). */
export const owingCustomerSchema = z.object({
  customer_id: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  balance: z.number().int(),
  credit_limit: z.number().int().nullable(),
  ageing: z.object({
    d0_30: z.number().int(),
    d31_60: z.number().int(),
    d61_90: z.number().int(),
    d90_plus: z.number().int(),
  }),
  oldest_unpaid_at: z.string().nullable(),
  last_payment_at: z.string().nullable(),
});
export type OwingCustomer = z.infer<typeof owingCustomerSchema>;

export const owingQuery = paginationQuery.extend({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  bucket: z.enum(AGEING_BUCKETS, { error: `Bucket must be one of ${AGEING_BUCKETS.join(', ')}` }).optional(),
});
export const owingExportQuery = owingQuery.omit({ page: true, perPage: true });

export const owingSummarySchema = z.object({
  currency: z.string(),
  customers: z.number().int(),
  total: z.number().int(),
  ageing: owingCustomerSchema.shape.ageing,
});
export type OwingSummary = z.infer<typeof owingSummarySchema>;

export const customerAccountsRoutes = defineRoutes({
  owing: {
    method: 'GET',
    path: '/customers/owing',
    access: 'customers.view',
    summary:
      'Customers who owe, largest balance first, with what they owe by age (0–30, 31–60, 61–90, 90+ days)',
    query: owingQuery,
    response: owingCustomerSchema,
    paginated: true,
  },
  owingSummary: {
    method: 'GET',
    path: '/customers/owing/summary',
    access: 'customers.view',
    summary: 'What all customers owe, by age: the receivables report',
    response: owingSummarySchema,
  },
  owingExport: {
    method: 'GET',
    path: '/customers/owing/export',
    access: 'customers.view',
    summary: 'The receivables report as CSV',
    query: owingExportQuery,
    file: 'text/csv',
  },
  account: {
    method: 'GET',
    path: '/customers/:id/account',
    access: 'customers.view',
    summary:
      "A customer's account: balance, credit limit and statement entries (each with its balance after)",
    params: idParam,
    query: accountQuery,
    response: customerAccountSchema,
  },
  statement: {
    method: 'GET',
    path: '/customers/:id/account/statement.pdf',
    access: 'customers.view',
    summary: "A customer's statement of account as a PDF",
    params: idParam,
    query: statementQuery,
    file: 'application/pdf',
  },
  pay: {
    method: 'POST',
    path: '/customers/:id/account/payments',
    access: 'payments.record',
    summary:
      "Record money paid towards a customer's account: allocated to their open orders, oldest first; once per Idempotency-Key",
    params: idParam,
    body: accountPaymentBody,
    idempotent: true,
    response: accountPaymentResultSchema,
  },
  writeOff: {
    method: 'POST',
    path: '/customers/:id/account/write_off',
    access: 'customers.write_off',
    summary: 'Write off part or all of what a customer owes, with a reason; once per Idempotency-Key',
    params: idParam,
    body: writeOffBody,
    idempotent: true,
    response: accountPaymentResultSchema,
  },
  creditLimit: {
    method: 'PUT',
    path: '/customers/:id/credit_limit',
    access: 'customers.credit_override',
    summary: "Set or remove a customer's credit limit",
    params: idParam,
    body: creditLimitBody,
    response: customerAccountSchema,
  },
});
