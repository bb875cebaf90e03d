import type { StoreContext } from '../../lib/context.js';
import { ordersRepository } from './orders.repository.js';
import type { OrdersTable } from './orders.tables.js';

/**
 * What the app and other modules may use of the orders module (decisions 0065, 0066): its
 * deposit subscriber, which matches a transfer into the store's account to the sale waiting for
 * it (the list of deposit subscribers, `src/deposit-subscribers.ts`, names it); and for the
 * receipts module, which shares and prints a sale's receipt, the order a link names, its invoice
 * and the invoice's PDF.
 */
export { tillTransfersSubscriber } from './transfer-matching.js';
export { getInvoice, invoicePdf } from './invoice.service.js';

/** An order as a shared receipt names it: its number, total and the customer's number. */
export type OrderForReceipt = Pick<OrdersTable, 'id' | 'number' | 'total' | 'currency' | 'customer_phone'>;

/** The order of the store with this id; undefined when the store has none. */
export async function findOrderRow(ctx: StoreContext, id: string): Promise<OrderForReceipt | undefined> {
  return ordersRepository(ctx.db, ctx.storeId).getRow(id);
}
