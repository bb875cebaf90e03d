import type { PurchaseOrderStatus } from '@tillbook/contract/purchase-orders';

/** Table types of purchase orders (migration 0006-purchasing). */
export interface PurchaseOrdersTable {
  id: string;
  store_id: string;
  number: string;
  vendor_id: string;
  status: PurchaseOrderStatus;
  order_date: string;
  expected_date: string | null;
  notes: string | null;
  subtotal: number;
  total: number;
  quantity_ordered: number;
  quantity_received: number;
  created_by: string | null;
  issued_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PurchaseOrderItemsTable {
  id: string;
  store_id: string;
  purchase_order_id: string;
  position: number;
  product_id: string;
  /** Decision 0064: the variant ordered (the product's id for its own), its name as ordered. */
  variant_id: string | null;
  variant_name: string | null;
  /** Ordered in this pack: `quantity` and `quantity_received` count packs of `pack_factor` units. */
  pack: string | null;
  pack_factor: number;
  product_name: string;
  sku: string | null;
  barcode: string | null;
  quantity: number;
  unit_cost: number;
  line_total: number;
  quantity_received: number;
}

export interface PurchaseReceiptsTable {
  id: string;
  store_id: string;
  purchase_order_id: string;
  note: string | null;
  created_by: string | null;
  created_at: string;
}

export interface PurchaseReceiptItemsTable {
  id: string;
  store_id: string;
  receipt_id: string;
  purchase_order_item_id: string;
  product_id: string;
  quantity: number;
}

declare module '../../db/schema.js' {
  interface Database {
    purchase_orders: PurchaseOrdersTable;
    purchase_order_items: PurchaseOrderItemsTable;
    purchase_receipts: PurchaseReceiptsTable;
    purchase_receipt_items: PurchaseReceiptItemsTable;
  }
}
