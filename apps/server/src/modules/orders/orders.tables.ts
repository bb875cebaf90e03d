import type {
  OrderChannel,
  OrderStatus,
  PaymentState,
  PaymentType,
  TillTransferState,
} from '@tillbook/contract/orders';
import type { IncomingTransferState } from '@tillbook/contract/till-transfers';

import type { Table } from '../../db/schema.js';

/**
 * Table types of sales (migration 0004-sales); columns from the generated schema (decision 0054).
 * `number`: `ORD-000123`, unique in the store; `payment_state` kept in step with the amounts on
 * every change, so lists can filter by it; `customer_*` the customer as they were at the sale;
 * `taxes` a JSON array of `{ name, rate_bp, amount }`; `tax_inclusive` 0/1; `offline_*` (decision
 * 0036) the device's number, when sold, state and issues (JSON) of an offline sale.
 */
export type OrdersTable = Table<
  'orders',
  { status: OrderStatus; payment_state: PaymentState; channel: OrderChannel; payment_type: PaymentType }
>;

/** `cost_price`: the product's cost when sold, for margins in reports. */
export type OrderItemsTable = Table<'order_items'>;

/**
 * `items`: JSON array of `{ product_id, name, quantity, value }`; `method` how the money went back
 * (migration 0025 filled it for earlier refunds with the order's payment type).
 */
export type OrderRefundsTable = Table<'order_refunds', { method: PaymentType }>;

/**
 * A sale waiting for a transfer into the store's account (decision 0065), one per order. Its
 * stored state is `awaiting`, `paid`, `part_paid` or `cancelled`; `expired` is worked out when read
 * (an awaiting row past `expires_at`), so no job has to keep it.
 */
export type TillTransfersTable = Table<'till_transfers', { state: TillTransferState }>;

/** A transfer that came into the store's account, once per provider reference (decision 0065). */
export type IncomingTransfersTable = Table<'incoming_transfers', { state: IncomingTransferState }>;

declare module '../../db/schema.js' {
  interface Database {
    orders: OrdersTable;
    till_transfers: TillTransfersTable;
    incoming_transfers: IncomingTransfersTable;
  }
}
