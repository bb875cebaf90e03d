import type { Invoice } from '@tillbook/contract/orders';
import { formatMoneySign } from '../../lib/money-text.js';
import { drawRule } from '../../lib/pdf-document.js';
import {
  addLogo,
  BOLD,
  BRAND,
  dateText,
  INK,
  MUTED,
  pdfText,
  REGULAR,
  storeLines,
  totalsRows,
  type InvoicePdfInput,
} from './invoice-pdf-parts.js';

/** Where the A4 layout prints: its margins and its money text. */
interface A4Frame {
  left: number;
  right: number;
  width: number;
  m: (n: number) => string;
}

/** The A4 invoice or receipt, block by block from the top; each block answers where it ended. */
export function renderA4(doc: PDFKit.PDFDocument, input: InvoicePdfInput): void {
  const left = 48;
  const right = doc.page.width - 48;
  const currency = input.invoice.order.currency;
  const f: A4Frame = { left, right, width: right - left, m: (n) => formatMoneySign(n, currency) };
  let y = a4Heading(doc, input, f);
  y = a4Customer(doc, input.invoice, f, y);
  y = a4Lines(doc, input.invoice, f, y);
  y = a4Totals(doc, input.invoice, f, y);
  a4Closing(doc, input.invoice, f, y);
}

/** The store (logo, name, address) on the left, the title and the document's facts on the right. */
function a4Heading(doc: PDFKit.PDFDocument, input: InvoicePdfInput, f: A4Frame): number {
  const { invoice, timeZone } = input;
  const o = invoice.order;
  const { left, right, width } = f;
  const title = invoice.kind === 'receipt' ? 'RECEIPT' : 'INVOICE';
  let y = 48;
  const logoHeight = addLogo(doc, input.logo, left, y, 140, 56);
  if (logoHeight) y += logoHeight + 8;
  doc
    .fillColor(INK)
    .font(BOLD)
    .fontSize(16)
    .text(pdfText(invoice.store.business_name), left, y, { width: 300 });
  y = doc.y + 2;
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of storeLines(invoice)) {
    doc.text(pdfText(line), left, y, { width: 300 });
    y = doc.y;
  }

  doc.font(BOLD).fontSize(22).fillColor(BRAND).text(title, left, 48, { width, align: 'right' });
  const meta: Array<[string, string]> = [
    [invoice.kind === 'receipt' ? 'Receipt no.' : 'Invoice no.', invoice.invoice_number],
    ['Order', o.number],
    ['Order date', dateText(o.created_at, timeZone)],
    ['Issued', dateText(invoice.issued_at, timeZone)],
    ['Status', o.status === 'success' ? 'completed' : o.status],
    ['Payment', o.payment_state.replace('_', ' ')],
  ];
  let my = doc.y + 4;
  doc.fontSize(9);
  for (const [label, value] of meta) {
    doc
      .font(REGULAR)
      .fillColor(MUTED)
      .text(label, right - 260, my, { width: 90, align: 'right' });
    doc
      .font(BOLD)
      .fillColor(INK)
      // Wide enough for a time with its offset on one line ("29 Nov 2026, 12:45 pm GMT+1").
      .text(pdfText(value), right - 165, my, { width: 165, align: 'right' });
    my += 13;
  }

  return Math.max(y, my);
}

/** Whom it was sold to. */
function a4Customer(doc: PDFKit.PDFDocument, invoice: Invoice, f: A4Frame, top: number): number {
  const o = invoice.order;
  const { left } = f;
  let y = top + 18;
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(MUTED)
    .text(invoice.kind === 'receipt' ? 'SOLD TO' : 'BILL TO', left, y);
  y = doc.y + 2;
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  const c = o.customer;
  const customerLines = c
    ? [c.name, c.phone_number ?? '', c.email_address ?? ''].filter(Boolean)
    : ['Walk-in customer'];
  for (const line of customerLines) {
    doc.text(pdfText(line), left, y, { width: 300 });
    y = doc.y;
  }

  return y;
}

/** The lines, a new page (with the header again) when one does not fit. */
function a4Lines(doc: PDFKit.PDFDocument, invoice: Invoice, f: A4Frame, top: number): number {
  const o = invoice.order;
  const { left, right, width, m } = f;
  let y = top;
  const cols = [
    { label: 'Item', x: left, w: width - 330, align: 'left' as const },
    { label: 'Qty', x: right - 330, w: 50, align: 'right' as const },
    { label: 'Unit price', x: right - 275, w: 85, align: 'right' as const },
    { label: 'Discount', x: right - 185, w: 80, align: 'right' as const },
    { label: 'Amount', x: right - 100, w: 100, align: 'right' as const },
  ];
  const header = (at: number) => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    for (const col of cols) doc.text(col.label, col.x, at, { width: col.w, align: col.align });
    drawRule(doc, left, right - left, at + 14, 1);
    return at + 20;
  };
  y = header(y + 18);
  const bottom = doc.page.height - 60;
  for (const item of o.items) {
    const name = pdfText(item.sku ? `${item.name}  (${item.sku})` : item.name);
    doc.font(REGULAR).fontSize(10);
    const rowHeight = Math.max(14, doc.heightOfString(name, { width: cols[0]!.w }));
    if (y + rowHeight > bottom) {
      doc.addPage();
      y = header(48);
    }
    doc.fillColor(INK).text(name, cols[0]!.x, y, { width: cols[0]!.w });
    const cells = [
      String(item.quantity) + (item.quantity_refunded ? ` (${item.quantity_refunded} refunded)` : ''),
      m(item.unit_price),
      item.discount ? `-${m(item.discount)}` : '',
      m(item.total),
    ];
    cells.forEach((cell, i) => {
      const col = cols[i + 1]!;
      doc.text(cell, col.x, y, { width: col.w, align: col.align });
    });
    y += rowHeight + 6;
    drawRule(doc, left, right - left, y - 3);
  }

  return y;
}

/** The totals block, on a new page when it does not fit; `PAID` beside it on a receipt. */
function a4Totals(doc: PDFKit.PDFDocument, invoice: Invoice, f: A4Frame, top: number): number {
  const { left, right } = f;
  const bottom = doc.page.height - 60;
  let y = top;
  const rows = totalsRows(invoice);
  if (y + rows.length * 16 + 40 > bottom) {
    doc.addPage();
    y = 48;
  }
  y += 10;
  for (const row of rows) {
    doc
      .font(row.strong ? BOLD : REGULAR)
      .fontSize(row.strong ? 11 : 10)
      .fillColor(INK);
    doc.text(pdfText(row.label), right - 300, y, { width: 180, align: 'right' });
    doc.text(row.amount, right - 110, y, { width: 110, align: 'right' });
    y += row.strong ? 18 : 15;
  }
  if (invoice.kind === 'receipt') {
    doc
      .font(BOLD)
      .fontSize(14)
      .fillColor('#10AA69')
      .text('PAID', left, y - 40, { width: 200 });
  }

  return y;
}

/** Where to pay while money is due, the order's notes, and the thanks at the foot of the page. */
function a4Closing(doc: PDFKit.PDFDocument, invoice: Invoice, f: A4Frame, top: number): void {
  const o = invoice.order;
  const { left, width } = f;
  let y = top;
  const block = (title: string, text: string) => {
    y += 16;
    doc.font(BOLD).fontSize(9).fillColor(MUTED).text(title, left, y);
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(pdfText(text), left, doc.y + 2, { width });
    y = doc.y;
  };
  // The settlement account (Settings → Payment) while money is due.
  const p = invoice.balance_due > 0 ? invoice.pay_to : null;
  if (p) block('PAY TO', `${p.account_name}, ${p.bank_name} ${p.account_number}`);
  if (o.notes) block('NOTES', o.notes);
  // Inside the bottom margin, where text would otherwise start a new page.
  doc.page.margins.bottom = 0;
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Thank you for your business.', left, doc.page.height - 36, {
      width,
      align: 'center',
      lineBreak: false,
    });
}
