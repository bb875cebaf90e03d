import type { PaymentMode, PaymentSource } from '@tillbook/contract/payments-received';

/** Table types of payments received (migration 0004-sales). */
export interface PaymentsReceivedTable {
  id: string;
  store_id: string;
  /** `PAY-000012`, unique in the store. */
  number: string;
  order_id: string;
  order_number: string;
  customer_id: string | null;
  customer_name: string | null;
  amount: number;
  payment_mode: PaymentMode;
  payment_date: string;
  reference: string | null;
  note: string | null;
  source: PaymentSource;
  recorded_by_id: string | null;
  recorded_by_name: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    payments_received: PaymentsReceivedTable;
  }
}
