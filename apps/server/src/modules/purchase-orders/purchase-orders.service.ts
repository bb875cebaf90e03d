import type {
  createPurchaseOrderBody,
  IncomingStock,
  PurchaseOrder,
  PurchaseOrderStatus,
  updatePurchaseOrderBody,
} from '@tillbook/contract/purchase-orders';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { bumpCounter } from '../../lib/counters.js';
import { newId } from '../../lib/ids.js';
import { getProductsForSale, variantLine } from '../products/products.public.js';
import { findVendor } from '../vendors/vendors.public.js';
import type { PurchaseOrderItemsTable, PurchaseOrdersTable } from './purchase-orders.tables.js';
import { purchaseOrdersRepository, type PurchaseOrderFilter } from './purchase-orders.repository.js';

type Trx = Transaction<Database>;
type Line = {
  product_id: string;
  variant_id?: string;
  pack?: string | null;
  quantity: number;
  unit_cost: number;
};

const STATUS_WORDS: Record<PurchaseOrderStatus, string> = {
  draft: 'a draft',
  issued: 'issued',
  partially_received: 'partially received',
  received: 'fully received',
  cancelled: 'cancelled',
};

const poNumber = (n: number) => `PO-${String(n).padStart(6, '0')}`;

export const listPurchaseOrders = (ctx: StoreContext, f: PurchaseOrderFilter) =>
  purchaseOrdersRepository(ctx.db, ctx.storeId).list(f);

export async function getPurchaseOrder(
  ctx: StoreContext,
  id: string,
  db: StoreContext['db'] | Trx = ctx.db,
): Promise<PurchaseOrder> {
  const po = await purchaseOrdersRepository(db, ctx.storeId).get(id);
  if (!po) throw notFound('Purchase order');
  return po;
}

export async function rowOr404(
  ctx: StoreContext,
  id: string,
  db: StoreContext['db'] | Trx = ctx.db,
): Promise<PurchaseOrdersTable> {
  const row = await purchaseOrdersRepository(db, ctx.storeId).findRow(id);
  if (!row) throw notFound('Purchase order');
  return row;
}

async function activeVendor(ctx: StoreContext, vendorId: string, trx: Trx) {
  const vendor = await findVendor(ctx, vendorId, trx).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', 'Vendor not found', {
        fields: { vendor_id: 'Choose one of your vendors' },
      });
    }
    throw error;
  });
  if (vendor.status !== 'active') {
    throw new AppError(
      'CONFLICT',
      `${vendor.name} is inactive. Activate the vendor before raising a purchase order.`,
      {
        fields: { vendor_id: 'This vendor is inactive' },
      },
    );
  }
  return vendor;
}

/** Prices the lines from the request and snapshots each product's name and codes. */
async function buildLines(
  ctx: StoreContext,
  trx: Trx,
  poId: string,
  lines: Line[],
): Promise<PurchaseOrderItemsTable[]> {
  const products = new Map(
    (
      await getProductsForSale(
        trx,
        ctx,
        lines.map((l) => l.product_id),
      )
    ).map((p) => [p.id, p]),
  );
  const fields: Record<string, string> = {};
  lines.forEach((l, i) => {
    const p = products.get(l.product_id);
    if (!p) fields[`items.${i}.product_id`] = 'Product not found';
    else if (p.status === 'archived')
      fields[`items.${i}.product_id`] = `"${p.name}" is archived; restore it to order it`;
  });
  if (Object.keys(fields).length) {
    throw new AppError('UNPROCESSABLE', Object.values(fields)[0]!, { fields });
  }
  return lines.map((l, i) => {
    const p = products.get(l.product_id)!;
    // Decision 0064: a line orders one variant, by the unit or in one of its packs.
    const { variant, pack } = variantLine(p, l, `items.${i}`);
    return {
      id: newId(),
      store_id: ctx.storeId,
      purchase_order_id: poId,
      position: i,
      product_id: p.id,
      variant_id: variant.id,
      variant_name: variant.name || null,
      pack: pack?.name ?? null,
      pack_factor: pack?.factor ?? 1,
      product_name: p.name,
      sku: variant.sku,
      barcode: pack?.barcode ?? variant.barcode,
      quantity: l.quantity,
      unit_cost: l.unit_cost,
      line_total: l.quantity * l.unit_cost,
      quantity_received: 0,
    };
  });
}

const totalsOf = (items: PurchaseOrderItemsTable[]) => {
  const subtotal = items.reduce((s, i) => s + i.line_total, 0);
  if (!Number.isSafeInteger(subtotal)) throw new AppError('UNPROCESSABLE', 'The order total is too large');
  // Base units (decision 0064): an order of cartons and tins counts tins, as stock does.
  return {
    subtotal,
    total: subtotal,
    quantity_ordered: items.reduce((s, i) => s + i.quantity * i.pack_factor, 0),
  };
};

export async function createPurchaseOrder(
  ctx: StoreContext,
  body: z.output<typeof createPurchaseOrderBody>,
): Promise<PurchaseOrder> {
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    const vendor = await activeVendor(ctx, body.vendor_id, trx);
    const items = await buildLines(ctx, trx, id, body.items);
    const number = poNumber(await bumpCounter(trx, ctx.storeId, 'purchase_order_number', 1));
    const now = ctx.now.toISOString();
    const status = body.status ?? 'draft';
    const po: PurchaseOrdersTable = {
      id,
      store_id: ctx.storeId,
      number,
      vendor_id: vendor.id,
      status,
      order_date: body.order_date ?? now.slice(0, 10),
      expected_date: body.expected_date ?? null,
      notes: body.notes ?? null,
      ...totalsOf(items),
      quantity_received: 0,
      created_by: ctx.actor.id,
      issued_at: status === 'issued' ? now : null,
      received_at: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    };
    await purchaseOrdersRepository(trx, ctx.storeId).insert(po, items);
    await writeAudit(trx, ctx, {
      action: 'purchase_order.created',
      entity: 'purchase_order',
      entityId: id,
      summary: `${number} raised to ${vendor.name} (${status})`,
      after: { number, vendor: vendor.name, status, total: po.total, lines: items.length },
    });
  });
  return getPurchaseOrder(ctx, id);
}

export async function updatePurchaseOrder(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updatePurchaseOrderBody>,
): Promise<PurchaseOrder> {
  await ctx.db.transaction().execute(async (trx) => {
    const repo = purchaseOrdersRepository(trx, ctx.storeId);
    const before = await rowOr404(ctx, id, trx);
    if (before.status !== 'draft') {
      throw conflict(`Only a draft can be edited; ${before.number} is ${STATUS_WORDS[before.status]}.`);
    }
    const values: Partial<PurchaseOrdersTable> = { updated_at: ctx.now.toISOString() };
    if (body.vendor_id && body.vendor_id !== before.vendor_id)
      values.vendor_id = (await activeVendor(ctx, body.vendor_id, trx)).id;
    if (body.order_date) values.order_date = body.order_date;
    if (body.expected_date !== undefined) values.expected_date = body.expected_date;
    if (body.notes !== undefined) values.notes = body.notes;
    if (body.items) {
      const items = await buildLines(ctx, trx, id, body.items);
      await repo.replaceItems(id, items);
      Object.assign(values, totalsOf(items));
    }
    // The status guard keeps a concurrent issue or cancel from being overwritten.
    if (!(await repo.transition(id, ['draft'], values)))
      throw conflict(`${before.number} is no longer a draft.`);
    const after = (await repo.findRow(id))!;
    await writeAudit(trx, ctx, {
      action: 'purchase_order.updated',
      entity: 'purchase_order',
      entityId: id,
      summary: `${before.number} edited`,
      before: before,
      after: after,
    });
  });
  return getPurchaseOrder(ctx, id);
}

export async function issuePurchaseOrder(ctx: StoreContext, id: string): Promise<PurchaseOrder> {
  await ctx.db.transaction().execute(async (trx) => {
    const po = await rowOr404(ctx, id, trx);
    const now = ctx.now.toISOString();
    const moved = await purchaseOrdersRepository(trx, ctx.storeId).transition(id, ['draft'], {
      status: 'issued',
      issued_at: now,
      updated_at: now,
    });
    if (!moved) throw conflict(`Only a draft can be issued; ${po.number} is ${STATUS_WORDS[po.status]}.`);
    await writeAudit(trx, ctx, {
      action: 'purchase_order.issued',
      entity: 'purchase_order',
      entityId: id,
      summary: `${po.number} issued`,
      before: { status: po.status },
      after: { status: 'issued' },
    });
  });
  return getPurchaseOrder(ctx, id);
}

export async function cancelPurchaseOrder(ctx: StoreContext, id: string): Promise<PurchaseOrder> {
  await ctx.db.transaction().execute(async (trx) => {
    const po = await rowOr404(ctx, id, trx);
    const now = ctx.now.toISOString();
    const moved = await purchaseOrdersRepository(trx, ctx.storeId).transition(
      id,
      ['draft', 'issued'],
      { status: 'cancelled', cancelled_at: now, updated_at: now },
      { nothingReceived: true },
    );
    if (!moved) {
      throw conflict(
        po.status === 'partially_received'
          ? `${po.number} has stock received already and cannot be cancelled.`
          : `${po.number} is ${STATUS_WORDS[po.status]} and cannot be cancelled.`,
      );
    }
    await writeAudit(trx, ctx, {
      action: 'purchase_order.cancelled',
      entity: 'purchase_order',
      entityId: id,
      summary: `${po.number} cancelled`,
      before: { status: po.status },
      after: { status: 'cancelled' },
    });
  });
  return getPurchaseOrder(ctx, id);
}

export async function listVendorPurchaseOrders(
  ctx: StoreContext,
  vendorId: string,
  q: { page: number; perPage: number },
) {
  await findVendor(ctx, vendorId);
  return listPurchaseOrders(ctx, { ...q, vendorId });
}

export async function incomingStock(ctx: StoreContext, productId: string): Promise<IncomingStock> {
  const [product] = await getProductsForSale(ctx.db, ctx, [productId]);
  if (!product) throw notFound('Product');
  const rows = await purchaseOrdersRepository(ctx.db, ctx.storeId).incoming(productId);
  const orders = rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    vendor_name: r.vendor_name,
    expected_date: r.expected_date,
    // Base units (decision 0064): a line ordered in cartons brings factor × cartons.
    outstanding: (r.quantity - r.quantity_received) * r.pack_factor,
  }));
  return { product_id: productId, incoming: orders.reduce((s, o) => s + o.outstanding, 0), orders };
}

/** A draft purchase order for one product from the vendor it was last ordered from, at the last cost. */
export async function reorderProduct(
  ctx: StoreContext,
  productId: string,
  quantity: number | undefined,
): Promise<PurchaseOrder> {
  const [product] = await getProductsForSale(ctx.db, ctx, [productId]);
  if (!product)
    throw new AppError('NOT_FOUND', 'Product not found', { fields: { product_id: 'Product not found' } });
  const last = await purchaseOrdersRepository(ctx.db, ctx.storeId).lastLineOf(productId);
  if (!last) {
    throw new AppError(
      'UNPROCESSABLE',
      `"${product.name}" has not been ordered before. Create a purchase order and choose a vendor.`,
      {
        fields: { product_id: 'No earlier purchase order' },
      },
    );
  }
  return createPurchaseOrder(ctx, {
    vendor_id: last.vendor_id,
    items: [
      {
        product_id: productId,
        ...(last.variant_id && last.variant_id !== productId ? { variant_id: last.variant_id } : {}),
        ...(last.pack ? { pack: last.pack } : {}),
        quantity: quantity ?? last.quantity,
        unit_cost: last.unit_cost,
      },
    ],
    status: 'draft',
    notes: `Reorder of ${product.name}`,
  });
}
