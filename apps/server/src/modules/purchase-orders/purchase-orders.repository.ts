import type {
  PurchaseOrder,
  PurchaseOrderItem,
  PurchaseOrderReceipt,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
} from '@tillbook/contract/purchase-orders';
import type { Kysely, Transaction } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';
import type {
  PurchaseOrderItemsTable,
  PurchaseOrdersTable,
  PurchaseReceiptItemsTable,
  PurchaseReceiptsTable,
} from './purchase-orders.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface PurchaseOrderFilter {
  page: number;
  perPage: number;
  status?: PurchaseOrderStatus;
  vendorId?: string;
  from?: string;
  to?: string;
  search?: string;
}

type SummaryRow = PurchaseOrdersTable & { vendor_name: string };

function toSummary(row: SummaryRow): PurchaseOrderSummary {
  const ordered = row.quantity_ordered;
  const received = row.quantity_received;
  return {
    id: row.id,
    number: row.number,
    vendor: { id: row.vendor_id, name: row.vendor_name },
    status: row.status,
    order_date: row.order_date,
    expected_date: row.expected_date,
    total: row.total,
    quantity_ordered: ordered,
    quantity_received: received,
    received_percent: ordered ? Math.floor((received * 100) / ordered) : 0,
    created_at: row.created_at,
  };
}

function toItem(row: PurchaseOrderItemsTable): PurchaseOrderItem {
  return {
    id: row.id,
    product_id: row.product_id,
    variant_id: row.variant_id ?? row.product_id,
    variant_name: row.variant_name,
    pack: row.pack,
    pack_factor: row.pack_factor,
    product_name: row.product_name,
    sku: row.sku,
    barcode: row.barcode,
    quantity: row.quantity,
    unit_cost: row.unit_cost,
    line_total: row.line_total,
    quantity_received: row.quantity_received,
  };
}

/** Purchase orders of one store, their lines and receipts; every query is built from the store's id. */
export function purchaseOrdersRepository(db: Db, storeId: string) {
  const summaries = () =>
    db
      .selectFrom('purchase_orders as po')
      .innerJoin('vendors as v', (j) => j.onRef('v.id', '=', 'po.vendor_id').on('v.store_id', '=', storeId))
      .selectAll('po')
      .select('v.name as vendor_name')
      .where('po.store_id', '=', storeId);

  return {
    async list(f: PurchaseOrderFilter): Promise<Page<PurchaseOrderSummary>> {
      let q = summaries();
      if (f.status) q = q.where('po.status', '=', f.status);
      if (f.vendorId) q = q.where('po.vendor_id', '=', f.vendorId);
      if (f.from) q = q.where('po.order_date', '>=', f.from.slice(0, 10));
      if (f.to) q = q.where('po.order_date', '<=', f.to.slice(0, 10));
      if (f.search) {
        const term = f.search;
        q = q.where((eb) => eb.or([containsText('po.number', term), containsText('v.name', term)]));
      }
      const [rows, total] = await Promise.all([
        q.orderBy('po.id', 'desc').limit(f.perPage).offset(offsetOf(f)).execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(toSummary), total.n, f);
    },

    findRow: (id: string) =>
      db
        .selectFrom('purchase_orders')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async get(id: string): Promise<PurchaseOrder | undefined> {
      const row = await summaries().where('po.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const [items, receipts, receiptItems] = await Promise.all([
        this.items(id),
        db
          .selectFrom('purchase_receipts')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('purchase_order_id', '=', id)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('purchase_receipt_items as ri')
          .innerJoin('purchase_receipts as r', (j) =>
            j.onRef('r.store_id', '=', 'ri.store_id').onRef('r.id', '=', 'ri.receipt_id'),
          )
          .innerJoin('purchase_order_items as i', (j) =>
            j.onRef('i.store_id', '=', 'ri.store_id').onRef('i.id', '=', 'ri.purchase_order_item_id'),
          )
          .select(['ri.receipt_id', 'ri.product_id', 'ri.quantity', 'i.product_name'])
          .where('ri.store_id', '=', storeId)
          .where('r.purchase_order_id', '=', id)
          .orderBy('ri.id')
          .execute(),
      ]);
      const receiptsOut: PurchaseOrderReceipt[] = receipts.map((r) => ({
        id: r.id,
        created_at: r.created_at,
        created_by: r.created_by,
        note: r.note,
        items: receiptItems
          .filter((ri) => ri.receipt_id === r.id)
          .map((ri) => ({
            product_id: ri.product_id,
            product_name: ri.product_name,
            quantity: ri.quantity,
          })),
      }));
      return {
        ...toSummary(row),
        notes: row.notes,
        subtotal: row.subtotal,
        items: items.map(toItem),
        receipts: receiptsOut,
        issued_at: row.issued_at,
        received_at: row.received_at,
        cancelled_at: row.cancelled_at,
        updated_at: row.updated_at,
      };
    },

    items: (poId: string) =>
      db
        .selectFrom('purchase_order_items')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('purchase_order_id', '=', poId)
        .orderBy('position')
        .execute(),

    async insert(po: PurchaseOrdersTable, items: PurchaseOrderItemsTable[]): Promise<void> {
      await db.insertInto('purchase_orders').values(po).execute();
      if (items.length) await db.insertInto('purchase_order_items').values(items).execute();
    },

    async replaceItems(poId: string, items: PurchaseOrderItemsTable[]): Promise<void> {
      await db
        .deleteFrom('purchase_order_items')
        .where('store_id', '=', storeId)
        .where('purchase_order_id', '=', poId)
        .execute();
      if (items.length) await db.insertInto('purchase_order_items').values(items).execute();
    },

    /** Moves the order to `to` only from one of `from`; returns false when it was no longer there. */
    async transition(
      id: string,
      from: readonly PurchaseOrderStatus[],
      values: Partial<PurchaseOrdersTable>,
      extra?: { nothingReceived?: boolean },
    ): Promise<boolean> {
      let q = db
        .updateTable('purchase_orders')
        .set(values)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', 'in', from);
      if (extra?.nothingReceived) q = q.where('quantity_received', '=', 0);
      const r = await q.executeTakeFirst();
      return rowsChanged(r) === 1;
    },

    /**
     * Counts received units on the order and sets its status from the counts, in one conditional
     * update that adds to what is stored (never a value computed from an earlier read), so
     * concurrent receipts all count. Undefined when the order is no longer receivable.
     */
    addReceived: (id: string, quantity: number, now: string) =>
      db
        .updateTable('purchase_orders')
        .set((eb) => {
          const complete = eb(eb('quantity_received', '+', quantity), '>=', eb.ref('quantity_ordered'));
          return {
            quantity_received: eb('quantity_received', '+', quantity),
            status: eb
              .case()
              .when(complete)
              .then('received' as const)
              .else('partially_received' as const)
              .end(),
            received_at: eb.case().when(complete).then(now).else(null).end(),
            updated_at: now,
          };
        })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', 'in', ['issued', 'partially_received'])
        .returning(['status', 'quantity_received'])
        .executeTakeFirst(),

    /** Adds received units to a line only while it stays within what was ordered. */
    async receiveLine(itemId: string, quantity: number): Promise<boolean> {
      const r = await db
        .updateTable('purchase_order_items')
        .set((eb) => ({ quantity_received: eb('quantity_received', '+', quantity) }))
        .where('store_id', '=', storeId)
        .where('id', '=', itemId)
        .where((eb) => eb(eb('quantity_received', '+', quantity), '<=', eb.ref('quantity')))
        .executeTakeFirst();
      return rowsChanged(r) === 1;
    },

    async insertReceipt(receipt: PurchaseReceiptsTable, items: PurchaseReceiptItemsTable[]): Promise<void> {
      await db.insertInto('purchase_receipts').values(receipt).execute();
      await db.insertInto('purchase_receipt_items').values(items).execute();
    },

    incoming: (productId: string) =>
      db
        .selectFrom('purchase_order_items as i')
        .innerJoin('purchase_orders as po', (j) =>
          j.onRef('po.store_id', '=', 'i.store_id').onRef('po.id', '=', 'i.purchase_order_id'),
        )
        .innerJoin('vendors as v', (j) =>
          j.onRef('v.store_id', '=', 'po.store_id').onRef('v.id', '=', 'po.vendor_id'),
        )
        .select([
          'po.id',
          'po.number',
          'po.status',
          'po.expected_date',
          'v.name as vendor_name',
          'i.quantity',
          'i.quantity_received',
          'i.pack_factor',
        ])
        .where('i.store_id', '=', storeId)
        .where('po.store_id', '=', storeId)
        .where('i.product_id', '=', productId)
        .where('po.status', 'in', ['issued', 'partially_received'])
        .orderBy('po.id', 'desc')
        .execute(),

    /** The newest purchase-order line of a product that was not cancelled, with its vendor. */
    lastLineOf: (productId: string) =>
      db
        .selectFrom('purchase_order_items as i')
        .innerJoin('purchase_orders as po', (j) =>
          j.onRef('po.store_id', '=', 'i.store_id').onRef('po.id', '=', 'i.purchase_order_id'),
        )
        .select(['po.vendor_id', 'i.quantity', 'i.unit_cost', 'i.variant_id', 'i.pack'])
        .where('i.store_id', '=', storeId)
        .where('po.store_id', '=', storeId)
        .where('i.product_id', '=', productId)
        .where('po.status', '!=', 'cancelled')
        .orderBy('po.id', 'desc')
        .limit(1)
        .executeTakeFirst(),
  };
}
