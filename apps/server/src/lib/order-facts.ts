import type { Order, OrderRefund, OrderStatus, PaymentState, PaymentType } from '@tillbook/contract/orders';
import type { AccountPaymentResult } from '@tillbook/contract/customer-accounts';
import type { PaymentMode, PaymentReceived } from '@tillbook/contract/payments-received';

/**
 * What happened to an order, as the orders module tells the rest of the app (decision 0053): a
 * fact is published in the transaction of the change, and every subscriber on the one list the
 * app is built with (`src/order-fact-subscribers.ts`, handed in as `Deps.orderFacts`) reacts to
 * it in that same transaction. The types live here, below every module, so that the orders
 * module (which publishes) and the modules that subscribe (reports, webhooks, and later shifts,
 * customer credit, transfers at the till) see them without importing each other. What a
 * subscriber is (`OrderFactSubscriber`) is declared with `Deps` in `context.ts`.
 *
 * A fact carries what the order is now, as the API answers it (`order`), plus what the answer
 * does not show and a subscriber needs (a line's cost, what a refund took off each line). Money
 * is in minor units, numbers are numbers.
 */

/** A line of an order as it was sold: units, what it is worth after its discounts, its cost. */
export interface SoldLine {
  product_id: string;
  /** Lines of the unit sold: packs for a pack line. */
  quantity: number;
  /** Base units in one of `quantity` (decision 0064): stock and the figures count those. */
  pack_factor: number;
  quantity_refunded: number;
  /** The line's own discount. */
  discount: number;
  /** `unit_price × quantity − discount`. */
  total: number;
  /** The line's share of the order's discount code. */
  order_discount: number;
  /** Per base unit. */
  cost_price: number | null;
}

/** Units, revenue and cost that a refund takes off one line. */
export interface RefundedLine {
  product_id: string;
  /** Base units. */
  units: number;
  /** The refunded units' share of the line's total after discounts (tax not added). */
  revenue: number;
  cost_price: number | null;
}

/** A payment received for an order, as the `payment.received` webhook sends it (decision 0034). */
export type ReceivedPayment = Pick<
  PaymentReceived,
  | 'id'
  | 'number'
  | 'order_id'
  | 'order_number'
  | 'customer_id'
  | 'amount'
  | 'payment_mode'
  | 'payment_date'
  | 'reference'
  | 'source'
  | 'created_at'
>;

/**
 * A new order, with its lines. On the sale's path the order's `number` is the batch's stand-in
 * until the flush (decision 0010): a subscriber that puts it in a row or in text added to the
 * batch gets the real number; one that keeps it elsewhere must not.
 */
export interface OrderPlaced {
  kind: 'placed';
  order: Order;
  lines: readonly SoldLine[];
  /** The shift the till said it sold under (`shift_id` of the body), unchecked; null if none. */
  shiftId: string | null;
  /** A sale on credit (`payment_type: credit`, decision 0065); null for any other sale. */
  credit: SaleOnCredit | null;
}

/** What the customer's account needs of a sale on credit, worked out when the sale was priced. */
export interface SaleOnCredit {
  /** Credit the customer held, spent on the sale (a payment on the order, `account credit`). */
  used: number;
  /** The sale takes the account past its limit (or the customer has none). */
  overLimit: boolean;
  /** Who approved it past the limit with their PIN; null when nobody had to. */
  approvedBy: { id: string; name: string } | null;
}

/**
 * Money received for an order: with the sale (`payment.source` is `order`) or later
 * (`payment`). A sale's payment is written in the sale's batch; a later payment is written by
 * the payments-received ledger, which raises its own `payment.received` webhook.
 */
export interface OrderPaid {
  kind: 'paid';
  payment: ReceivedPayment;
  /** The order as the payment left it: how it was sold and whether it is now paid in full. */
  order: { payment_type: PaymentType; payment_state: PaymentState };
  /**
   * Whose drawer the money counts in when the system records it (a transfer matched to a sale
   * waiting at the till: the cashier who placed the sale); absent, the acting member's.
   */
  cashier_id?: string | null;
}

/** An order moved to `success` after it was placed (a sale complete at once is `placed` only). */
export interface OrderCompleted {
  kind: 'completed';
  order: Order;
  from: OrderStatus;
  lines: readonly SoldLine[];
}

/** An open order cancelled: its money paid back, its stock returned when it was taken. */
export interface OrderCancelled {
  kind: 'cancelled';
  order: Order;
  from: OrderStatus;
  /** Money paid back by the cancellation (what had been received and not yet paid back). */
  paid_back: number;
  /** How it went back: the way the order was paid. */
  method: PaymentType;
  /** What was owed on the order before (after, it is 0): the debt the cancellation took away. */
  outstanding_before: number;
}

/**
 * Units of a completed order refunded (`full`: the last of them, the order is now `refunded`).
 * `refund` is the refund as the refund route answers it; null when the refund came as a status
 * change (`PATCH /order/{id}/status` to `refunded`), whose answer is the order alone.
 */
export interface OrderRefunded {
  kind: 'refunded';
  order: Order;
  from: OrderStatus;
  refund: OrderRefund | null;
  /** The value refunded (what the refund took off the order's worth), `refund.value`. */
  value: number;
  full: boolean;
  lines: readonly RefundedLine[];
  /** Money paid back by this refund, `refund.amount`. */
  paid_back: number;
  /** How it went back, `refund.method`. */
  method: PaymentType;
  /** What was owed on the order before the refund (`order.amount_outstanding` is after). */
  outstanding_before: number;
}

/** Any other status change (`pending` ⇄ `processing`). */
export interface OrderMoved {
  kind: 'moved';
  order: Order;
  from: OrderStatus;
}

/**
 * Money paid towards a customer's account (decision 0065), after the `paid` facts of the orders it
 * paid: how it was shared over them and what is left as credit, as the `customer.payment`
 * webhook carries it.
 */
export interface AccountPaid {
  kind: 'account_paid';
  payment: {
    customer_id: string;
    amount: number;
    payment_type: PaymentMode;
    reference: string | null;
    allocations: readonly AccountPaymentResult['allocations'][number][];
    /** What was left of the money after the orders, held as credit. */
    credit: number;
    /** The account's balance after it (owed is positive). */
    balance: number;
  };
}

export type OrderFact =
  OrderPlaced | OrderPaid | OrderCompleted | OrderCancelled | OrderRefunded | OrderMoved | AccountPaid;
