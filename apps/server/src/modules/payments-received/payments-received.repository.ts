import type { PaymentMode, PaymentReceived } from '@tillbook/contract/payments-received';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertRows } from '../../lib/insert-rows.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';
import type { PaymentsReceivedTable } from './payments-received.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export function toPayment(row: PaymentsReceivedTable): PaymentReceived {
  return {
    id: row.id,
    number: row.number,
    order_id: row.order_id,
    order_number: row.order_number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    amount: row.amount,
    payment_mode: row.payment_mode,
    payment_date: row.payment_date,
    reference: row.reference,
    note: row.note,
    source: row.source,
    recorded_by: { id: row.recorded_by_id, name: row.recorded_by_name },
    created_at: row.created_at,
  };
}

export interface PaymentFilter {
  page: number;
  perPage: number;
  customerId?: string | undefined;
  orderId?: string | undefined;
  mode?: PaymentMode | undefined;
  /** Part of the payment's or the order's number, the customer's name or the reference. */
  search?: string | undefined;
  /** Inclusive ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Payments received by one store; every query is built from its id. */
export function paymentsRepository(db: Db, storeId: string) {
  return {
    async insert(row: PaymentsReceivedTable): Promise<void> {
      await insertRows(db, 'payments_received', [row]);
    },

    get(id: string): Promise<PaymentsReceivedTable | undefined> {
      return db
        .selectFrom('payments_received')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    forOrder(orderId: string): Promise<PaymentsReceivedTable[]> {
      return db
        .selectFrom('payments_received')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    async list(f: PaymentFilter): Promise<Page<PaymentsReceivedTable>> {
      let q = db.selectFrom('payments_received').where('store_id', '=', storeId);
      if (f.customerId) q = q.where('customer_id', '=', f.customerId);
      if (f.orderId) q = q.where('order_id', '=', f.orderId);
      if (f.mode) q = q.where('payment_mode', '=', f.mode);
      if (f.from) q = q.where('payment_date', '>=', f.from);
      if (f.to) q = q.where('payment_date', '<=', f.to);
      if (f.search) {
        const term = f.search;
        q = q.where((eb) =>
          eb.or([
            containsText('number', term),
            containsText('order_number', term),
            containsText('customer_name', term),
            containsText('reference', term),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('payment_date', 'desc')
          .orderBy('id', 'desc')
          .limit(f.perPage)
          .offset(offsetOf(f))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return pageOf(rows, count?.n ?? 0, f);
    },
  };
}
