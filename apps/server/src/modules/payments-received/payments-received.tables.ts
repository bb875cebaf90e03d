import type { PaymentMode, PaymentSource } from '@tillbook/contract/payments-received';
import type { Table } from '../../db/schema.js';

/**
 * Payments received (migration 0004-sales); columns from the generated schema (decision 0054).
 * `number`: `PAY-000012`, unique in the store.
 */
export type PaymentsReceivedTable = Table<
  'payments_received',
  { payment_mode: PaymentMode; source: PaymentSource }
>;

declare module '../../db/schema.js' {
  interface Database {
    payments_received: PaymentsReceivedTable;
  }
}
