import type { AccountEntry, AccountEntryKind } from '@tillbook/contract/customer-accounts';
import { localDateText } from '../../lib/local-dates.js';
import { formatMoneySign } from '../../lib/money-text.js';
import {
  BOLD,
  dateText,
  INK,
  MUTED,
  pdfText,
  REGULAR,
  renderPdf,
  ruleBelow,
} from '../../lib/pdf-document.js';

/** A customer's statement of account (decision 0065): an A4 page, or more, in the store's money. */

export interface StatementInput {
  store: { name: string; address: string; phone: string | null; email: string | null };
  customer: { name: string; phone: string; email: string | null };
  currency: string;
  timeZone: string;
  /** The period asked for (dates as typed); null ends are open. */
  from: string | null;
  to: string | null;
  printedAt: string;
  opening: number;
  /** Oldest first, each with its balance after. */
  entries: AccountEntry[];
  closing: number;
  balanceNow: number;
}

const KIND_WORD: Record<AccountEntryKind, string> = {
  sale: 'Sale on account',
  repayment: 'Payment received',
  refund: 'Refund',
  write_off: 'Written off',
  credit: 'Credit held',
  credit_used: 'Credit used',
};

const describe = (e: AccountEntry) =>
  [KIND_WORD[e.kind], e.order_number, e.method, e.note].filter(Boolean).join(' · ');

function draw(doc: PDFKit.PDFDocument, input: StatementInput): void {
  const left = 48;
  const width = doc.page.width - left * 2;
  const m = (n: number) => formatMoneySign(n, input.currency);
  const day = (iso: string) => localDateText(iso, input.timeZone);
  doc.fillColor(INK).font(BOLD).fontSize(16).text(pdfText(input.store.name), left, 48, { width });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of [input.store.address, input.store.phone, input.store.email]) {
    if (line) doc.text(pdfText(line), { width });
  }
  doc.moveDown(1).fillColor(INK).font(BOLD).fontSize(13).text('STATEMENT OF ACCOUNT', { width });
  doc.font(REGULAR).fontSize(10);
  doc.text(pdfText(`Customer: ${input.customer.name}`), { width });
  doc.text(pdfText([input.customer.phone, input.customer.email].filter(Boolean).join(' · ')), { width });
  const period =
    input.from || input.to
      ? `Period: ${input.from ? day(`${input.from.slice(0, 10)}T12:00:00Z`) : 'the first entry'} to ${input.to ? day(`${input.to.slice(0, 10)}T12:00:00Z`) : 'today'}`
      : 'Period: every entry';
  doc.text(period, { width });
  doc.fillColor(MUTED).text(`Printed ${dateText(input.printedAt, input.timeZone)}`, { width });
  doc.moveDown(0.8);

  const cols = { date: left, what: left + 80, amount: left + width - 180, balance: left + width - 90 };
  const row = (cells: { date: string; what: string; amount: string; balance: string }, bold = false) => {
    if (doc.y > doc.page.height - 80) doc.addPage();
    const at = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(9)
      .fillColor(INK);
    doc.text(cells.date, cols.date, at, { width: 76 });
    doc.text(pdfText(cells.what), cols.what, at, { width: cols.amount - cols.what - 6 });
    const end = doc.y;
    doc.text(cells.amount, cols.amount, at, { width: 86, align: 'right' });
    doc.text(cells.balance, cols.balance, at, { width: 90, align: 'right' });
    doc.y = Math.max(end, doc.y) + 3;
  };
  const rule = () => ruleBelow(doc, left, width, 1);
  row({ date: 'Date', what: 'Description', amount: 'Amount', balance: 'Balance' }, true);
  rule();
  row({ date: '', what: 'Opening balance', amount: '', balance: m(input.opening) }, true);
  for (const e of input.entries) {
    row({ date: day(e.created_at), what: describe(e), amount: m(e.amount), balance: m(e.balance_after) });
  }
  rule();
  row({ date: '', what: 'Closing balance', amount: '', balance: m(input.closing) }, true);
  doc.moveDown(1).font(REGULAR).fontSize(9).fillColor(MUTED);
  doc.text(
    input.balanceNow > 0
      ? `Owed now: ${m(input.balanceNow)}.`
      : input.balanceNow < 0
        ? `Credit held for you now: ${m(-input.balanceNow)}.`
        : 'Nothing is owed now.',
    left,
    doc.y,
    { width },
  );
}

export function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      margin: 48,
      info: {
        Title: `Statement of account: ${pdfText(input.customer.name)}`,
        Author: pdfText(input.store.name),
      },
    },
    (doc) => draw(doc, input),
  );
}
