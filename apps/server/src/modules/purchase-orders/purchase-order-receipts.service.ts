import type { PurchaseOrder, PurchaseOrderStatus, receiveBody } from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import { AppError, conflict } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { applyStockMovements, setCostPrices } from '../products/products.public.js';
import { purchaseOrdersRepository } from './purchase-orders.repository.js';
import { getPurchaseOrder, rowOr404 } from './purchase-orders.service.js';

/**
 * Receives units into stock. Each line may not take a product past what was ordered: the check
 * is a conditional update, so two receipts at once cannot over-receive. The stock moves through
 * the stock ledger with the purchase order as reference, in the same transaction. The same
 * `Idempotency-Key` answers the first receipt again without receiving twice.
 */
export async function receivePurchaseOrder(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof receiveBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<PurchaseOrder>> {
  return runIdempotent(ctx, idempotencyKey, `POST /purchase_order/${id}/receive`, body, async (trx) => {
    const repo = purchaseOrdersRepository(trx, ctx.storeId);
    const po = await rowOr404(ctx, id, trx);
    if (po.status !== 'issued' && po.status !== 'partially_received') {
      const why: Partial<Record<PurchaseOrderStatus, string>> = {
        draft: `${po.number} is a draft. Issue it before receiving stock.`,
        cancelled: `${po.number} is cancelled; nothing can be received.`,
        received: `${po.number} is already fully received.`,
      };
      throw conflict(why[po.status]!);
    }
    const items = await repo.items(id);
    // The line each received line names: the product's, narrowed by variant and pack when the
    // order has several lines of it (decision 0064).
    const lineOf = (line: (typeof body.items)[number]) => {
      const matching = items.filter(
        (i) =>
          i.product_id === line.product_id &&
          (line.variant_id === undefined || (i.variant_id ?? i.product_id) === line.variant_id) &&
          (line.pack === undefined || (i.pack ?? null) === (line.pack ?? null)),
      );
      return matching.length === 1 ? matching[0] : matching.length ? null : undefined;
    };
    const chosen = body.items.map(lineOf);
    const byLine = (i: number) => chosen[i]!;
    const fields: Record<string, string> = {};
    const seen = new Set<string>();
    body.items.forEach((line, i) => {
      const item = chosen[i];
      if (item === undefined) fields[`items.${i}.product_id`] = 'This product is not on the purchase order';
      else if (item === null)
        fields[`items.${i}.variant_id`] =
          'The order has several lines of this product: name the variant and pack';
      else if (seen.has(item.id)) fields[`items.${i}.product_id`] = 'This product is listed twice';
      else {
        const left = item.quantity - item.quantity_received;
        if (line.quantity > left) {
          fields[`items.${i}.quantity`] =
            left > 0
              ? `Only ${left} of "${item.product_name}" remain to be received`
              : `All of "${item.product_name}" was received`;
        }
      }
      if (item) seen.add(item.id);
    });
    if (Object.keys(fields).length) {
      const first = Object.values(fields)[0]!;
      const code = Object.keys(fields).some((k) => k.endsWith('.quantity')) ? 'CONFLICT' : 'UNPROCESSABLE';
      throw new AppError(
        code,
        Object.keys(fields).length > 1 ? `${first} (and ${Object.keys(fields).length - 1} more)` : first,
        { fields },
      );
    }

    for (const [i, line] of body.items.entries()) {
      const item = byLine(i);
      if (!(await repo.receiveLine(item.id, line.quantity))) {
        throw new AppError(
          'CONFLICT',
          `More of "${item.product_name}" was received meanwhile; refresh and try again.`,
          {
            fields: { [`items.${i}.quantity`]: 'Exceeds what remains to be received' },
          },
        );
      }
    }
    await applyStockMovements(
      trx,
      ctx,
      body.items.map((line, i) => ({
        productId: line.product_id,
        variantId: byLine(i).variant_id ?? line.product_id,
        // Stock counts base units: cartons received bring factor × cartons.
        change: line.quantity * byLine(i).pack_factor,
        reason: 'purchase_receipt' as const,
        referenceType: 'purchase_order',
        referenceId: id,
        note: `Received on ${po.number}`,
      })),
    );

    const now = ctx.now.toISOString();
    const receiptId = newId();
    await repo.insertReceipt(
      {
        id: receiptId,
        store_id: ctx.storeId,
        purchase_order_id: id,
        note: body.note ?? null,
        created_by: ctx.actor.id,
        created_at: now,
      },
      body.items.map((line, i) => ({
        id: newId(),
        store_id: ctx.storeId,
        receipt_id: receiptId,
        purchase_order_item_id: byLine(i).id,
        product_id: line.product_id,
        quantity: line.quantity,
      })),
    );
    const updated = await repo.addReceived(
      id,
      body.items.reduce((sum, l, i) => sum + l.quantity * byLine(i).pack_factor, 0),
      now,
    );
    if (!updated) throw conflict(`${po.number} changed meanwhile; refresh and try again.`);
    const complete = updated.status === 'received';

    const costs =
      body.update_cost_price === false
        ? []
        : await setCostPrices(
            trx,
            ctx,
            body.items.map((l, i) => ({
              productId: l.product_id,
              variantId: byLine(i).variant_id ?? l.product_id,
              // The cost of one base unit: a carton's cost over its units.
              costPrice: Math.round(byLine(i).unit_cost / byLine(i).pack_factor),
            })),
          );
    await writeAudit(trx, ctx, {
      action: 'purchase_order.received',
      entity: 'purchase_order',
      entityId: id,
      summary: `${body.items.reduce((s, l, i) => s + l.quantity * byLine(i).pack_factor, 0)} unit(s) received on ${po.number}${complete ? '; order complete' : ''}`,
      before: { status: po.status, quantity_received: po.quantity_received },
      after: {
        status: updated.status,
        quantity_received: updated.quantity_received,
        lines: body.items.map((l, i) => ({
          product: byLine(i).product_name,
          quantity: l.quantity,
        })),
        ...(costs.length ? { cost_prices_changed: costs.length } : {}),
      },
    });
    return { status: 200, body: await getPurchaseOrder(ctx, id, trx) };
  });
}
