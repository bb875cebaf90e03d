import { z } from 'zod';
import { paginationQuery, paginationSchema } from './common.js';
import { ORDER_STATUSES } from './order-constants.js';
import { checkRange, range } from './report-range.js';

/**
 * The sales transactions report (`/sales_transactions/…`): one row per order placed, or per
 * payment received, over a period, with its queries and its export's. Apart from `reports.ts`,
 * which re-exports it (its header says how figures are dated), because it lists orders and
 * payments rather than adding up sales figures.
 */

export const TRANSACTION_KINDS = ['orders', 'payments'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** `sales_transactions/filter?type=`: a period ending today (store-local). */
export const TRANSACTION_PERIODS = ['today', 'yesterday', 'week', 'month', 'year'] as const;
export type TransactionPeriod = (typeof TRANSACTION_PERIODS)[number];

const transactionFilters = {
  ...range,
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
};

/** Orders placed in a range (the current month by default), newest first. */
export const transactionsQuery = paginationQuery.extend(transactionFilters).superRefine(checkRange);
/**
 * The period: `type` (today, yesterday, this week, this month or this year) or a `from`/`to`
 * range (the current month by default), for orders and payments alike; `kind`: one row per
 * order (default) or per payment received; `status` is the order's status.
 */
export const transactionsFilterQuery = paginationQuery
  .extend({
    ...transactionFilters,
    type: z
      .enum(TRANSACTION_PERIODS, { error: `Type must be one of ${TRANSACTION_PERIODS.join(', ')}` })
      .optional(),
    kind: z
      .enum(TRANSACTION_KINDS, { error: `Kind must be one of ${TRANSACTION_KINDS.join(', ')}` })
      .default('orders'),
  })
  .superRefine(checkRange)
  .superRefine((q, c) => {
    if (q.type && (q.from || q.to))
      c.addIssue({ code: 'custom', path: ['type'], message: 'Send either type or from/to' });
  });

export const transactionRowSchema = z.object({
  /** The order's id, or the payment's. */
  id: z.string(),
  kind: z.enum(['order', 'payment']),
  /** When the order was placed, or the payment received (ISO instant). */
  date: z.string(),
  /** `ORD-000123` or `PAY-000012`. */
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  customer_name: z.string().nullable(),
  /** The order's payment type, or the payment's mode. */
  payment_type: z.string(),
  /** The order's total, or the payment's amount. */
  amount: z.number().int(),
  /** The order's status (for a payment, its order's status). */
  status: z.enum(ORDER_STATUSES),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const transactionsSchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  currency: z.string(),
  rows: z.array(transactionRowSchema),
  /**
   * All rows matching the filters, not only this page. `amount` adds up the rows' amounts (for
   * orders, their totals, paid or not); `paid` and `unpaid` keep them apart (decision 0059): for
   * orders, the money kept (received less paid back) and what is still owed; for payments, every
   * payment is paid.
   */
  totals: z.object({
    count: z.number().int(),
    amount: z.number().int(),
    paid: z.number().int(),
    unpaid: z.number().int(),
  }),
  pagination: paginationSchema,
});
export type Transactions = z.infer<typeof transactionsSchema>;

/** An export takes the report's query without the page. */
export const transactionsExportQuery = z
  .object({
    ...transactionFilters,
    type: z
      .enum(TRANSACTION_PERIODS, { error: `Type must be one of ${TRANSACTION_PERIODS.join(', ')}` })
      .optional(),
    kind: z
      .enum(TRANSACTION_KINDS, { error: `Kind must be one of ${TRANSACTION_KINDS.join(', ')}` })
      .default('orders'),
  })
  .superRefine(checkRange)
  .superRefine((q, c) => {
    if (q.type && (q.from || q.to))
      c.addIssue({ code: 'custom', path: ['type'], message: 'Send either type or from/to' });
  });
