import type { ShiftSummary } from '@tillbook/contract/shifts';
import {
  BOLD,
  dateText,
  INK,
  MUTED,
  pdfText,
  RECEIPT_WIDTH,
  REGULAR,
  renderPdf,
  rollHeight,
  ruleBelow,
} from '../../lib/pdf-document.js';
import { formatMoneySign } from '../../lib/money-text.js';

/** The Z-report of a shift (decision 0063): an 80 mm roll for the till's printer, or an A4 page. */

export interface ShiftReportInput {
  summary: ShiftSummary;
  storeName: string;
  timeZone: string;
  layout: 'a4' | 'receipt';
}

const TYPE_WORD: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  pos_terminal: 'POS terminal',
  wallet: 'Wallet',
  other: 'Other',
};

/** The report's rows, the same on both layouts: a label and an amount, a rule, a heading. */
type Row = { label: string; amount?: string; strong?: boolean } | 'rule' | { heading: string };

function rowsOf({ summary: s, timeZone }: ShiftReportInput): Row[] {
  const m = (n: number) => formatMoneySign(n, s.currency);
  const signed = (n: number) => (n > 0 ? `+${m(n)}` : m(n));
  const rows: Row[] = [
    { label: `Opened ${dateText(s.shift.opened_at, timeZone)} by ${s.opened_by.name ?? 'unknown'}` },
  ];
  if (s.shift.closed_at) {
    rows.push({
      label: `Closed ${dateText(s.shift.closed_at, timeZone)} by ${s.closed_by?.name ?? 'unknown'}`,
    });
  } else rows.push({ label: 'Still open: figures so far' });
  rows.push('rule', { heading: 'Cash drawer' });
  rows.push(
    { label: 'Opening float', amount: m(s.opening_float) },
    { label: 'Cash sales', amount: m(s.cash_sales) },
    { label: 'Cash payments on orders', amount: m(s.cash_payments) },
    { label: 'Pay-ins', amount: m(s.pay_ins) },
    { label: 'Cash refunds', amount: `-${m(s.cash_refunds)}` },
    { label: 'Payouts', amount: `-${m(s.pay_outs)}` },
    { label: 'Expected in drawer', amount: m(s.expected_cash), strong: true },
  );
  if (s.counted_cash !== null) {
    rows.push({ label: 'Counted', amount: m(s.counted_cash), strong: true });
    const d = s.difference ?? 0;
    rows.push({ label: d === 0 ? 'Difference' : d > 0 ? 'Over' : 'Short', amount: signed(d), strong: true });
  }
  rows.push('rule', { heading: 'Takings by payment type' });
  for (const t of s.takings) {
    rows.push({ label: `${TYPE_WORD[t.payment_type]} (${t.count})`, amount: m(t.amount) });
  }
  const refunds = s.refunds_by_type.filter((r) => r.count > 0);
  if (refunds.length) {
    rows.push('rule', { heading: 'Money paid back' });
    for (const r of refunds)
      rows.push({ label: `${TYPE_WORD[r.payment_type]} (${r.count})`, amount: `-${m(r.amount)}` });
  }
  rows.push(
    'rule',
    { heading: 'Sales' },
    { label: `Sales (${s.sales_count})`, amount: m(s.sales_total) },
    { label: `Refunds (${s.refunds_count})`, amount: `-${m(s.refunds_total)}` },
    { label: 'Discounts given', amount: m(s.discounts) },
  );
  if (s.movements.length) {
    rows.push('rule', { heading: 'Pay-ins and payouts' });
    for (const mv of s.movements) {
      rows.push({
        label: pdfText(`${mv.type === 'in' ? 'In' : 'Out'}: ${mv.reason}`),
        amount: `${mv.type === 'in' ? '' : '-'}${m(mv.amount)}`,
      });
    }
  }
  if (s.shift.note) rows.push('rule', { label: pdfText(`Note: ${s.shift.note}`) });
  return rows;
}

function draw(doc: PDFKit.PDFDocument, input: ShiftReportInput): void {
  const roll = input.layout === 'receipt';
  const left = roll ? 10 : 48;
  const width = (roll ? RECEIPT_WIDTH : doc.page.width) - left * 2;
  const size = roll ? 7.5 : 10;
  const amountWidth = roll ? 80 : 140;
  const s = input.summary;
  doc
    .fillColor(INK)
    .font(BOLD)
    .fontSize(roll ? 11 : 16);
  doc.text(pdfText(input.storeName), left, roll ? 12 : 48, { width, align: 'center' });
  doc
    .fontSize(roll ? 9 : 13)
    .text(`Z-REPORT  ·  SHIFT ${s.shift.number}`, left, doc.y + 2, { width, align: 'center' });
  doc.moveDown(0.5);
  for (const row of rowsOf(input)) {
    if (row === 'rule') {
      ruleBelow(doc, left, width);
    } else if ('heading' in row) {
      doc.font(BOLD).fontSize(size).fillColor(MUTED).text(row.heading.toUpperCase(), left, doc.y, { width });
    } else {
      const at = doc.y;
      doc
        .font(row.strong ? BOLD : REGULAR)
        .fontSize(size)
        .fillColor(INK);
      doc.text(row.label, left, at, { width: row.amount ? width - amountWidth : width });
      const end = doc.y;
      if (row.amount)
        doc.text(row.amount, left + width - amountWidth, at, { width: amountWidth, align: 'right' });
      doc.y = Math.max(end, doc.y) + 1;
    }
  }
}

export function renderShiftReportPdf(input: ShiftReportInput): Promise<Buffer> {
  const roll = input.layout === 'receipt';
  return renderPdf(
    {
      size: roll ? [RECEIPT_WIDTH, rollHeight((probe) => draw(probe, input))] : 'A4',
      margin: roll ? 10 : 48,
      info: { Title: `Z-report ${input.summary.shift.number}`, Author: pdfText(input.storeName) },
    },
    (doc) => draw(doc, input),
  );
}
