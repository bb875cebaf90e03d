import type { Invoice, InvoiceStore } from '@tillbook/contract/orders';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { assertCanMailOthers, consumeMailQuota, quoted } from '../../lib/outgoing-mail.js';
import { bumpCounter } from '../../lib/counters.js';
import { findCustomerForOrder } from '../customers/customers.public.js';
import { renderInvoicePdf, type InvoiceLayout } from './invoice-pdf.js';
import { formatMoney } from '../../lib/money-text.js';
import { invoiceNumber, ordersRepository, toOrder } from './orders.repository.js';
import type { OrdersTable } from './orders.tables.js';
import { payToAccount } from '../wallet/wallet.public.js';

export const INVOICE_SEQUENCE = 'invoices.number';

class AlreadyNumbered extends Error {}

/**
 * The order's invoice number, assigned from the store's `INV-` sequence the first time an invoice
 * is produced. The number is set by a conditional update in the transaction that takes it from
 * the sequence: when another request numbered the order first, this one rolls back, so the
 * sequence has no gaps and an order never gets two numbers.
 */
async function numberedOrder(ctx: StoreContext, id: string): Promise<OrdersTable> {
  const repo = ordersRepository(ctx.db, ctx.storeId);
  const row = await repo.getRow(id);
  if (!row) throw notFound('Order');
  if (row.invoice_number) return row;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const number = invoiceNumber(await bumpCounter(trx, ctx.storeId, INVOICE_SEQUENCE, 1));
      if (!(await ordersRepository(trx, ctx.storeId).setInvoiceNumber(id, number, ctx.now.toISOString()))) {
        throw new AlreadyNumbered();
      }
      await writeAudit(trx, ctx, {
        action: 'order.invoice_issued',
        entity: 'order',
        entityId: id,
        summary: `Invoice ${number} issued for order ${row.number}`,
        after: { invoice_number: number },
      });
    });
  } catch (error) {
    if (!(error instanceof AlreadyNumbered)) throw error;
  }
  return (await repo.getRow(id))!;
}

function storeOf(ctx: StoreContext): InvoiceStore {
  const s = ctx.access.store;
  return {
    business_name: s.business_name,
    address: s.address,
    city: s.city,
    state: s.state,
    country: s.country,
    phone_number: s.phone_number,
    email: s.email,
    website: s.website,
    logo_url: s.logo_url,
    tin: s.tin,
    registration_number: s.registration_number,
  };
}

/** The invoice of an order; a receipt once it is paid in full (and not cancelled). */
export async function getInvoice(ctx: StoreContext, id: string): Promise<Invoice> {
  const row = await numberedOrder(ctx, id);
  const order = toOrder(row, await ordersRepository(ctx.db, ctx.storeId).items([id]));
  return {
    kind: order.payment_state === 'paid' && order.status !== 'cancelled' ? 'receipt' : 'invoice',
    invoice_number: row.invoice_number!,
    issued_at: row.invoice_issued_at!,
    store: storeOf(ctx),
    order,
    balance_due: order.amount_outstanding,
    pay_to: await payToAccount(ctx.db, ctx.storeId),
  };
}

/** The store's logo file, when it has one in storage; an invoice without it is still an invoice. */
async function storeLogo(ctx: StoreContext): Promise<Buffer | null> {
  const url = ctx.access.store.logo_url;
  const name = url?.split('/').pop();
  if (!name || !/^[A-Za-z0-9_.-]+$/.test(name)) return null;
  try {
    return (await ctx.deps.storage.get(name))?.data ?? null;
  } catch (error) {
    ctx.deps.log.warn({ err: error, logo: url }, 'store logo unreadable; invoice made without it');
    return null;
  }
}

export interface InvoiceFile {
  filename: string;
  data: Buffer;
  invoice: Invoice;
}

export async function invoicePdf(ctx: StoreContext, id: string, layout: InvoiceLayout): Promise<InvoiceFile> {
  const invoice = await getInvoice(ctx, id);
  const data = await renderInvoicePdf({
    invoice,
    logo: await storeLogo(ctx),
    layout,
    timeZone: ctx.access.store.timezone,
  });
  const kind = invoice.kind === 'receipt' ? 'receipt' : 'invoice';
  return { filename: `${kind}-${invoice.invoice_number}.pdf`, data, invoice };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Mails the invoice (or receipt), with its PDF attached, to the order's customer: their current
 * email address, else the one they had when they ordered. 422 when there is none. The sender's
 * email must be verified, and the store and the recipient have allowances (decision 0020).
 */
export async function emailInvoice(
  ctx: StoreContext,
  id: string,
): Promise<{ to: string; invoice_number: string }> {
  assertCanMailOthers(ctx, 'emailing invoices');
  const row = await ordersRepository(ctx.db, ctx.storeId).getRow(id);
  if (!row) throw notFound('Order');
  if (!row.customer_id && !row.customer_email) {
    throw unprocessable(
      `Order ${row.number} is a walk-in sale with no customer to email. Print or download the invoice instead.`,
    );
  }
  const customer = row.customer_id ? await findCustomerForOrder(ctx.db, ctx, row.customer_id) : undefined;
  const to = customer?.email_address ?? row.customer_email;
  if (!to) {
    throw unprocessable(
      `${row.customer_name ?? 'This customer'} has no email address. Add one to their profile, then send the invoice again.`,
    );
  }
  await consumeMailQuota(ctx, 'invoice', to);
  const file = await invoicePdf(ctx, id, 'a4');
  const { invoice } = file;
  const o = invoice.order;
  const store = ctx.access.store;
  const m = (n: number) => formatMoney(n, o.currency);
  const word = invoice.kind === 'receipt' ? 'Receipt' : 'Invoice';
  const greeting = `Hello ${o.customer?.name ?? ''},`.replace(' ,', ',');
  const lines = [
    greeting,
    '',
    `Thank you for your order ${o.number} from the store ${quoted(store.business_name)}.`,
    `${word} ${invoice.invoice_number}: total ${m(o.total)}, received ${m(o.amount_received)}, balance due ${m(invoice.balance_due)}.`,
    '',
    `The ${word.toLowerCase()} is attached as a PDF.`,
    '',
    store.business_name,
    [store.phone_number, store.email].filter(Boolean).join(' · '),
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  try {
    await ctx.deps.mailer.send({
      to,
      // Only our own words and numbers: a store's name in a subject line reads as our message.
      subject: `${word} ${invoice.invoice_number} for order ${o.number}`,
      text: lines.join('\n'),
      html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
      attachments: [{ filename: file.filename, content: file.data, contentType: 'application/pdf' }],
    });
  } catch (error) {
    throw new AppError('UNAVAILABLE', 'The invoice could not be queued for sending. Try again shortly.', {
      cause: error,
    });
  }
  await writeAudit(ctx.db, ctx, {
    action: 'order.invoice_emailed',
    entity: 'order',
    entityId: id,
    summary: `${word} ${invoice.invoice_number} emailed to ${to}`,
    after: { to, invoice_number: invoice.invoice_number },
  });
  return { to, invoice_number: invoice.invoice_number };
}
