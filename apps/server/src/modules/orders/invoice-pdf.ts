import type { Invoice } from '@tillbook/contract/orders';
import PDFDocument from 'pdfkit';
import { sniffImage } from '../../lib/image-type.js';
import { formatMoneySign } from '../../lib/money-text.js';
import { PDF_FONTS } from './pdf-fonts.js';

export type InvoiceLayout = 'a4' | 'receipt';

export interface InvoicePdfInput {
  invoice: Invoice;
  /** The store's logo, when it has one the PDF can show (PNG or JPEG). */
  logo: Buffer | null;
  layout: InvoiceLayout;
  timeZone: string;
}

const INK = '#1F1B24';
const MUTED = '#605D66';
const RULE = '#D9D8DA';
const BRAND = '#3F12C4';
/** 80 mm in PDF points. */
const RECEIPT_WIDTH = 226.77;

const REGULAR = 'Body';
const BOLD = 'Body-Bold';

const dateText = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(new Date(iso))
    .replace(/\u202f|\u00a0/g, ' ');

/**
 * Store, customer and product names keep Latin-1, common punctuation and the currency signs;
 * other characters are shown as `?` rather than as empty boxes. (The font has more, but a
 * letter with a combining mark, as in Yoruba names, breaks the PDF's copied text: pdfkit maps
 * each glyph to the first characters it stood for.)
 */
const pdfText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[^\n -~\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20a0-\u20bf]/g, '?');

function storeLines(invoice: Invoice): string[] {
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
function totalsRows(invoice: Invoice): Array<{ label: string; amount: string; strong?: boolean }> {
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

function addLogo(
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

function renderA4(doc: PDFKit.PDFDocument, input: InvoicePdfInput): void {
  const { invoice, timeZone } = input;
  const o = invoice.order;
  const m = (n: number) => formatMoneySign(n, o.currency);
  const left = 48;
  const right = doc.page.width - 48;
  const width = right - left;
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
      .text(label, right - 220, my, { width: 90, align: 'right' });
    doc
      .font(BOLD)
      .fillColor(INK)
      .text(pdfText(value), right - 125, my, { width: 125, align: 'right' });
    my += 13;
  }

  y = Math.max(y, my) + 18;
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

  // Lines
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
    doc
      .moveTo(left, at + 14)
      .lineTo(right, at + 14)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
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
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }

  // Totals
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

function renderReceipt(doc: PDFKit.PDFDocument, input: InvoicePdfInput): void {
  const { invoice, timeZone } = input;
  const o = invoice.order;
  const m = (n: number) => formatMoneySign(n, o.currency);
  const left = 10;
  const width = RECEIPT_WIDTH - 20;
  let y = 12;
  const logoHeight = addLogo(doc, input.logo, left + width / 2 - 40, y, 80, 40);
  if (logoHeight) y += logoHeight + 4;
  doc
    .fillColor(INK)
    .font(BOLD)
    .fontSize(11)
    .text(pdfText(invoice.store.business_name), left, y, { width, align: 'center' });
  doc.font(REGULAR).fontSize(7).fillColor(MUTED);
  for (const line of storeLines(invoice)) doc.text(pdfText(line), left, doc.y, { width, align: 'center' });
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(INK)
    .text(invoice.kind === 'receipt' ? 'RECEIPT' : 'INVOICE', left, doc.y, { width, align: 'center' });
  doc.font(REGULAR).fontSize(7).fillColor(INK);
  const meta = [
    `${invoice.invoice_number}  ·  ${o.number}`,
    dateText(o.created_at, timeZone),
    o.customer ? pdfText(o.customer.name) : 'Walk-in customer',
  ];
  for (const line of meta) doc.text(line, left, doc.y, { width, align: 'center' });
  const rule = () => {
    const at = doc.y + 3;
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = at + 4;
  };
  rule();
  for (const item of o.items) {
    doc.font(REGULAR).fontSize(8).fillColor(INK).text(pdfText(item.name), left, doc.y, { width });
    const at = doc.y;
    doc
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        `${item.quantity} x ${m(item.unit_price)}${item.discount ? ` - ${m(item.discount)}` : ''}`,
        left,
        at,
        { width: width - 70 },
      );
    doc.fillColor(INK).text(m(item.total), left + width - 70, at, { width: 70, align: 'right' });
    doc.y = Math.max(doc.y, at + 9) + 2;
  }
  rule();
  for (const row of totalsRows(invoice)) {
    const at = doc.y;
    doc
      .font(row.strong ? BOLD : REGULAR)
      .fontSize(row.strong ? 8.5 : 7.5)
      .fillColor(INK);
    doc.text(pdfText(row.label), left, at, { width: width - 80 });
    doc.text(row.amount, left + width - 80, at, { width: 80, align: 'right' });
    doc.y = at + (row.strong ? 11 : 10);
  }
  rule();
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor(MUTED)
    .text(`Paid by ${o.payment_type.replace('_', ' ')}. Thank you!`, left, doc.y, { width, align: 'center' });
}

/** Noto Sans rather than the built-in fonts, which have no naira sign. */
function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);
  doc.font(REGULAR);
}

/**
 * How tall an 80 mm receipt is: laid out once on a page too tall to break, to measure where it
 * ends, so the printed roll stops right after the last line.
 */
function receiptHeight(input: InvoicePdfInput): number {
  const probe = new PDFDocument({ size: [RECEIPT_WIDTH, 14_400], margin: 10 });
  registerFonts(probe);
  renderReceipt(probe, input);
  const height = Math.ceil(probe.y + 14);
  probe.end();
  return height;
}

/** The invoice (or receipt) as a PDF: A4, or an 80 mm roll for receipt printers. */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const o = input.invoice.order;
  const doc = new PDFDocument({
    size: input.layout === 'receipt' ? [RECEIPT_WIDTH, receiptHeight(input)] : 'A4',
    margin: input.layout === 'receipt' ? 10 : 48,
    info: {
      Title: `${input.invoice.kind === 'receipt' ? 'Receipt' : 'Invoice'} ${input.invoice.invoice_number}`,
      Author: pdfText(input.invoice.store.business_name),
      Subject: `Order ${o.number}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  if (input.layout === 'receipt') renderReceipt(doc, input);
  else renderA4(doc, input);
  doc.end();
  return done;
}
