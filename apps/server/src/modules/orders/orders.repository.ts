import { formatNumber, type NumberSequence } from '../../lib/counters.js';
import type {
  OfflineIssue,
  OfflineSaleState,
  Order,
  OrderChannel,
  OrderHistoryEntry,
  OrderItem,
  OrderRefund,
  OrderStatus,
  PaymentState,
  PaymentType,
  TillTransfer,
} from '@tillbook/contract/orders';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rowsChanged } from '../../db/results.js';
import type { InsertBatch } from '../../lib/insert-rows.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';
import type { OrderItemsTable, OrderRefundsTable, OrdersTable } from './orders.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** `ORD-000123`, from the store's `orders.number` counter. */
export const ORDER_NUMBERS: NumberSequence = { counter: 'orders.number', prefix: 'ORD-', width: 6 };
export const orderNumber = (n: number) => formatNumber(ORDER_NUMBERS, n);
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * A new order and its lines, into the sale's batch: written with the sale's other rows at the
 * end of its transaction, in one statement on PostgreSQL (decision 0010).
 */
export function addNewOrder(batch: InsertBatch, row: OrdersTable, items: readonly OrderItemsTable[]): void {
  batch.add('orders', [row]).add('order_items', items);
}

export function toOrderItem(row: OrderItemsTable): OrderItem {
  return {
    id: row.id,
    product_id: row.product_id,
    variant_id: row.variant_id ?? row.product_id,
    variant_name: row.variant_name,
    pack: row.pack,
    pack_factor: row.pack_factor,
    name: row.name,
    sku: row.sku,
    unit_price: row.unit_price,
    list_price: row.list_price,
    quantity: row.quantity,
    discount: row.discount,
    total: row.total,
    order_discount: row.order_discount,
    tax: row.tax,
    quantity_refunded: row.quantity_refunded,
  };
}

export function toOrder(
  row: OrdersTable,
  items: OrderItemsTable[],
  transfer: TillTransfer | null = null,
): Order {
  const lines = [...items].sort((a, b) => a.line_no - b.line_no).map(toOrderItem);
  const taxes = JSON.parse(row.taxes) as Array<{ name: string; rate_bp: number; amount: number }>;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    payment_state: row.payment_state,
    channel: row.channel,
    payment_type: row.payment_type,
    customer_id: row.customer_id,
    customer:
      row.customer_id || row.customer_name
        ? {
            id: row.customer_id ?? '',
            name: row.customer_name ?? '',
            phone_number: row.customer_phone,
            email_address: row.customer_email,
          }
        : null,
    items: lines,
    items_count: lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: row.subtotal,
    discount: row.discount,
    discount_id: row.discount_id,
    discount_code: row.discount_code,
    tax: row.tax,
    taxes: taxes.map((t) => ({ name: t.name, rate: t.rate_bp / 100, amount: t.amount })),
    tax_inclusive: row.tax_inclusive === 1,
    shipping: row.shipping,
    shipping_id: row.shipping_id,
    shipping_name: row.shipping_name,
    total: row.total,
    amount_received: row.amount_received,
    amount_outstanding: row.amount_outstanding,
    change_due: row.change_due,
    refunded_total: row.refunded_total,
    amount_refunded: row.amount_refunded,
    currency: row.currency,
    notes: row.notes,
    created_by: { id: row.created_by_id, name: row.created_by_name },
    invoice_number: row.invoice_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    refunded_at: row.refunded_at,
    offline_number: row.offline_number ?? null,
    offline_sold_at: row.offline_sold_at ?? null,
    offline_state: (row.offline_state as OfflineSaleState | null | undefined) ?? null,
    offline_issues: row.offline_issues ? (JSON.parse(row.offline_issues) as OfflineIssue[]) : [],
    paid_with: row.paid_with as PaymentType | null,
    amount_written_off: row.amount_written_off,
    transfer,
  };
}

export function toRefund(row: OrderRefundsTable): OrderRefund {
  return {
    id: row.id,
    reason: row.reason,
    value: row.value,
    amount: row.amount,
    method: row.method,
    items: JSON.parse(row.items) as OrderRefund['items'],
    created_by: { id: row.created_by_id, name: row.created_by_name },
    created_at: row.created_at,
  };
}

export interface OrderFilter {
  page: number;
  perPage: number;
  status?: OrderStatus | undefined;
  paymentState?: PaymentState | undefined;
  channel?: OrderChannel | undefined;
  customerId?: string | undefined;
  search?: string | undefined;
  /** Inclusive ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
}

/** An order number typed in full or in part: `ORD-000123`, `ord123`, `123`. */
function numberOf(term: string): string | null {
  const match = /^(?:ord-?)?0*(\d{1,9})$/i.exec(term.replace(/\s+/g, ''));
  return match ? orderNumber(Number(match[1])) : null;
}

/** Orders of one store and what hangs off them; every query is built from its id. */
export function ordersRepository(db: Db, storeId: string) {
  return {
    getRow(id: string): Promise<OrdersTable | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async items(orderIds: string[]): Promise<OrderItemsTable[]> {
      if (!orderIds.length) return [];
      return db
        .selectFrom('order_items')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('line_no')
        .execute();
    },

    async get(id: string): Promise<Order | undefined> {
      const row = await this.getRow(id);
      return row && toOrder(row, await this.items([id]));
    },

    async list(f: OrderFilter): Promise<Page<Order>> {
      let q = db.selectFrom('orders').where('store_id', '=', storeId);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.paymentState) q = q.where('payment_state', '=', f.paymentState);
      if (f.channel) q = q.where('channel', '=', f.channel);
      if (f.customerId) q = q.where('customer_id', '=', f.customerId);
      if (f.from) q = q.where('created_at', '>=', f.from);
      if (f.to) q = q.where('created_at', '<=', f.to);
      if (f.search) {
        const term = f.search;
        const number = numberOf(term);
        const digits = term.replace(/\D/g, '');
        q = q.where((eb) =>
          eb.or([
            ...(number ? [eb('number', '=', number)] : []),
            containsText('number', term),
            containsText('customer_name', term),
            ...(digits.length >= 4 ? [containsText('customer_phone', digits)] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(f.perPage).offset(offsetOf(f)).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const items = await this.items(rows.map((r) => r.id));
      const byOrder = new Map<string, OrderItemsTable[]>();
      for (const item of items) {
        const list = byOrder.get(item.order_id) ?? [];
        list.push(item);
        byOrder.set(item.order_id, list);
      }
      return pageOf(
        rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])),
        count?.n ?? 0,
        f,
      );
    },

    /**
     * Applies `patch` only while the order is still as it was read (`status` and, for money
     * changes, `refunded_total`): a concurrent change makes this return false instead of being
     * overwritten.
     */
    async updateIf(
      id: string,
      expected: { status: OrderStatus; refunded_total?: number; offline_state?: string },
      patch: Partial<OrdersTable>,
    ): Promise<boolean> {
      let q = db
        .updateTable('orders')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', '=', expected.status);
      if (expected.refunded_total !== undefined) q = q.where('refunded_total', '=', expected.refunded_total);
      if (expected.offline_state !== undefined) q = q.where('offline_state', '=', expected.offline_state);
      const result = await q.executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    /**
     * Adds a payment to an order, only while the order takes payments and owes at least the
     * amount: one conditional update, so two payments at once cannot both pass the check.
     */
    async receivePayment(id: string, amount: number, now: string) {
      return db
        .updateTable('orders')
        .set((eb) => ({
          amount_received: eb('amount_received', '+', amount),
          amount_outstanding: eb('amount_outstanding', '-', amount),
          payment_state: sql<PaymentState>`case when amount_outstanding = ${amount} then 'paid' else 'partially_paid' end`,
          updated_at: now,
        }))
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing', 'success'])
        .where('amount_outstanding', '>=', amount)
        .returning(['amount_received', 'amount_outstanding', 'payment_state'])
        .executeTakeFirst();
    },

    /**
     * Forgives `amount` of what an order owes (a write-off of the customer's account, decision
     * 0065): one conditional update, never past what is owed. No money moves, so the amounts
     * received and refunded stay as they are.
     */
    async writeOff(id: string, amount: number, now: string) {
      return db
        .updateTable('orders')
        .set((eb) => ({
          amount_written_off: eb('amount_written_off', '+', amount),
          amount_outstanding: eb('amount_outstanding', '-', amount),
          payment_state: sql<PaymentState>`case when amount_outstanding = ${amount} then 'paid' else payment_state end`,
          updated_at: now,
        }))
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'processing', 'success'])
        .where('amount_outstanding', '>=', amount)
        .returning(['amount_outstanding', 'payment_state'])
        .executeTakeFirst();
    },

    /** Marks units of a line refunded, never more than were sold. */
    async refundItem(itemId: string, quantity: number): Promise<boolean> {
      const result = await db
        .updateTable('order_items')
        .set((eb) => ({ quantity_refunded: eb('quantity_refunded', '+', quantity) }))
        .where('store_id', '=', storeId)
        .where('id', '=', itemId)
        .where((eb) => eb(eb('quantity_refunded', '+', quantity), '<=', eb.ref('quantity')))
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    async insertRefund(row: OrderRefundsTable): Promise<void> {
      await db.insertInto('order_refunds').values(row).execute();
    },

    refunds(orderId: string): Promise<OrderRefundsTable[]> {
      return db
        .selectFrom('order_refunds')
        .selectAll()
        .$narrowType<{ method: OrderRefundsTable['method'] }>()
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    /** The order's audit rows, oldest first: its status history. */
    history(orderId: string): Promise<OrderHistoryEntry[]> {
      return db
        .selectFrom('audits')
        .select(['action', 'summary', 'actor_name', 'created_at'])
        .where('store_id', '=', storeId)
        .where('entity', '=', 'order')
        .where('entity_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Sets the invoice number unless one was set meanwhile. */
    async setInvoiceNumber(id: string, number: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ invoice_number: number, invoice_issued_at: now })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('invoice_number', 'is', null)
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
