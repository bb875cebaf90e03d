import type {
  createOrderBody,
  OfflineIssue,
  Order,
  OrderChannel,
  OrderQuote,
  OrderStatus,
  PaymentType,
} from '@tillbook/contract/orders';
import type { DiscountCheck, validateDiscountBody } from '@tillbook/contract/discounts';
import type { PaymentMode } from '@tillbook/contract/payments-received';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome, type TransactionEnd } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import type { SaleOnCredit } from '../../lib/order-facts.js';
import { countDiscountUse, discountAnswer } from '../discounts/discounts.public.js';
import { claimSaleCredit, verifyCreditApproval } from '../customers/customers.public.js';
import {
  insertPayment,
  PAYMENT_NUMBERS,
  paymentEventData,
  paymentRow,
} from '../payments-received/payments-received.public.js';
import { applyStockMovements, type StockMovementInput } from '../products/products.public.js';
import { priceCart, quoteOf, type Cart, type PricedCart } from './cart-pricing.js';
import {
  assertOwnOfflineNumber,
  belowZeroIssues,
  checkOfflineSale,
  type OfflineVerdict,
} from './offline-sales.js';
import { publishOrderFacts } from './order-facts.js';
import { money } from './order-basics.js';
import { addNewOrder, ORDER_NUMBERS, toOrder } from './orders.repository.js';
import { orderItemsOf, orderRowOf, placedAudit, type OrderBody, type Sale } from './sale-rows.js';
import { awaitTransfer, transferAccountFor } from './till-transfers.js';

/** The payment mode a sale's payment type is recorded under in payments received. */
const PAYMENT_MODE_OF: Record<PaymentType, PaymentMode> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank_transfer',
  wallet: 'wallet',
  pos_terminal: 'card',
  other: 'other',
  // A sale on credit records what was paid at the till under `paid_with` (placeOrder).
  credit: 'other',
};

/** Prices a cart as an order would be priced, without placing it or counting a discount use. */
export async function quoteOrder(ctx: StoreContext, cart: Cart): Promise<OrderQuote> {
  return quoteOf(ctx, await priceCart(ctx.db, ctx, cart));
}

/**
 * Checks a code against a cart as an order would (dates, usage limit, minimum, what it applies
 * to) and prices the cart with it (`POST /discounts/validate`). Counts no use: the order does
 * that in its own transaction.
 */
export async function validateDiscount(
  ctx: StoreContext,
  body: z.output<typeof validateDiscountBody>,
): Promise<DiscountCheck> {
  const priced = await priceCart(ctx.db, ctx, body);
  const quote = quoteOf(ctx, priced);
  return { discount: discountAnswer(ctx, priced.discount!), amount: quote.discount, quote };
}

// Placing an order: its steps here, the rows it writes made from the sale in sale-rows.ts

/** What the customer paid and the change given back: only cash may be over-paid. */
function amountsPaid(
  ctx: StoreContext,
  body: OrderBody,
  total: number,
): { received: number; changeDue: number } {
  const offered = body.amount_received ?? 0;
  if (offered <= total) return { received: offered, changeDue: 0 };
  const tender = body.payment_type === 'credit' ? (body.paid_with ?? 'cash') : body.payment_type;
  if (tender !== 'cash' && !body.offline) {
    throw unprocessable(
      `The amount received (${money(ctx, offered)}) is more than the order total (${money(ctx, total)}). Only cash can be over-paid, with change given back.`,
      { amount_received: `At most ${money(ctx, total)}` },
    );
  }
  return { received: total, changeDue: offered - total };
}

/**
 * Takes the sale's stock through the ledger, into the sale's batch; an offline sale's verdict
 * may hold it (none taken) or let it go below zero (each such line then becomes an issue).
 */
async function takeStock(
  trx: Transaction<Database>,
  ctx: StoreContext,
  orderId: string,
  cart: PricedCart,
  verdict: OfflineVerdict | null,
  writes: InsertBatch,
): Promise<OfflineIssue[]> {
  const issues = verdict?.issues ?? [];
  if (verdict?.stock === 'hold') return issues;
  const movements: StockMovementInput[] = cart.lines.map((l) => ({
    productId: l.product.id,
    variantId: l.variant.id,
    change: -l.units,
    reason: 'sale',
    referenceType: 'order',
    referenceId: orderId,
  }));
  const results = await applyStockMovements(trx, ctx, movements, {
    ledger: writes,
    mayGoNegative: verdict?.stock === 'below_zero',
  });
  if (verdict) issues.push(...belowZeroIssues(cart, results));
  return issues;
}

/**
 * Works out a sale: its cart priced from the database (an offline sale at the till's prices and
 * checked against the store's records, decision 0036), what was paid, its status, its stock
 * taken and its discount use counted. Its numbers are stand-ins in `writes` (decision 0010).
 */
async function makeSale(
  trx: Transaction<Database>,
  ctx: StoreContext,
  body: OrderBody,
  writes: InsertBatch,
  tillOwner: string | undefined,
  approvedBy: SaleOnCredit['approvedBy'],
): Promise<Sale & { paymentNumber: string | undefined }> {
  const offline = body.offline ?? null;
  // Its number must be one of the caller's own till (decision 0047), before anything is read.
  if (offline) await assertOwnOfflineNumber(trx, ctx, offline.number, tillOwner);
  const cart = await priceCart(trx, ctx, body, offline ? { unitPrices: offline.unit_prices } : undefined);
  // A sale made offline is checked against the store's records, never refused for what changed
  // meanwhile: the customer has paid and gone.
  const verdict = offline ? await checkOfflineSale(trx, ctx, offline, cart) : null;
  const { received, changeDue } = amountsPaid(ctx, body, cart.priced.total);
  const credit =
    body.payment_type === 'credit' ? await saleOnCredit(trx, ctx, body, cart, received, approvedBy) : null;
  const channel: OrderChannel = body.channel ?? (ctx.actor.type === 'api_key' ? 'api' : 'dashboard');
  // A sale paid in full at the till is handed over there and then: it is complete; so is a sale
  // on credit (the rest is on the customer's account).
  // An offline sale whose stock is held waits, pending, for the merchant's decision.
  const status: OrderStatus =
    channel === 'pos' && (received === cart.priced.total || credit) && verdict?.stock !== 'hold'
      ? 'success'
      : 'pending';
  const id = newId();
  const issues = await takeStock(trx, ctx, id, cart, verdict, writes);
  if (credit?.message && offline)
    issues.push({ kind: 'credit_limit', product_id: null, message: credit.message });
  if (cart.discount && cart.discountUsable) await countDiscountUse(trx, ctx, cart.discount);
  // The order's number, and its payment's when money came with it: stand-ins until the batch is
  // flushed, which takes them in its own statement (decision 0010).
  const [number, paymentNumber] = writes.numbers(
    ctx.storeId,
    received > 0 ? [ORDER_NUMBERS, PAYMENT_NUMBERS] : [ORDER_NUMBERS],
  ) as [string, string | undefined];
  return {
    id,
    number,
    body,
    cart,
    channel,
    status,
    received,
    changeDue,
    verdict,
    issues,
    credit: credit && { used: credit.used, overLimit: credit.overLimit, approvedBy },
    paymentNumber,
  };
}

/**
 * A sale on credit checked against the customer's limit, the customer's row locked until the
 * sale commits, so sales at once on one account are checked one after the other (decision 0065).
 */
function saleOnCredit(
  trx: Transaction<Database>,
  ctx: StoreContext,
  body: OrderBody,
  cart: PricedCart,
  received: number,
  approvedBy: SaleOnCredit['approvedBy'],
) {
  return claimSaleCredit(trx, ctx, {
    customerId: cart.customer?.id ?? null,
    total: cart.priced.total,
    received,
    approved: approvedBy !== null,
    offline: Boolean(body.offline),
  });
}

/**
 * Places a sale in the caller's transaction. Its rows (ledger, order, lines, payment, audit,
 * and what the order's subscribers add: the day's figures, the webhook outbox) are written
 * together at the end: one statement on PostgreSQL, together with taking the numbers (see
 * InsertBatch).
 */
async function placeOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  body: OrderBody,
  end: TransactionEnd,
  tillOwner: string | undefined,
  approvedBy: SaleOnCredit['approvedBy'],
): Promise<Order> {
  const writes = new InsertBatch();
  // A sale paid by a transfer the till waits for (decision 0065): checked before the sale is made.
  const account = await transferAccountFor(trx, ctx, body);
  const sale = await makeSale(trx, ctx, body, writes, tillOwner, approvedBy);
  const row = orderRowOf(ctx, sale);
  const items = orderItemsOf(ctx, sale);
  addNewOrder(writes, row, items);
  const transfer = account && awaitTransfer(ctx, row, account, writes);
  const paid =
    sale.received > 0
      ? paymentRow(ctx, {
          order: {
            id: sale.id,
            number: sale.number,
            customerId: row.customer_id,
            customerName: row.customer_name,
          },
          amount: sale.received,
          mode: PAYMENT_MODE_OF[
            body.payment_type === 'credit' ? (body.paid_with ?? 'cash') : body.payment_type
          ],
          source: 'order',
          number: sale.paymentNumber!,
        })
      : null;
  if (paid) writes.add('payments_received', [paid]);
  writes.add('audits', [placedAudit(ctx, sale, row, items)]);
  // The answer is made before the flush, with the number's stand-in, so the stored answer of an
  // idempotent request joins the batch (the stand-in is replaced there too) and the batch's
  // statement commits. Nothing after the flush may fail: the sale may be committed by then.
  const answer = toOrder(row, items, transfer);
  // The order's subscribers add their rows to the sale's batch (decision 0053): the day's sales
  // figures (decision 0031), the webhook outbox (decision 0034), whose payloads get the numbers
  // from the flush.
  const paidState = { payment_type: answer.payment_type, payment_state: answer.payment_state };
  await publishOrderFacts(ctx.deps.orderFacts, { trx, ctx, batch: writes }, [
    { kind: 'placed', order: answer, lines: items, shiftId: body.shift_id ?? null, credit: sale.credit },
    ...(paid ? [{ kind: 'paid' as const, payment: paymentEventData(paid), order: paidState }] : []),
  ]);
  const creditUsed = sale.credit?.used ?? 0;
  if (!creditUsed) {
    const numbers = await writes.flush(trx, end.finishIn(writes, 201, answer));
    answer.number = numbers.get(ORDER_NUMBERS.counter)!;
    return answer;
  }
  // Credit held spent on the sale is a payment of its own, with its own number: a batch takes
  // one number of each sequence, so it is written after the batch, before the transaction ends.
  const numbers = await writes.flush(trx);
  answer.number = numbers.get(ORDER_NUMBERS.counter)!;
  await insertPayment(trx, ctx, {
    order: {
      id: sale.id,
      number: answer.number,
      customerId: row.customer_id,
      customerName: row.customer_name,
    },
    amount: creditUsed,
    mode: 'other',
    reference: 'account credit',
    note: null,
    paymentDate: null,
    source: 'order',
  });
  return answer;
}

/**
 * Places an order in one transaction: prices from the database, the customer check, stock taken
 * by conditional updates with ledger rows, the discount use counted, the next `ORD-` number, the
 * payment received, the audit row. Any refusal rolls all of it back. With an `Idempotency-Key`,
 * a repeat returns the first answer and does nothing again. `tillOwner` names whose till an
 * offline sale comes from (`tillOwnerOf`): its number must be that till's (decision 0047).
 */
export async function createOrder(
  ctx: StoreContext,
  body: z.output<typeof createOrderBody>,
  idempotencyKey: string | undefined,
  tillOwner?: string,
): Promise<Outcome<Order>> {
  // When the till sent a sale is no part of the sale: a resend of it matches the first.
  const request = body.offline?.sent_at
    ? { ...body, offline: { ...body.offline, sent_at: undefined } }
    : body;
  // The approver's PIN is checked before the sale's transaction: its hash is slow to check.
  const approvedBy =
    body.payment_type === 'credit' && body.credit_approval
      ? await verifyCreditApproval(ctx, body.credit_approval)
      : null;
  return runIdempotent(ctx, idempotencyKey, 'order.create', request, async (trx, end) => ({
    status: 201,
    body: await placeOrder(trx, ctx, body, end, tillOwner, approvedBy),
  }));
}
