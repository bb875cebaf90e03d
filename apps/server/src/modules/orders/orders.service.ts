import {
  ORDER_TRANSITIONS,
  type createOrderBody,
  type customerOrdersQuery,
  type Order,
  type OrderChannel,
  type OrderDetail,
  type orderListQuery,
  type OrderQuote,
  type orderQuoteBody,
  type OrderRefund,
  type OrderStatus,
  type PaymentState,
  type PaymentType,
  type RefundResult,
  type refundOrderBody,
  type updateOrderStatusBody,
} from '@tillbook/contract/orders';
import { MANUAL_DISCOUNT_LIMIT_PERCENT } from '@tillbook/contract/constants';
import { PERMISSION_GROUPS } from '@tillbook/contract/permissions';
import type { PaymentMode } from '@tillbook/contract/payments-received';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { auditRow, writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome, type TransactionEnd } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import type { Page } from '../../lib/pagination.js';
import { endInstant, startInstant } from '../discounts/discount-dates.js';
import {
  applicableDiscount,
  countDiscountUse,
  releaseDiscountUse,
  type ApplicableDiscount,
} from '../discounts/discount-use.service.js';
import {
  PAYMENT_NUMBERS,
  paymentRow,
  paymentsOfOrder,
} from '../payments-received/payment-records.service.js';
import { findCustomerForOrder, type CustomerForOrder } from '../customers/customers.service.js';
import { getProductsForSale, type ProductForSale } from '../products/products.service.js';
import { applyStockMovements, type StockMovementInput } from '../products/stock.service.js';
import { formatMoney } from './money-text.js';
import { shippingChargeFor, taxRuleFor, type ShippingChoice } from './order-charges.js';
import { ORDER_NUMBERS, ordersRepository, toOrder, toRefund } from './orders.repository.js';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';
import { PricingError, priceOrder, shareOfUnits, type PricedOrder, type TaxRule } from './pricing.js';

type Db = Kysely<Database> | Transaction<Database>;
type Cart = z.output<typeof orderQuoteBody>;

/** The payment mode a sale's payment type is recorded under in payments received. */
const PAYMENT_MODE_OF: Record<PaymentType, PaymentMode> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank_transfer',
  wallet: 'wallet',
  pos_terminal: 'card',
  other: 'other',
};

const STATUS_WORD: Record<OrderStatus, string> = {
  pending: 'pending',
  processing: 'processing',
  success: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

const customerName = (c: Pick<CustomerForOrder, 'first_name' | 'last_name'>) =>
  `${c.first_name} ${c.last_name}`.trim();

/**
 * What is owed and the payment state, from the order's money: the value still sold
 * (`total − refunded_total`) against the money kept (`amount_received − amount_refunded`).
 */
export function balanceOf(o: {
  total: number;
  refunded_total: number;
  amount_received: number;
  amount_refunded: number;
}): { outstanding: number; state: PaymentState } {
  const net = o.total - o.refunded_total;
  const kept = o.amount_received - o.amount_refunded;
  const outstanding = Math.max(0, net - kept);
  let state: PaymentState;
  if (outstanding > 0) state = kept > 0 ? 'partially_paid' : 'unpaid';
  else state = net > 0 || o.amount_received > 0 || o.total === 0 ? 'paid' : 'unpaid';
  return { outstanding, state };
}

const DISCOUNT_OVERRIDE_LABEL = PERMISSION_GROUPS.flatMap(
  (g): ReadonlyArray<{ key: string; label: string }> => g.permissions,
).find((p) => p.key === 'orders.discount_override')!.label;

const money = (ctx: StoreContext, minor: number) => formatMoney(minor, ctx.access.store.currency);

// Pricing a cart

interface PricedCart {
  customer: CustomerForOrder | null;
  lines: Array<{ product: ProductForSale; quantity: number; unitPrice: number; discount: number }>;
  discount: ApplicableDiscount | null;
  shipping: ShippingChoice | null;
  tax: TaxRule | null;
  priced: PricedOrder;
}

/** The price a product sells at: its sale price when it has one (a sale price of 0 means none). */
const sellingPrice = (p: ProductForSale) =>
  p.sale_price != null && p.sale_price > 0 && p.sale_price < p.price ? p.sale_price : p.price;

async function customerOr404(db: Db, ctx: StoreContext, id: string): Promise<CustomerForOrder> {
  const customer = await findCustomerForOrder(db, ctx, id);
  if (!customer) {
    throw new AppError('NOT_FOUND', 'Customer not found', {
      fields: { customer_id: 'There is no such customer in this store' },
    });
  }
  return customer;
}

/**
 * A line discount above MANUAL_DISCOUNT_LIMIT_PERCENT of its line needs
 * `orders.discount_override` (decision 0019): a till is not a place to give goods away.
 * Checked for quotes too, so the till shows the refusal next to the line before the sale.
 */
function checkManualDiscounts(
  ctx: StoreContext,
  lines: Array<{ product: ProductForSale; quantity: number; unitPrice: number; discount: number }>,
): void {
  if (ctx.access.permissions.has('orders.discount_override')) return;
  lines.forEach((line, i) => {
    const gross = line.unitPrice * line.quantity;
    const allowed = Math.floor((gross * MANUAL_DISCOUNT_LIMIT_PERCENT) / 100);
    if (line.discount <= allowed) return;
    throw new AppError(
      'FORBIDDEN',
      `A discount of more than ${MANUAL_DISCOUNT_LIMIT_PERCENT}% on "${line.product.name}" needs the permission "${DISCOUNT_OVERRIDE_LABEL}" (orders.discount_override). Ask a manager to give it.`,
      { fields: { [`items.${i}.discount`]: `At most ${money(ctx, allowed)} without a manager` } },
    );
  });
}

/**
 * Everything the server decides about a cart: the customer may buy, the products exist and are
 * on sale, their current prices, the discount code, the shipping rate and the tax rule, and the
 * totals. Used for a quote and, inside the order's transaction, for the order itself.
 */
async function priceCart(db: Db, ctx: StoreContext, cart: Cart): Promise<PricedCart> {
  let customer: CustomerForOrder | null = null;
  if (cart.customer_id) {
    customer = await customerOr404(db, ctx, cart.customer_id);
    if (!customer.is_active) {
      throw conflict(
        `${customerName(customer)} is blocked and cannot be put on a new order. Unblock the customer to sell to them.`,
        { customer_id: 'This customer is blocked' },
      );
    }
  }

  const products = new Map(
    (await getProductsForSale(db, ctx, [...new Set(cart.items.map((i) => i.product_id))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const missing: Record<string, string> = {};
  const archived: Record<string, string> = {};
  cart.items.forEach((item, i) => {
    const product = products.get(item.product_id);
    if (!product) missing[`items.${i}.product_id`] = 'This product does not exist';
    else if (product.status !== 'active') archived[`items.${i}.product_id`] = `"${product.name}" is archived`;
  });
  if (Object.keys(missing).length) throw new AppError('NOT_FOUND', 'Product not found', { fields: missing });
  if (Object.keys(archived).length) {
    throw unprocessable(
      `${Object.values(archived).join(', ')} and cannot be sold. Make it active again to sell it.`,
      archived,
    );
  }

  const discount = cart.discount_code ? await applicableDiscount(db, ctx, cart.discount_code) : null;
  const shipping = cart.shipping_id ? await shippingChargeFor(db, ctx, cart.shipping_id) : null;
  const store = ctx.access.store;
  const tax = await taxRuleFor(db, ctx, {
    country: customer?.country ?? store.country,
    state: customer?.state ?? store.state,
  });

  const lines = cart.items.map((item) => {
    const product = products.get(item.product_id)!;
    return {
      product,
      quantity: item.quantity,
      unitPrice: sellingPrice(product),
      discount: item.discount ?? 0,
    };
  });
  checkManualDiscounts(ctx, lines);
  try {
    const priced = priceOrder({
      lines: lines.map((l) => ({
        productId: l.product.id,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        categoryIds: l.product.category_ids,
      })),
      discount: discount?.rule ?? null,
      tax,
      shipping,
    });
    return { customer, lines, discount, shipping, tax, priced };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const p = error.problem;
    switch (p.kind) {
      case 'line_discount_too_large': {
        const name = lines[p.line]!.product.name;
        throw unprocessable(`The discount on "${name}" is more than the line's ${money(ctx, p.gross)}.`, {
          [`items.${p.line}.discount`]: `At most ${money(ctx, p.gross)}`,
        });
      }
      case 'minimum_not_met':
        throw unprocessable(
          `The discount code "${discount!.code}" needs an order of at least ${money(ctx, p.minimum)}; this cart comes to ${money(ctx, p.subtotal)}.`,
          { discount_code: `Needs an order of at least ${money(ctx, p.minimum)}` },
        );
      case 'not_applicable':
        throw unprocessable(
          `The discount code "${discount!.code}" does not apply to any item in this cart.`,
          {
            discount_code: 'Does not apply to these items',
          },
        );
      case 'too_large':
        throw unprocessable('The order is too large. Split it into smaller orders.', {
          items: 'The order total is too large',
        });
    }
  }
}

function quoteOf(ctx: StoreContext, cart: PricedCart): OrderQuote {
  const p = cart.priced;
  return {
    items: cart.lines.map((l, i) => ({
      product_id: l.product.id,
      name: l.product.name,
      sku: l.product.sku,
      unit_price: l.unitPrice,
      list_price: l.product.price,
      quantity: l.quantity,
      discount: p.lines[i]!.discount,
      total: p.lines[i]!.total,
      order_discount: p.lines[i]!.orderDiscount,
      tax: p.lines[i]!.tax,
    })),
    items_count: cart.lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: p.subtotal,
    discount: p.discount,
    discount_code: cart.discount?.code ?? null,
    tax: p.tax,
    taxes: p.taxes.map((t) => ({ name: t.name, rate: t.rateBp / 100, amount: t.amount })),
    tax_inclusive: p.taxInclusive,
    shipping: p.shipping,
    shipping_name: cart.shipping?.name ?? null,
    total: p.total,
    currency: ctx.access.store.currency,
  };
}

/** Prices a cart as an order would be priced, without placing it or counting a discount use. */
export async function quoteOrder(ctx: StoreContext, cart: Cart): Promise<OrderQuote> {
  return quoteOf(ctx, await priceCart(ctx.db, ctx, cart));
}

/** A cart priced with a discount code, for `POST /discounts/validate`. */
export async function quoteWithDiscount(
  ctx: StoreContext,
  cart: Cart,
): Promise<{ discount: ApplicableDiscount | null; quote: OrderQuote }> {
  const priced = await priceCart(ctx.db, ctx, cart);
  return { discount: priced.discount, quote: quoteOf(ctx, priced) };
}

// Placing an order

async function placeOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  body: z.output<typeof createOrderBody>,
  end: TransactionEnd,
): Promise<Order> {
  const cart = await priceCart(trx, ctx, body);
  const { priced } = cart;
  const offered = body.amount_received ?? 0;
  let received = offered;
  let changeDue = 0;
  if (offered > priced.total) {
    if (body.payment_type !== 'cash') {
      throw unprocessable(
        `The amount received (${money(ctx, offered)}) is more than the order total (${money(ctx, priced.total)}). Only cash can be over-paid, with change given back.`,
        { amount_received: `At most ${money(ctx, priced.total)}` },
      );
    }
    received = priced.total;
    changeDue = offered - priced.total;
  }
  const channel: OrderChannel = body.channel ?? (ctx.actor.type === 'api_key' ? 'api' : 'dashboard');
  // A sale paid in full at the till is handed over there and then: it is complete.
  const status: OrderStatus = channel === 'pos' && received === priced.total ? 'success' : 'pending';

  const id = newId();
  const movements: StockMovementInput[] = cart.lines.map((l) => ({
    productId: l.product.id,
    change: -l.quantity,
    reason: 'sale',
    referenceType: 'order',
    referenceId: id,
  }));
  // The sale's rows (ledger, order, lines, payment, audit) are written together at the end: one
  // statement on PostgreSQL, together with taking the numbers (see InsertBatch).
  const writes = new InsertBatch();
  await applyStockMovements(trx, ctx, movements, { ledger: writes });
  if (cart.discount) await countDiscountUse(trx, ctx, cart.discount);

  // The order's number, and its payment's when money came with it: stand-ins until the batch is
  // flushed, which takes them in its own statement (decision 0010).
  const [number, payment] = writes.numbers(
    ctx.storeId,
    received > 0 ? [ORDER_NUMBERS, PAYMENT_NUMBERS] : [ORDER_NUMBERS],
  ) as [string, string | undefined];
  const now = ctx.now.toISOString();
  const balance = balanceOf({
    total: priced.total,
    refunded_total: 0,
    amount_received: received,
    amount_refunded: 0,
  });
  const customer = cart.customer;
  const row: OrdersTable = {
    id,
    store_id: ctx.storeId,
    number,
    status,
    payment_state: balance.state,
    channel,
    payment_type: body.payment_type,
    customer_id: customer?.id ?? null,
    customer_name: customer ? customerName(customer) : null,
    customer_phone: customer?.phone_number ?? null,
    customer_email: customer?.email_address ?? null,
    subtotal: priced.subtotal,
    discount: priced.discount,
    discount_id: cart.discount?.id ?? null,
    discount_code: cart.discount?.code ?? null,
    tax: priced.tax,
    taxes: JSON.stringify(priced.taxes.map((t) => ({ name: t.name, rate_bp: t.rateBp, amount: t.amount }))),
    tax_inclusive: priced.taxInclusive ? 1 : 0,
    shipping: priced.shipping,
    shipping_id: cart.shipping?.id ?? null,
    shipping_name: cart.shipping?.name ?? null,
    total: priced.total,
    amount_received: received,
    amount_outstanding: balance.outstanding,
    change_due: changeDue,
    refunded_total: 0,
    amount_refunded: 0,
    currency: ctx.access.store.currency,
    notes: body.notes ?? null,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    invoice_number: null,
    invoice_issued_at: null,
    created_at: now,
    updated_at: now,
    completed_at: status === 'success' ? now : null,
    cancelled_at: null,
    refunded_at: null,
  };
  const items: OrderItemsTable[] = cart.lines.map((l, i) => ({
    id: newId(),
    store_id: ctx.storeId,
    order_id: id,
    line_no: i + 1,
    product_id: l.product.id,
    name: l.product.name,
    sku: l.product.sku,
    unit_price: l.unitPrice,
    list_price: l.product.price,
    cost_price: l.product.cost_price,
    quantity: l.quantity,
    discount: priced.lines[i]!.discount,
    total: priced.lines[i]!.total,
    order_discount: priced.lines[i]!.orderDiscount,
    tax: priced.lines[i]!.tax,
    quantity_refunded: 0,
  }));
  writes.add('orders', [row]).add('order_items', items);
  if (received > 0) {
    writes.add('payments_received', [
      paymentRow(ctx, {
        order: { id, number, customerId: row.customer_id, customerName: row.customer_name },
        amount: received,
        mode: PAYMENT_MODE_OF[body.payment_type],
        source: 'order',
        number: payment!,
      }),
    ]);
  }
  writes.add('audits', [
    auditRow(ctx, {
      action: 'order.created',
      entity: 'order',
      entityId: id,
      summary: `Order ${number} placed: ${money(ctx, priced.total)}, ${STATUS_WORD[status]}`,
      after: {
        number,
        status,
        customer_id: row.customer_id,
        total: priced.total,
        discount_code: row.discount_code,
        amount_received: received,
        items: items.map((it) => ({ product_id: it.product_id, quantity: it.quantity, total: it.total })),
      },
    }),
  ]);
  // The answer is made before the flush, with the number's stand-in, so the stored answer of an
  // idempotent request joins the batch (the stand-in is replaced there too) and the batch's
  // statement commits. Nothing after the flush may fail: the sale may be committed by then.
  const answer = toOrder(row, items);
  const numbers = await writes.flush(trx, end.finishIn(writes, 201, answer));
  answer.number = numbers.get(ORDER_NUMBERS.counter)!;
  return answer;
}

/**
 * Places an order in one transaction: prices from the database, the customer check, stock taken
 * by conditional updates with ledger rows, the discount use counted, the next `ORD-` number, the
 * payment received, the audit row. Any refusal rolls all of it back. With an `Idempotency-Key`,
 * a repeat returns the first answer and does nothing again.
 */
export async function createOrder(
  ctx: StoreContext,
  body: z.output<typeof createOrderBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<Order>> {
  return runIdempotent(ctx, idempotencyKey, 'order.create', body, async (trx, end) => ({
    status: 201,
    body: await placeOrder(trx, ctx, body, end),
  }));
}

// Reading

function dateRange(ctx: StoreContext, q: { from?: string | undefined; to?: string | undefined }) {
  const tz = ctx.access.store.timezone;
  return { from: startInstant(q.from, tz) ?? undefined, to: endInstant(q.to, tz) ?? undefined };
}

export async function listOrders(
  ctx: StoreContext,
  q: z.output<typeof orderListQuery>,
): Promise<Page<Order>> {
  return ordersRepository(ctx.db, ctx.storeId).list({ ...q, ...dateRange(ctx, q) });
}

async function orderRowOr404(db: Db, ctx: StoreContext, id: string): Promise<OrdersTable> {
  const row = await ordersRepository(db, ctx.storeId).getRow(id);
  if (!row) throw notFound('Order');
  return row;
}

export async function getOrder(ctx: StoreContext, id: string): Promise<OrderDetail> {
  const repo = ordersRepository(ctx.db, ctx.storeId);
  const order = await repo.get(id);
  if (!order) throw notFound('Order');
  const [payments, refunds, history] = await Promise.all([
    paymentsOfOrder(ctx.db, ctx, id),
    repo.refunds(id),
    repo.history(id),
  ]);
  return { ...order, payments, refunds: refunds.map(toRefund), history };
}

/** An order as an order (no payments or history), for invoices and other areas. */
export async function getOrderSummary(ctx: StoreContext, id: string): Promise<Order> {
  const order = await ordersRepository(ctx.db, ctx.storeId).get(id);
  if (!order) throw notFound('Order');
  return order;
}

// Status changes, cancellation and refunds

const changedMeanwhile = (row: OrdersTable) =>
  conflict(`Order ${row.number} was changed by someone else just now. Reload it and try again.`);

function refusedTransition(row: OrdersTable, to: OrderStatus): AppError {
  const from = row.status;
  if (from === to)
    return conflict(`Order ${row.number} is already ${STATUS_WORD[from]}.`, { status: `Already ${from}` });
  const next = ORDER_TRANSITIONS[from];
  const hint = next.length
    ? ` From ${from} it can go to ${next.join(' or ')}.`
    : ` A ${STATUS_WORD[from]} order cannot change status.`;
  return conflict(`Order ${row.number} is ${from}; it cannot be moved to ${to}.${hint}`, {
    status: `Not allowed from ${from}`,
  });
}

/** Products of some lines that still exist (a line may name a product deleted since). */
async function existingProducts(trx: Transaction<Database>, ctx: StoreContext, ids: string[]) {
  return new Set((await getProductsForSale(trx, ctx, [...new Set(ids)])).map((p) => p.id));
}

async function returnStock(
  trx: Transaction<Database>,
  ctx: StoreContext,
  orderId: string,
  lines: Array<{ productId: string; quantity: number }>,
  reason: 'cancellation' | 'refund',
): Promise<void> {
  const existing = await existingProducts(
    trx,
    ctx,
    lines.map((l) => l.productId),
  );
  const movements = lines
    .filter((l) => l.quantity > 0 && existing.has(l.productId))
    .map((l) => ({
      productId: l.productId,
      change: l.quantity,
      reason,
      referenceType: 'order',
      referenceId: orderId,
    }));
  if (movements.length) await applyStockMovements(trx, ctx, movements);
}

async function cancelOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  reason: string | null,
): Promise<OrdersTable> {
  const repo = ordersRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  const total = Number(row.total);
  const received = Number(row.amount_received);
  const kept = received - Number(row.amount_refunded);
  const after = {
    total,
    refunded_total: total,
    amount_received: received,
    amount_refunded: received,
  };
  const balance = balanceOf(after);
  const patch: Partial<OrdersTable> = {
    status: 'cancelled',
    refunded_total: total,
    amount_refunded: received,
    amount_outstanding: balance.outstanding,
    payment_state: balance.state,
    cancelled_at: now,
    updated_at: now,
  };
  if (
    !(await repo.updateIf(row.id, { status: row.status, refunded_total: Number(row.refunded_total) }, patch))
  ) {
    throw changedMeanwhile(row);
  }
  const items = await repo.items([row.id]);
  await returnStock(
    trx,
    ctx,
    row.id,
    items.map((i) => ({
      productId: i.product_id,
      quantity: Number(i.quantity) - Number(i.quantity_refunded),
    })),
    'cancellation',
  );
  if (row.discount_id) await releaseDiscountUse(trx, ctx, row.discount_id);
  if (kept > 0) {
    await repo.insertRefund({
      id: newId(),
      store_id: ctx.storeId,
      order_id: row.id,
      reason: reason ?? 'Order cancelled',
      value: total - Number(row.refunded_total),
      amount: kept,
      items: JSON.stringify(
        items.map((i) => ({
          product_id: i.product_id,
          name: i.name,
          quantity: Number(i.quantity) - Number(i.quantity_refunded),
          value: Number(i.total) - Number(i.order_discount) + (row.tax_inclusive ? 0 : Number(i.tax)),
        })),
      ),
      created_by_id: ctx.actor.id,
      created_by_name: ctx.actor.name,
      created_at: now,
    });
  }
  return { ...row, ...patch } as OrdersTable;
}

/** What a line is worth to the customer: its total less its share of the discount, plus its tax. */
const lineValue = (item: OrderItemsTable, taxInclusive: boolean) =>
  Number(item.total) - Number(item.order_discount) + (taxInclusive ? 0 : Number(item.tax));

/**
 * Refunds units of a completed order (all that is left when `requested` is null): stock comes
 * back through the ledger, the order's refunded value grows, and money is paid back to the extent
 * the customer has now paid more than the order is worth. The last refund of an order includes
 * its shipping and moves it to `refunded`.
 */
async function refundLines(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  requested: Array<{ product_id: string; quantity: number }> | null,
  reason: string,
): Promise<{ row: OrdersTable; refund: OrderRefund }> {
  if (row.status !== 'success') {
    throw conflict(
      row.status === 'refunded'
        ? `Order ${row.number} is already refunded in full.`
        : `Only completed orders can be refunded; order ${row.number} is ${row.status}.${row.status === 'pending' || row.status === 'processing' ? ' Cancel it instead.' : ''}`,
    );
  }
  const repo = ordersRepository(trx, ctx.storeId);
  const items = await repo.items([row.id]);
  const left = (i: OrderItemsTable) => Number(i.quantity) - Number(i.quantity_refunded);
  const take = new Map<string, number>();
  if (requested) {
    const problems: Record<string, string> = {};
    const sentences: string[] = [];
    requested.forEach((r, index) => {
      const lines = items.filter((i) => i.product_id === r.product_id);
      if (!lines.length) {
        problems[`items.${index}.product_id`] = 'This product is not on the order';
        sentences.push(`A product of the refund is not on order ${row.number}`);
        return;
      }
      const available = lines.reduce((s, i) => s + left(i), 0);
      if (r.quantity > available) {
        problems[`items.${index}.quantity`] = `Only ${available} can be refunded`;
        sentences.push(`Only ${available} of "${lines[0]!.name}" can be refunded`);
        return;
      }
      let wanted = r.quantity;
      for (const line of lines) {
        const k = Math.min(wanted, left(line));
        if (k > 0) take.set(line.id, k);
        wanted -= k;
      }
    });
    if (sentences.length) throw unprocessable(`${sentences.join('. ')}.`, problems);
  } else {
    for (const item of items) if (left(item) > 0) take.set(item.id, left(item));
  }

  const inclusive = row.tax_inclusive === 1;
  const full = items.every((i) => left(i) === (take.get(i.id) ?? 0));
  let value = 0;
  const refundItems: OrderRefund['items'] = [];
  for (const item of items) {
    const k = take.get(item.id);
    if (!k) continue;
    const v = shareOfUnits(
      lineValue(item, inclusive),
      Number(item.quantity),
      Number(item.quantity_refunded),
      k,
    );
    value += v;
    refundItems.push({ product_id: item.product_id, name: item.name, quantity: k, value: v });
  }
  const total = Number(row.total);
  const refundedBefore = Number(row.refunded_total);
  // The last refund settles the order exactly, shipping included.
  if (full) value = total - refundedBefore;

  const received = Number(row.amount_received);
  const refundedMoney = Number(row.amount_refunded);
  const kept = received - refundedMoney;
  const netAfter = total - refundedBefore - value;
  const amount = Math.max(0, kept - netAfter);
  const after = {
    total,
    refunded_total: refundedBefore + value,
    amount_received: received,
    amount_refunded: refundedMoney + amount,
  };
  const balance = balanceOf(after);
  const now = ctx.now.toISOString();
  const patch: Partial<OrdersTable> = {
    status: full ? 'refunded' : 'success',
    refunded_total: after.refunded_total,
    amount_refunded: after.amount_refunded,
    amount_outstanding: balance.outstanding,
    payment_state: balance.state,
    refunded_at: full ? now : row.refunded_at,
    updated_at: now,
  };
  if (!(await repo.updateIf(row.id, { status: 'success', refunded_total: refundedBefore }, patch))) {
    throw changedMeanwhile(row);
  }
  for (const [itemId, k] of take) {
    if (!(await repo.refundItem(itemId, k))) throw changedMeanwhile(row);
  }
  await returnStock(
    trx,
    ctx,
    row.id,
    items.filter((i) => take.has(i.id)).map((i) => ({ productId: i.product_id, quantity: take.get(i.id)! })),
    'refund',
  );
  const refundRow = {
    id: newId(),
    store_id: ctx.storeId,
    order_id: row.id,
    reason,
    value,
    amount,
    items: JSON.stringify(refundItems),
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: now,
  };
  await repo.insertRefund(refundRow);
  return { row: { ...row, ...patch } as OrdersTable, refund: toRefund(refundRow) };
}

/**
 * Moves an order along `ORDER_TRANSITIONS`; anything else is a 409 naming the current status.
 * Cancelling returns the stock and the money received and gives the discount use back;
 * `refunded` refunds everything left.
 */
export async function changeOrderStatus(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateOrderStatusBody>,
): Promise<Order> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = ordersRepository(trx, ctx.storeId);
    const row = await orderRowOr404(trx, ctx, id);
    const to = body.status;
    if (!ORDER_TRANSITIONS[row.status].includes(to)) throw refusedTransition(row, to);
    const now = ctx.now.toISOString();
    let updated: OrdersTable;
    if (to === 'cancelled') {
      updated = await cancelOrder(trx, ctx, row, body.reason ?? null);
    } else if (to === 'refunded') {
      updated = (await refundLines(trx, ctx, row, null, body.reason ?? 'Order refunded')).row;
    } else {
      const patch: Partial<OrdersTable> = { status: to, updated_at: now };
      if (to === 'success') patch.completed_at = now;
      if (!(await repo.updateIf(id, { status: row.status }, patch))) {
        const current = await orderRowOr404(trx, ctx, id);
        throw refusedTransition(current, to);
      }
      updated = { ...row, ...patch } as OrdersTable;
    }
    await writeAudit(trx, ctx, {
      action: `order.${to === 'success' ? 'completed' : to}`,
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number}: ${row.status} → ${to}${body.reason ? ` (${body.reason})` : ''}`,
      before: { status: row.status, amount_refunded: Number(row.amount_refunded) },
      after: { status: to, amount_refunded: Number(updated.amount_refunded) },
    });
    return toOrder(updated, await repo.items([id]));
  });
}

/** `POST /order/{id}/refund`: in full or by lines, with a reason; idempotent with a key. */
export async function refundOrder(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof refundOrderBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<RefundResult>> {
  return runIdempotent(ctx, idempotencyKey, `order.refund:${id}`, body, async (trx) => {
    const row = await orderRowOr404(trx, ctx, id);
    const { row: updated, refund } = await refundLines(trx, ctx, row, body.items ?? null, body.reason);
    const full = updated.status === 'refunded';
    await writeAudit(trx, ctx, {
      action: full ? 'order.refunded' : 'order.partially_refunded',
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number}: ${full ? 'refunded' : 'partly refunded'} ${money(ctx, refund.value)}, ${money(ctx, refund.amount)} paid back (${body.reason})`,
      before: { status: row.status, refunded_total: Number(row.refunded_total) },
      after: {
        status: updated.status,
        refunded_total: Number(updated.refunded_total),
        items: refund.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
      },
    });
    const items = await ordersRepository(trx, ctx.storeId).items([id]);
    return { status: 201, body: { order: toOrder(updated, items), refund } };
  });
}

// Payments (called by payments received)

export interface OrderPaymentIntake {
  order: { id: string; number: string; customerId: string | null; customerName: string | null };
  amount_received: number;
  amount_outstanding: number;
  payment_state: PaymentState;
}

/**
 * Raises an order's amount received inside the caller's transaction: one conditional update, so
 * two payments at once cannot take it past its total. 404 for an order of another store, 409
 * when it no longer takes payments, 422 when the amount is more than what is owed.
 */
export async function receiveOrderPayment(
  trx: Transaction<Database>,
  ctx: StoreContext,
  input: { orderId: string; amount: number; customerId?: string | null },
): Promise<OrderPaymentIntake> {
  const repo = ordersRepository(trx, ctx.storeId);
  const row = await repo.getRow(input.orderId);
  if (!row) {
    throw new AppError('NOT_FOUND', 'Order not found', {
      fields: { order_id: 'There is no such order in this store' },
    });
  }
  if (input.customerId && input.customerId !== row.customer_id) {
    throw unprocessable(`Order ${row.number} is not for this customer.`, {
      customer_id: 'This order belongs to another customer',
    });
  }
  const updated = await repo.receivePayment(row.id, input.amount, ctx.now.toISOString());
  if (!updated) {
    const current = (await repo.getRow(row.id))!;
    if (current.status === 'cancelled' || current.status === 'refunded') {
      throw conflict(`Order ${row.number} is ${current.status}; it cannot take payments.`);
    }
    const outstanding = Number(current.amount_outstanding);
    if (outstanding === 0) {
      throw unprocessable(`Order ${row.number} is already paid in full.`, {
        amount: 'Nothing is owed on this order',
      });
    }
    throw unprocessable(
      `The amount (${money(ctx, input.amount)}) is more than the ${money(ctx, outstanding)} outstanding on order ${row.number}.`,
      { amount: `At most ${money(ctx, outstanding)}` },
    );
  }
  return {
    order: { id: row.id, number: row.number, customerId: row.customer_id, customerName: row.customer_name },
    amount_received: Number(updated.amount_received),
    amount_outstanding: Number(updated.amount_outstanding),
    payment_state: updated.payment_state,
  };
}

// For other areas (wired by customers and products)

export interface CustomerOrderStats {
  orders_count: number;
  /** Completed orders less what was refunded on them. */
  total_spent: number;
  last_order_at: string | null;
}

/**
 * Orders count (cancelled ones left out), total spent and last order date of some customers, in
 * one query. Every requested id has an entry (zeros for a customer without orders).
 */
export async function customerOrderStats(
  db: Db,
  storeId: string,
  customerIds: string[],
): Promise<Map<string, CustomerOrderStats>> {
  const ids = [...new Set(customerIds)];
  const stats = new Map<string, CustomerOrderStats>(
    ids.map((id) => [id, { orders_count: 0, total_spent: 0, last_order_at: null }]),
  );
  for (const row of await ordersRepository(db, storeId).customerStats(ids)) {
    stats.set(row.customer_id!, {
      orders_count: Number(row.orders_count),
      total_spent: Number(row.total_spent ?? 0),
      last_order_at: (row.last_order_at as string | null) ?? null,
    });
  }
  return stats;
}

/** A customer's orders, newest first (`GET /order/customer/{id}`); 404 for another store's customer. */
export async function listCustomerOrders(
  ctx: StoreContext,
  customerId: string,
  q: z.output<typeof customerOrdersQuery>,
): Promise<Page<Order>> {
  await customerOr404(ctx.db, ctx, customerId);
  return ordersRepository(ctx.db, ctx.storeId).list({ ...q, customerId });
}

/**
 * A condition on a customer id column: the customer has at least `n` orders that were not
 * cancelled (for the customers module's "returning" filter).
 */
export function hasOrdersAtLeast(idColumn: string, storeId: string, n: number): Expression<SqlBool> {
  return sql<SqlBool>`(select count(*) from orders o where o.store_id = ${storeId} and o.customer_id = ${sql.ref(idColumn)} and o.status <> 'cancelled') >= ${n}`;
}

/**
 * Select-list columns `units_sold` and `revenue` of the product aliased `alias` (a row of
 * `products`): completed (and refunded) orders, net of refunded quantities. The product list
 * embeds them in its one page query, so showing sales costs no extra statement per page; each is
 * a probe of `order_items_product_idx`. The store is the product's own (`store_id` of the row),
 * so the text has no parameters and is built once per alias: the list is hot, and composing
 * SQL templates on every request cost more CPU than running these subqueries.
 */
export function productSalesColumns(alias: 'p'): RawBuilder<unknown> {
  return SALES_COLUMNS[alias];
}

const salesSubquery = (alias: string, expr: string) =>
  `(select coalesce(sum(${expr}), 0) from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id where i.store_id = ${alias}.store_id and i.product_id = ${alias}.id and i.quantity > 0 and o.status in ('success', 'refunded'))`;

const SALES_COLUMNS = {
  p: sql.raw(
    `${salesSubquery('p', 'i.quantity - i.quantity_refunded')} as units_sold, ${salesSubquery('p', 'i.total - (i.total * i.quantity_refunded) / i.quantity')} as revenue`,
  ),
};

/** The ids among `productIds` that appear on an order of the store (such products are archived, not deleted). */
export async function productIdsOnOrders(
  db: Db,
  storeId: string,
  productIds: string[],
): Promise<Set<string>> {
  return ordersRepository(db, storeId).productIdsOnOrders([...new Set(productIds)]);
}
