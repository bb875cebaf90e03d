import type { Invoice } from '@tillbook/contract/orders';
import { sniffImage } from '../../lib/image-type.js';
import { formatMoneySign } from '../../lib/money-text.js';

/** What both layouts of the invoice PDF (`invoice-pdf.ts`, `invoice-a4.ts`) share: inks, fonts, texts. */

export type InvoiceLayout = 'a4' | 'receipt';

export interface InvoicePdfInput {
  invoice: Invoice;
  /** The store's logo, when it has one the PDF can show (PNG or JPEG). */
  logo: Buffer | null;
  layout: InvoiceLayout;
  timeZone: string;
}

export { BOLD, dateText, INK, MUTED, pdfText, RECEIPT_WIDTH, REGULAR } from '../../lib/pdf-document.js';
export const BRAND = '#3F12C4';

export function storeLines(invoice: Invoice): string[] {
  const s = invoice.store;
  const place = [s.city, s.state, s.country].filter(Boolean).join(', ');
  return [
    s.address ?? '',
    place,
    [s.phone_number, s.email].filter(Boolean).join('  ·  '),
    s.website ?? '',
    s.tin ? `TIN ${s.tin}` : '',
    s.registration_number
      ? /^rc/i.test(s.registration_number)
        ? s.registration_number
        : `RC ${s.registration_number}`
      : '',
  ].filter(Boolean);
}

/** The totals block, label and amount per row, as both layouts print it. */
export function totalsRows(invoice: Invoice): Array<{ label: string; amount: string; strong?: boolean }> {
  const o = invoice.order;
  const m = (n: number) => formatMoneySign(n, o.currency);
  const rows: Array<{ label: string; amount: string; strong?: boolean }> = [
    { label: 'Subtotal', amount: m(o.subtotal) },
  ];
  if (o.discount > 0) {
    rows.push({
      label: `Discount${o.discount_code ? ` (${o.discount_code})` : ''}`,
      amount: `-${m(o.discount)}`,
    });
  }
  for (const t of o.taxes) {
    rows.push({ label: `${t.name} ${t.rate}%${o.tax_inclusive ? ' (included)' : ''}`, amount: m(t.amount) });
  }
  if (!o.taxes.length && o.tax > 0) rows.push({ label: 'Tax', amount: m(o.tax) });
  if (o.shipping > 0 || o.shipping_name) {
    rows.push({ label: `Shipping${o.shipping_name ? ` (${o.shipping_name})` : ''}`, amount: m(o.shipping) });
  }
  rows.push({ label: 'Total', amount: m(o.total), strong: true });
  rows.push({ label: 'Amount received', amount: m(o.amount_received) });
  if (o.change_due > 0) rows.push({ label: 'Change given', amount: m(o.change_due) });
  if (o.refunded_total > 0) rows.push({ label: 'Refunded', amount: `-${m(o.refunded_total)}` });
  if (o.amount_refunded > 0) rows.push({ label: 'Paid back', amount: m(o.amount_refunded) });
  rows.push({ label: 'Balance due', amount: m(invoice.balance_due), strong: true });
  return rows;
}

export function addLogo(
  doc: PDFKit.PDFDocument,
  logo: Buffer | null,
  x: number,
  y: number,
  w: number,
  h: number,
): number {
  if (!logo) return 0;
  const type = sniffImage(logo);
  if (!type || type.ext === 'webp') return 0;
  try {
    doc.image(logo, x, y, { fit: [w, h] });
    return h;
  } catch {
    // A damaged image file: the invoice is still worth having without it.
    return 0;
  }
}
