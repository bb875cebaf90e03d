import type { OrderChannel, OrderStatus, PaymentState, PaymentType } from '@tillbook/contract/orders';

/** Table types of sales (migration 0004-sales). */
export interface OrdersTable {
  id: string;
  store_id: string;
  /** `ORD-000123`, unique in the store. */
  number: string;
  status: OrderStatus;
  /** Kept in step with the amounts on every change, so lists can filter by it. */
  payment_state: PaymentState;
  channel: OrderChannel;
  payment_type: PaymentType;
  customer_id: string | null;
  /** The customer as they were at the sale. */
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  subtotal: number;
  discount: number;
  discount_id: string | null;
  discount_code: string | null;
  tax: number;
  /** JSON array of `{ name, rate_bp, amount }`. */
  taxes: string;
  /** 0/1 */
  tax_inclusive: number;
  shipping: number;
  shipping_id: string | null;
  shipping_name: string | null;
  total: number;
  amount_received: number;
  amount_outstanding: number;
  change_due: number;
  refunded_total: number;
  amount_refunded: number;
  currency: string;
  notes: string | null;
  created_by_id: string | null;
  created_by_name: string | null;
  invoice_number: string | null;
  invoice_issued_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
  /** Offline sales (decision 0036): the device's number, when sold, state and issues (JSON). */
  offline_number?: string | null;
  offline_sold_at?: string | null;
  offline_state?: string | null;
  offline_issues?: string | null;
}

export interface OrderItemsTable {
  id: string;
  store_id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  name: string;
  sku: string | null;
  unit_price: number;
  list_price: number;
  /** The product's cost when sold, for margins in reports. */
  cost_price: number | null;
  quantity: number;
  discount: number;
  total: number;
  order_discount: number;
  tax: number;
  quantity_refunded: number;
}

export interface OrderRefundsTable {
  id: string;
  store_id: string;
  order_id: string;
  reason: string;
  value: number;
  amount: number;
  /** JSON array of `{ product_id, name, quantity, value }`. */
  items: string;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    orders: OrdersTable;
    order_items: OrderItemsTable;
    order_refunds: OrderRefundsTable;
  }
}
