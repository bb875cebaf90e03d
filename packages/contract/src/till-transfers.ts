import { z } from 'zod';
import { defineRoutes, idParam, paginationQuery, trimmed } from './common.js';
import { orderSchema } from './order-model.js';

/**
 * Transfers that came into the store's account, as the till matches them to sales waiting for
 * one (issue 34, decision 0065):
 * - `matched`: paid a sale (in full, or in part: the rest stays due);
 * - `ambiguous`: more than one waiting sale could be it; someone picks the sale;
 * - `unmatched`: no sale waited for it; it stays an ordinary deposit until someone matches it;
 * - `ignored`: looked at and left as a deposit.
 */
export const INCOMING_TRANSFER_STATES = ['matched', 'ambiguous', 'unmatched', 'ignored'] as const;
export type IncomingTransferState = (typeof INCOMING_TRANSFER_STATES)[number];

export const incomingTransferSchema = z.object({
  id: z.string(),
  provider_reference: z.string(),
  /** The wallet's deposit it was credited as. */
  wallet_transaction_id: z.string(),
  amount: z.number().int(),
  payer_name: z.string().nullable(),
  account_number: z.string().nullable(),
  state: z.enum(INCOMING_TRANSFER_STATES),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  /** Paid beyond what the sale owed: on the customer's account as credit, or flagged when the sale had no customer. */
  surplus: z.number().int(),
  /** For an ambiguous or unmatched transfer: the sales waiting for one that it could pay, oldest first. */
  candidates: z.array(
    z.object({
      order_id: z.string(),
      order_number: z.string(),
      amount: z.number().int(),
      created_by_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  received_at: z.string(),
  matched_at: z.string().nullable(),
  matched_by_name: z.string().nullable(),
});
export type IncomingTransfer = z.infer<typeof incomingTransferSchema>;

export const incomingTransfersQuery = paginationQuery.extend({
  state: z
    .enum(INCOMING_TRANSFER_STATES, { error: `State must be one of ${INCOMING_TRANSFER_STATES.join(', ')}` })
    .optional(),
});

export const matchTransferBody = z.object({
  order_id: trimmed('Order', 64),
});

export const tillTransfersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/transfers/incoming',
    access: 'payments.record',
    summary:
      'Transfers received into the store account, newest first; `state=ambiguous` and `unmatched` are the "match it" queue',
    query: incomingTransfersQuery,
    response: incomingTransferSchema,
    paginated: true,
  },
  match: {
    method: 'POST',
    path: '/transfers/incoming/:id/match',
    access: 'payments.record',
    summary: 'Match a transfer that is ambiguous or unmatched to an open sale: it pays the sale (once)',
    params: idParam,
    body: matchTransferBody,
    idempotent: true,
    response: incomingTransferSchema,
  },
  cancelWaiting: {
    method: 'POST',
    path: '/order/:id/transfer/cancel',
    access: 'orders.create',
    summary:
      'Cancel a sale still waiting for its transfer, nothing received: by the cashier who placed it (or anyone who may cancel orders); its stock goes back',
    params: idParam,
    response: orderSchema,
  },
  ignore: {
    method: 'POST',
    path: '/transfers/incoming/:id/ignore',
    access: 'payments.record',
    summary: 'Leave a transfer as an ordinary deposit: it leaves the "match it" queue',
    params: idParam,
    response: incomingTransferSchema,
  },
});
