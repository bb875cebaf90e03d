import { encodeReceipt, receiptOfInvoice, type ReceiptWidth } from '@tillbook/contract/receipt-escpos';
import type { ShareResult, shareBody, shareStatementBody } from '@tillbook/contract/receipts';
import type { WalletTransaction } from '@tillbook/contract/wallet';
import { internationalPhone, smsUrl, whatsappUrl } from '@tillbook/contract/share-links';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { formatMoneySign } from '../../lib/money-text.js';
import { findCustomerForOrder, getAccount, statementPdf } from '../customers/customers.public.js';
import { findOrderRow, getInvoice, invoicePdf } from '../orders/orders.public.js';
import { findStore } from '../stores/stores.public.js';
import { walletTransactionOf } from '../wallet/wallet.public.js';
import { receiptPageHtml } from './receipt-page.js';
import {
  createReceiptLink,
  openReceiptLink,
  receiptSettings,
  revokeReceiptLinks,
} from './receipts.service.js';
import { statementPageHtml } from './statement-page.js';
import { maskedAccount, transferPageHtml } from './transfer-page.js';

/**
 * Receipts that travel (issue 35, decision 0066): a sale's receipt shared as a signed link with
 * wa.me and sms: links to the customer's number, opened by anyone holding it, and printed as
 * ESC/POS bytes.
 */

/** Where the shared pages live: the configured public address, else the address the caller used. */
export const receiptUrl = (ctx: RequestContext, origin: string, token: string) =>
  `${ctx.deps.config.PUBLIC_URL ?? origin}/api/v1/r/${token}`;

async function orderRowOr404(ctx: StoreContext, id: string) {
  const row = await findOrderRow(ctx, id);
  if (!row) throw notFound('Order');
  return row;
}

/** The number a share goes to: the one typed, else the record's; a typed one that is not a number is a 422. */
function shareNumber(
  ctx: StoreContext,
  typed: string | null | undefined,
  known: string | null,
): string | null {
  const given = typed ?? known;
  const phone = given ? internationalPhone(given, ctx.access.store.country) : null;
  if (typed && !phone) {
    throw unprocessable(`"${typed}" is not a phone number WhatsApp or SMS can reach.`, {
      phone: 'Type the number with its country code, like +234 803 123 4567',
    });
  }
  return phone;
}

export async function shareReceipt(
  ctx: StoreContext,
  orderId: string,
  body: z.output<typeof shareBody>,
  origin: string,
): Promise<ShareResult> {
  const row = await orderRowOr404(ctx, orderId);
  const phone = shareNumber(ctx, body.phone, row.customer_phone);
  const link = await createReceiptLink(ctx, {
    kind: 'order',
    entityId: row.id,
    channel: body.channel,
    phone,
  });
  const url = receiptUrl(ctx, origin, link.token);
  const store = ctx.access.store;
  const message = `Your receipt from ${store.business_name} for ${formatMoneySign(row.total, row.currency)} (order ${row.number}): ${url}`;
  await writeAudit(ctx.db, ctx, {
    action: 'order.receipt_shared',
    entity: 'order',
    entityId: row.id,
    summary: `Receipt of order ${row.number} shared by ${body.channel}${phone ? ` with +${phone}` : ''}`,
    after: { channel: body.channel, phone, expires_at: link.expiresAt },
  });
  return shareAnswer(url, link.expiresAt, phone, message);
}

/** What a share answers: the link, and the message ready for WhatsApp and SMS to `phone`. */
function shareAnswer(url: string, expiresAt: string, phone: string | null, message: string): ShareResult {
  return {
    url,
    expires_at: expiresAt,
    phone,
    message,
    whatsapp_url: whatsappUrl(message, phone),
    sms_url: smsUrl(message, phone),
  };
}

/**
 * A customer's statement of account as a signed link (decision 0066), or with `reminder` a
 * payment reminder naming what they owe: the message and its wa.me / sms: links to their number.
 */
export async function shareStatement(
  ctx: StoreContext,
  customerId: string,
  body: z.output<typeof shareStatementBody>,
  origin: string,
): Promise<ShareResult> {
  const customer = await findCustomerForOrder(ctx.db, ctx, customerId);
  if (!customer) throw notFound('Customer');
  const phone = shareNumber(ctx, body.phone, customer.phone_number);
  const account = await getAccount(ctx, customerId, { page: 1, perPage: 1 });
  const link = await createReceiptLink(ctx, {
    kind: 'statement',
    entityId: customerId,
    channel: body.channel,
    phone,
  });
  const url = receiptUrl(ctx, origin, link.token);
  const store = ctx.access.store;
  const owed = formatMoneySign(Math.max(0, account.balance), store.currency);
  const message =
    body.reminder && account.balance > 0
      ? `Hello ${customer.first_name}, a reminder from ${store.business_name}: you owe ${owed}. Your statement: ${url}`
      : `Your statement of account from ${store.business_name}: ${url}`;
  await writeAudit(ctx.db, ctx, {
    action: body.reminder ? 'customer.reminder_sent' : 'customer.statement_shared',
    entity: 'customer',
    entityId: customerId,
    summary: `${body.reminder ? 'Payment reminder' : 'Statement'} shared by ${body.channel}${phone ? ` with +${phone}` : ''}${body.reminder ? ` (owes ${owed})` : ''}`,
    after: { channel: body.channel, phone, reminder: body.reminder ?? false, expires_at: link.expiresAt },
  });
  return shareAnswer(url, link.expiresAt, phone, message);
}

/** A transfer out of the store's wallet (not a deposit, a fee or a plan payment), or 404 / 422. */
async function transferOr404(ctx: StoreContext, id: string): Promise<WalletTransaction> {
  const tx = await walletTransactionOf(ctx.db, ctx.storeId, id);
  if (!tx) throw notFound('Transaction');
  if (tx.type !== 'transfer') {
    throw unprocessable('Only a transfer to a bank account has a receipt to share.');
  }
  return tx;
}

/**
 * A wallet transfer's receipt as a signed link (decision 0066): for the supplier or landlord it
 * paid, to show the money went. The number is the one typed; the wallet knows none.
 */
export async function shareTransfer(
  ctx: StoreContext,
  transactionId: string,
  body: z.output<typeof shareBody>,
  origin: string,
): Promise<ShareResult> {
  const tx = await transferOr404(ctx, transactionId);
  const phone = shareNumber(ctx, body.phone, null);
  const link = await createReceiptLink(ctx, {
    kind: 'transfer',
    entityId: tx.id,
    channel: body.channel,
    phone,
  });
  const url = receiptUrl(ctx, origin, link.token);
  const store = ctx.access.store;
  const amount = formatMoneySign(tx.amount, store.currency);
  const message = `Transfer receipt from ${store.business_name}: ${amount} to ${tx.counterparty_name ?? 'your account'} (${tx.counterparty_bank_name ?? 'bank'} ${maskedAccount(tx.counterparty_account)}), reference ${tx.reference}: ${url}`;
  await writeAudit(ctx.db, ctx, {
    action: 'wallet.transfer_receipt_shared',
    entity: 'wallet_transaction',
    entityId: tx.id,
    summary: `Receipt of the ${amount} transfer ${tx.reference} shared by ${body.channel}${phone ? ` with +${phone}` : ''}`,
    after: { channel: body.channel, phone, expires_at: link.expiresAt },
  });
  return shareAnswer(url, link.expiresAt, phone, message);
}

export async function revokeShares(ctx: StoreContext, orderId: string): Promise<{ revoked: number }> {
  const row = await orderRowOr404(ctx, orderId);
  const revoked = await revokeReceiptLinks(ctx, 'order', row.id);
  await writeAudit(ctx.db, ctx, {
    action: 'order.receipt_links_revoked',
    entity: 'order',
    entityId: row.id,
    summary: `Shared links to the receipt of order ${row.number} closed (${revoked})`,
    after: { revoked },
  });
  return { revoked };
}

/** The receipt's words with the store's header, footer and choices, and its link for the QR code. */
async function receiptDocument(ctx: StoreContext, orderId: string, link: string | null) {
  const [invoice, settings] = await Promise.all([getInvoice(ctx, orderId), receiptSettings(ctx)]);
  const doc = receiptOfInvoice(invoice, {
    timeZone: ctx.access.store.timezone,
    headerText: settings.header_text,
    footerText: settings.footer_text,
    link,
  });
  if (!settings.show_cashier) doc.details = doc.details.filter(([label]) => label !== 'Cashier');
  if (!settings.show_customer) doc.details = doc.details.filter(([label]) => label !== 'Customer');
  return { doc, invoice, settings };
}

/** An order's receipt as ESC/POS bytes for a 58 or 80 mm printer, with its link's QR code. */
export async function receiptEscpos(
  ctx: StoreContext,
  orderId: string,
  options: { width: ReceiptWidth; drawer?: boolean },
  origin: string,
): Promise<{ data: Buffer; filename: string }> {
  const row = await orderRowOr404(ctx, orderId);
  const link = await createReceiptLink(ctx, {
    kind: 'order',
    entityId: row.id,
    channel: 'link',
    phone: null,
  });
  const { doc } = await receiptDocument(ctx, row.id, receiptUrl(ctx, origin, link.token));
  const bytes = encodeReceipt(doc, { width: options.width, drawer: options.drawer ?? false });
  return { data: Buffer.from(bytes), filename: `receipt-${row.number}-${options.width}mm.bin` };
}

/** The store a link belongs to, as the system sees it: reading its receipt and nothing else. */
async function linkContext(ctx: RequestContext, storeId: string): Promise<StoreContext> {
  const store = await findStore(ctx.db, storeId);
  if (!store) throw notFound('Receipt');
  return {
    ...ctx,
    actor: { type: 'system', id: null, name: 'Receipt link' },
    storeId,
    access: { store, membershipId: null, role: null, permissions: new Set() },
  };
}

/** The shared receipt's (or statement's) page: small, no script, no account (decision 0066). */
export async function receiptPage(ctx: RequestContext, token: string): Promise<string> {
  const link = await openReceiptLink(ctx, token);
  const store = await linkContext(ctx, link.storeId);
  if (link.kind === 'statement') {
    const customer = await findCustomerForOrder(store.db, store, link.entityId);
    if (!customer) throw notFound('Receipt');
    return statementPageHtml({
      storeName: store.access.store.business_name,
      storePhone: store.access.store.phone_number,
      customerName: `${customer.first_name} ${customer.last_name}`.trim(),
      account: await getAccount(store, link.entityId, { page: 1, perPage: 10 }),
      timeZone: store.access.store.timezone,
      pdfUrl: `${token}/receipt.pdf`,
    });
  }
  if (link.kind === 'transfer') {
    const transaction = await walletTransactionOf(store.db, store.storeId, link.entityId);
    if (!transaction) throw notFound('Receipt');
    return transferPageHtml({
      storeName: store.access.store.business_name,
      storePhone: store.access.store.phone_number,
      transaction,
      currency: store.access.store.currency,
      timeZone: store.access.store.timezone,
    });
  }
  const { invoice, settings } = await receiptDocument(store, link.entityId, null);
  return receiptPageHtml({
    invoice,
    settings,
    timeZone: store.access.store.timezone,
    pdfUrl: (layout) => `${token}/receipt.pdf${layout === 'receipt' ? '?layout=receipt' : ''}`,
  });
}

/** The shared receipt as a PDF, A4 or 80 mm. */
export async function receiptPagePdf(
  ctx: RequestContext,
  token: string,
  layout: 'a4' | 'receipt',
): Promise<{ filename: string; data: Buffer }> {
  const link = await openReceiptLink(ctx, token);
  const store = await linkContext(ctx, link.storeId);
  // A statement has one layout, A4; a transfer's receipt is its page alone.
  if (link.kind === 'statement') return statementPdf(store, link.entityId, {});
  if (link.kind === 'transfer') throw notFound('Receipt');
  return invoicePdf(store, link.entityId, layout);
}
