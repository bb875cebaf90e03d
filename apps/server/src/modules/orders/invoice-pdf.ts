import { formatMoneySign } from '../../lib/money-text.js';
import { renderA4 } from './invoice-a4.js';
import {
  BOLD,
  dateText,
  INK,
  MUTED,
  pdfText,
  RECEIPT_WIDTH,
  REGULAR,
  storeLines,
  totalsRows,
  addLogo,
  type InvoicePdfInput,
} from './invoice-pdf-parts.js';
import { renderPdf, rollHeight, ruleBelow } from '../../lib/pdf-document.js';

export type { InvoiceLayout, InvoicePdfInput } from './invoice-pdf-parts.js';

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
  const rule = () => ruleBelow(doc, left, width);
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

/** The invoice (or receipt) as a PDF: A4, or an 80 mm roll for receipt printers. */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const o = input.invoice.order;
  const receipt = input.layout === 'receipt';
  return renderPdf(
    {
      size: receipt ? [RECEIPT_WIDTH, rollHeight((probe) => renderReceipt(probe, input))] : 'A4',
      margin: receipt ? 10 : 48,
      info: {
        Title: `${input.invoice.kind === 'receipt' ? 'Receipt' : 'Invoice'} ${input.invoice.invoice_number}`,
        Author: pdfText(input.invoice.store.business_name),
        Subject: `Order ${o.number}`,
      },
    },
    (doc) => (receipt ? renderReceipt(doc, input) : renderA4(doc, input)),
  );
}
