import { ORDER_TRANSITIONS, type Order, type OfflineDecision } from '@tillbook/contract/orders';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { applyStockMovements, getProductsForSale } from '../products/products.public.js';
import { tillSettingsOf } from '../till/till.public.js';
import { publishFacts, statusFact } from './order-facts.js';
import { cancelOrder } from './order-returns.service.js';
import { ordersRepository, toOrder } from './orders.repository.js';
import type { OfflineIssue } from '@tillbook/contract/orders';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';

/**
 * `POST /order/{id}/offline-decision` (decision 0036): an offline sale that waits for a decision
 * is accepted or cancelled, once. Accepting takes the stock that was held (below zero only when
 * the store's rule allows it; else a 409 naming the short products); cancelling cancels the order
 * as any cancellation does, returning only stock the sale took. Either way the sale is resolved,
 * in one transaction with its audit row; the condition on `offline_state` makes a second decision
 * (or two at once) a 409, never a second effect. A change of status is published as the order's
 * fact (decision 0053).
 */
export async function decideOfflineSale(
  ctx: StoreContext,
  id: string,
  decision: OfflineDecision,
): Promise<Order> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = ordersRepository(trx, ctx.storeId);
    const row = await repo.getRow(id);
    if (!row) throw notFound('Order');
    const refused = undecidable(row);
    if (refused) throw refused;
    const issues: OfflineIssue[] = row.offline_issues
      ? (JSON.parse(row.offline_issues) as OfflineIssue[])
      : [];
    // The stock of a sale held for review was never taken (see offline-sales.ts).
    const held = issues.some((i) => i.kind === 'stock_held');
    const items = await repo.items([id]);
    const updated =
      decision === 'accept'
        ? await acceptOfflineSale(trx, ctx, row, items, held)
        : await cancelOfflineSale(trx, ctx, row, held);
    await writeAudit(trx, ctx, {
      action: decision === 'accept' ? 'order.offline_accepted' : 'order.cancelled',
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number} (offline sale ${row.offline_number}): ${
        decision === 'accept'
          ? `accepted${held ? ', held stock taken' : ''}`
          : `cancelled${held ? ', no stock had been taken' : ', stock returned'}`
      }`,
      before: { status: row.status, offline_state: row.offline_state },
      after: { status: updated.status, offline_state: 'resolved', decision },
    });
    const order = toOrder(updated, items);
    if (updated.status !== row.status) await publishFacts(trx, ctx, [statusFact(order, row, items)]);
    return order;
  });
}

/**
 * Accepts an offline sale: takes the stock that was held, and completes a till sale paid in full
 * that waited as pending only for that.
 */
async function acceptOfflineSale(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  items: OrderItemsTable[],
  held: boolean,
): Promise<OrdersTable> {
  if (held) {
    // A product deleted meanwhile has no stock left to take: its line stays as sold.
    const existing = new Set(
      (await getProductsForSale(trx, ctx, [...new Set(items.map((i) => i.product_id))])).map((p) => p.id),
    );
    const movements = items
      .filter((i) => existing.has(i.product_id) && i.quantity > 0)
      .map((i) => ({
        productId: i.product_id,
        change: -i.quantity,
        reason: 'sale' as const,
        referenceType: 'order',
        referenceId: row.id,
      }));
    const settings = await tillSettingsOf(trx, ctx);
    if (movements.length) {
      await applyStockMovements(trx, ctx, movements, {
        mayGoNegative: settings.offline_stock_rule === 'allow_negative',
      });
    }
  }
  const now = ctx.now.toISOString();
  const patch: Partial<OrdersTable> = { offline_state: 'resolved', updated_at: now };
  if (held && row.status === 'pending' && row.channel === 'pos' && row.amount_outstanding === 0) {
    patch.status = 'success';
    patch.completed_at = now;
  }
  const repo = ordersRepository(trx, ctx.storeId);
  if (!(await repo.updateIf(row.id, { status: row.status, offline_state: 'needs_review' }, patch))) {
    throw decidedMeanwhile(row);
  }
  return { ...row, ...patch } as OrdersTable;
}

/** Cancels an offline sale as any cancellation, returning only stock it took. */
async function cancelOfflineSale(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  held: boolean,
): Promise<OrdersTable> {
  if (!ORDER_TRANSITIONS[row.status].includes('cancelled')) {
    throw conflict(
      `Order ${row.number} is ${row.status}, so it cannot be cancelled. Accept the sale, then refund it if the customer brings the goods back.`,
    );
  }
  const cancelled = await cancelOrder(trx, ctx, row, `Offline sale ${row.offline_number} cancelled`, {
    stockTaken: !held,
  });
  const patch: Partial<OrdersTable> = { offline_state: 'resolved', updated_at: ctx.now.toISOString() };
  const repo = ordersRepository(trx, ctx.storeId);
  if (!(await repo.updateIf(row.id, { status: 'cancelled', offline_state: 'needs_review' }, patch))) {
    throw decidedMeanwhile(row);
  }
  return { ...cancelled, ...patch } as OrdersTable;
}

function undecidable(row: OrdersTable) {
  if (row.offline_state === 'needs_review') return null;
  if (row.offline_state === 'resolved') return decidedMeanwhile(row);
  return conflict(
    `Order ${row.number} does not wait for a decision: only an offline sale held for review does.`,
  );
}

const decidedMeanwhile = (row: OrdersTable) =>
  conflict(`Order ${row.number}'s offline sale has already been decided. Reload it to see what was done.`);
