import { z } from 'zod';
import {
  dateFilter,
  defineRoutes,
  idParam,
  isoDate,
  money,
  optionalTrimmed,
  paginationQuery,
  withQueryAliases,
} from './common.js';

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'issued',
  'partially_received',
  'received',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The moves a purchase order may make (domain.md); any other is a 409. */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ['issued', 'cancelled'],
  issued: ['partially_received', 'received', 'cancelled'],
  partially_received: ['partially_received', 'received'],
  received: [],
  cancelled: [],
};

export const MAX_PO_LINES = 200;
export const MAX_PO_QUANTITY = 1_000_000;

export const purchaseOrderItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  /** The variant ordered (the product's id for a product without options). */
  variant_id: z.string(),
  variant_name: z.string().nullable(),
  /** Ordered in this pack (`carton`): `quantity` counts packs, each adding `pack_factor` units. */
  pack: z.string().nullable(),
  pack_factor: z.number().int(),
  product_name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
  unit_cost: z.number().int(),
  line_total: z.number().int(),
  quantity_received: z.number().int(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;

export const purchaseOrderSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  order_date: z.string(),
  expected_date: z.string().nullable(),
  total: z.number().int(),
  quantity_ordered: z.number().int(),
  quantity_received: z.number().int(),
  /** Percentage of ordered units received, 0 to 100. */
  received_percent: z.number(),
  created_at: z.string(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

export const purchaseOrderReceiptSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  note: z.string().nullable(),
  items: z.array(z.object({ product_id: z.string(), product_name: z.string(), quantity: z.number().int() })),
});
export type PurchaseOrderReceipt = z.infer<typeof purchaseOrderReceiptSchema>;

export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({
  notes: z.string().nullable(),
  subtotal: z.number().int(),
  items: z.array(purchaseOrderItemSchema),
  receipts: z.array(purchaseOrderReceiptSchema),
  issued_at: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  updated_at: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(MAX_PO_QUANTITY, { error: `Quantity must be at most ${MAX_PO_QUANTITY}` });

const lineSchema = z.object({
  product_id: z.string({ error: 'Choose a product' }).min(1, { error: 'Choose a product' }),
  /** Which variant (decision 0064); left out, the product's own. */
  variant_id: z.string().trim().min(1).max(64).optional(),
  /** Ordered in this pack: `quantity` packs, `unit_cost` per pack. */
  pack: z.string().trim().min(1).max(30).optional().nullable(),
  quantity,
  unit_cost: money('Unit cost'),
});

const linesSchema = z
  .array(lineSchema, { error: 'Add at least one product' })
  .min(1, { error: 'Add at least one product' })
  .max(MAX_PO_LINES, { error: `At most ${MAX_PO_LINES} lines` })
  .superRefine((items, ctx) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      const key = `${item.product_id}|${item.variant_id ?? ''}|${item.pack ?? ''}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'product_id'],
          message: `This product is already on line ${first + 1}; change that line's quantity`,
        });
      } else seen.set(key, i);
    });
  });

export const createPurchaseOrderBody = z.object({
  vendor_id: z.string({ error: 'Choose a vendor' }).min(1, { error: 'Choose a vendor' }),
  items: linesSchema,
  order_date: isoDate.optional(),
  expected_date: isoDate.optional().nullable(),
  notes: optionalTrimmed('Notes', 2000),
  status: z.enum(['draft', 'issued'], { error: 'A new purchase order is draft or issued' }).optional(),
});

export const updatePurchaseOrderBody = z.object({
  vendor_id: z.string().min(1, { error: 'Choose a vendor' }).optional(),
  items: linesSchema.optional(),
  order_date: isoDate.optional(),
  expected_date: isoDate.optional().nullable(),
  notes: optionalTrimmed('Notes', 2000),
});

export const receiveBody = z.object({
  items: z
    .array(
      z.object({
        product_id: z.string({ error: 'Choose a product' }).min(1),
        /** The line's variant and pack, when the order has several lines of the product. */
        variant_id: z.string().trim().min(1).max(64).optional(),
        pack: z.string().trim().min(1).max(30).optional().nullable(),
        /** In the line's own unit: packs for a line ordered in packs. */
        quantity,
      }),
      { error: 'Say what arrived' },
    )
    .min(1, { error: 'Say what arrived' })
    .max(MAX_PO_LINES),
  /** Also set each product's cost price to the unit cost on this order (default true). */
  update_cost_price: z.boolean().optional(),
  note: optionalTrimmed('Note', 500),
});

export const reorderBody = z.object({
  product_id: z.string({ error: 'Choose a product' }).min(1),
  quantity: quantity.optional(),
});

const purchaseOrderFilters = {
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: 'Unknown status' }).optional(),
  vendorId: z.string().max(64).optional(),
  from: dateFilter,
  to: dateFilter,
  search: z.string().trim().max(100).optional(),
};
export const purchaseOrderListQuery = withQueryAliases(paginationQuery.extend(purchaseOrderFilters), {
  vendor_id: 'vendorId',
});
/** The export's query: the list's filters, every row. */
export const purchaseOrderExportQuery = withQueryAliases(z.object(purchaseOrderFilters), {
  vendor_id: 'vendorId',
});

export const incomingStockSchema = z.object({
  product_id: z.string(),
  /** Units ordered on issued or partially received orders and not received yet. */
  incoming: z.number().int(),
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.enum(PURCHASE_ORDER_STATUSES),
      vendor_name: z.string(),
      expected_date: z.string().nullable(),
      outstanding: z.number().int(),
    }),
  ),
});
export type IncomingStock = z.infer<typeof incomingStockSchema>;

export const purchaseOrdersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/purchase_order',
    access: 'purchase_orders.view',
    summary: 'Purchase orders, newest first, by status, vendor, date range or number',
    query: purchaseOrderListQuery,
    response: purchaseOrderSummarySchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/purchase_order/export',
    access: 'purchase_orders.view',
    summary: 'Purchase orders matching the list filters, as CSV',
    query: purchaseOrderExportQuery,
    file: 'text/csv',
  },

  create: {
    method: 'POST',
    path: '/purchase_order',
    access: 'purchase_orders.manage',
    summary: 'Raise a purchase order (draft or issued)',
    body: createPurchaseOrderBody,
    response: purchaseOrderSchema,
  },
  forVendor: {
    method: 'GET',
    path: '/purchase_order/vendor/:id',
    access: 'purchase_orders.view',
    summary: "A vendor's purchase orders",
    params: idParam,
    query: paginationQuery,
    response: purchaseOrderSummarySchema,
    paginated: true,
  },
  incoming: {
    method: 'GET',
    path: '/purchase_order/incoming/:id',
    access: 'purchase_orders.view',
    summary: 'Units of a product on open purchase orders',
    params: idParam,
    response: incomingStockSchema,
  },
  reorder: {
    method: 'POST',
    path: '/purchase_order/reorder',
    access: 'purchase_orders.manage',
    summary: 'Start a draft purchase order for a product from its last vendor, at its last cost',
    body: reorderBody,
    response: purchaseOrderSchema,
  },
  get: {
    method: 'GET',
    path: '/purchase_order/:id',
    access: 'purchase_orders.view',
    summary: 'One purchase order',
    params: idParam,
    response: purchaseOrderSchema,
  },
  update: {
    method: 'PATCH',
    path: '/purchase_order/:id',
    access: 'purchase_orders.manage',
    summary: 'Edit a draft purchase order',
    params: idParam,
    body: updatePurchaseOrderBody,
    response: purchaseOrderSchema,
  },
  issue: {
    method: 'POST',
    path: '/purchase_order/:id/issue',
    access: 'purchase_orders.manage',
    summary: 'Issue a draft purchase order to the vendor',
    params: idParam,
    response: purchaseOrderSchema,
  },
  receive: {
    method: 'POST',
    path: '/purchase_order/:id/receive',
    access: 'purchase_orders.receive',
    summary: 'Receive some or all of the ordered units into stock',
    params: idParam,
    body: receiveBody,
    idempotent: true,
    response: purchaseOrderSchema,
  },
  cancel: {
    method: 'POST',
    path: '/purchase_order/:id/cancel',
    access: 'purchase_orders.manage',
    summary: 'Cancel a draft, or an issued order with nothing received',
    params: idParam,
    response: purchaseOrderSchema,
  },
});
