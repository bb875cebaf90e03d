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
import { personRef } from './order-model.js';
import {
  CASH_MOVEMENT_TYPES,
  MAX_SHIFT_AMOUNT,
  SHIFT_STATUSES,
  SHIFT_TAKING_TYPES,
} from './shift-constants.js';

export * from './shift-constants.js';

/**
 * Shifts and the cash drawer (issue 32, decision 0063). A member opens a shift at the till with
 * the cash in the drawer (the float); every sale, later payment and refund the member makes while
 * it is open belongs to it, and so does a sale made offline under it. At the close the member
 * counts the drawer; the summary says what should be there and the difference. Money is in minor
 * units (kobo), exact.
 */

/** An amount of cash (the house's `money`), up to the most a drawer could hold. */
const cashAmount = (label: string) => money(label).max(MAX_SHIFT_AMOUNT, { error: `${label} is too large` });

export const shiftSchema = z.object({
  id: z.string(),
  /** `SH-000012`, sequential per store. */
  number: z.string(),
  status: z.enum(SHIFT_STATUSES),
  /** The member whose drawer it is (who opened it). */
  member: personRef,
  opening_float: z.number().int(),
  /** Cash that should be in the drawer now: float + cash in − cash out (kept up to date). */
  expected_cash: z.number().int(),
  /** What the member counted at the close; null while open. */
  counted_cash: z.number().int().nullable(),
  /** `counted_cash − expected_cash` (negative: cash short); null while open. */
  difference: z.number().int().nullable(),
  note: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: personRef.nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

const takingSchema = z.object({
  payment_type: z.enum(SHIFT_TAKING_TYPES),
  amount: z.number().int(),
  count: z.number().int(),
});

export const cashMovementSchema = z.object({
  id: z.string(),
  type: z.enum(CASH_MOVEMENT_TYPES),
  amount: z.number().int(),
  reason: z.string(),
  created_by: personRef,
  created_at: z.string(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** A shift's figures (the Z-report): what came in and went out, by payment type, and the drawer. */
export const shiftSummarySchema = z.object({
  shift: shiftSchema,
  currency: z.string(),
  opening_float: z.number().int(),
  /** Cash received with sales. */
  cash_sales: z.number().int(),
  /** Cash received later against orders (payments received). */
  cash_payments: z.number().int(),
  /** Cash paid back for refunds and cancellations. */
  cash_refunds: z.number().int(),
  pay_ins: z.number().int(),
  pay_outs: z.number().int(),
  /** `opening_float + cash_sales + cash_payments + pay_ins − cash_refunds − pay_outs`. */
  expected_cash: z.number().int(),
  counted_cash: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  /** Money received in the shift, every payment type listed (0 where none). */
  takings: z.array(takingSchema),
  /** Money paid back in the shift, by how it went back. */
  refunds_by_type: z.array(takingSchema),
  /** Sales placed in the shift and their totals. */
  sales_count: z.number().int(),
  sales_total: z.number().int(),
  /** Refunds and cancellations with money paid back, and the money. */
  refunds_count: z.number().int(),
  refunds_total: z.number().int(),
  /** Discounts given on the shift's sales (line discounts and codes). */
  discounts: z.number().int(),
  /** Pay-ins and payouts, oldest first. */
  movements: z.array(cashMovementSchema),
  opened_by: personRef,
  closed_by: personRef.nullable(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

export const openShiftBody = z.object({
  opening_float: cashAmount('Opening float'),
  note: optionalTrimmed('Note', 500),
});

export const cashMovementBody = z.object({
  type: z.enum(CASH_MOVEMENT_TYPES, { error: 'Type must be in (pay in) or out (pay out)' }),
  amount: cashAmount('Amount').refine((v) => v > 0, { error: 'Amount must be more than 0' }),
  reason: trimmed('Reason', 200),
});

export const closeShiftBody = z.object({
  counted_cash: cashAmount('Counted cash'),
  note: optionalTrimmed('Note', 500),
});

export const shiftListQuery = paginationQuery.extend({
  memberId: z.string().trim().max(64).optional(),
  status: z.enum(SHIFT_STATUSES, { error: `Status must be one of ${SHIFT_STATUSES.join(', ')}` }).optional(),
  /** Shifts opened on or after this store-local day. */
  from: dateFilter,
  /** Shifts opened on or before this store-local day. */
  to: dateFilter,
});
export const shiftExportQuery = shiftListQuery.omit({ page: true, perPage: true });

export const SHIFT_REPORT_FORMATS = ['json', 'pdf'] as const;
export const SHIFT_REPORT_LAYOUTS = ['a4', 'receipt'] as const;
export const shiftReportQuery = z.object({
  format: z
    .enum(SHIFT_REPORT_FORMATS, { error: `Format must be one of ${SHIFT_REPORT_FORMATS.join(', ')}` })
    .default('json'),
  /** The PDF's page: A4, or an 80 mm receipt roll. */
  layout: z
    .enum(SHIFT_REPORT_LAYOUTS, { error: `Layout must be one of ${SHIFT_REPORT_LAYOUTS.join(', ')}` })
    .default('receipt'),
});

export const shiftsRoutes = defineRoutes({
  open: {
    method: 'POST',
    path: '/shifts/open',
    access: 'shifts.own',
    summary:
      "Open the caller's shift in the store with the cash in the drawer; a member has at most one open shift per store (409)",
    body: openShiftBody,
    idempotent: true,
    response: shiftSchema,
  },
  current: {
    method: 'GET',
    path: '/shifts/current',
    access: 'shifts.own',
    summary: "The caller's open shift in the store with its figures so far, or null",
    response: shiftSummarySchema.nullable(),
  },
  list: {
    method: 'GET',
    path: '/shifts',
    access: 'shifts.own',
    summary:
      "Shifts, newest first, by member, status and the day they opened; without shifts.manage, the caller's own",
    query: shiftListQuery,
    response: shiftSchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/shifts/export',
    access: 'shifts.own',
    summary: 'Shifts matching the list filters, with their drawer figures, as CSV',
    query: shiftExportQuery,
    file: 'text/csv',
  },
  get: {
    method: 'GET',
    path: '/shifts/:id',
    access: 'shifts.own',
    summary: "A shift with its figures; another member's needs shifts.manage",
    params: idParam,
    response: shiftSummarySchema,
  },
  report: {
    method: 'GET',
    path: '/shifts/:id/report',
    access: 'shifts.own',
    summary:
      'The Z-report of a shift: its figures as JSON, or with `format=pdf` a PDF (`layout=receipt` 80 mm, `a4`)',
    params: idParam,
    query: shiftReportQuery,
    response: shiftSummarySchema,
  },
  cash: {
    method: 'POST',
    path: '/shifts/:id/cash',
    access: 'shifts.own',
    summary: 'Record cash put into the drawer or taken out (a payout, a drop to the safe); 409 once closed',
    params: idParam,
    body: cashMovementBody,
    idempotent: true,
    response: shiftSummarySchema,
  },
  close: {
    method: 'POST',
    path: '/shifts/:id/close',
    access: 'shifts.own',
    summary:
      "Close a shift with the cash counted, answering its summary; another member's needs shifts.manage; 409 once closed",
    params: idParam,
    body: closeShiftBody,
    idempotent: true,
    response: shiftSummarySchema,
  },
});
