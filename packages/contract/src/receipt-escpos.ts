// A sale's receipt for thermal printers (issue 35): one layout for the server
// (`GET /order/{id}/receipt.escpos`) and the web till (printing over WebUSB, WebSerial or Web
// Bluetooth), so a receipt prints the same wherever it is encoded. Encoded as ESC/POS by a
// maintained encoder; this file only decides what goes on the paper and where.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import type { Invoice } from './orders.js';

import { RECEIPT_COLUMNS, type ReceiptWidth } from './receipt-widths.js';

export { RECEIPT_COLUMNS, RECEIPT_WIDTHS, type ReceiptWidth } from './receipt-widths.js';

/** What a receipt says, already in words: built from an invoice by `receiptOfInvoice`. */
export interface ReceiptDocument {
  /** The store's name, printed large. */
  storeName: string;
  /** Address, phone, the store's own header text: one line each. */
  header: string[];
  /** `RECEIPT` or `INVOICE`. */
  title: string;
  /** Label and value: number, date, cashier, customer. */
  details: Array<[label: string, value: string]>;
  items: Array<{ name: string; quantity: number; unitPrice: number; total: number }>;
  /** Subtotal, discount, taxes, shipping, total (`strong` printed bold). */
  totals: Array<{ label: string; amount: number; strong?: boolean }>;
  /** Paid, change, balance due. */
  payment: Array<{ label: string; amount: number }>;
  currency: string;
  footer: string[];
  /** The receipt's link, printed as a QR code; null prints none. */
  link: string | null;
}

export interface ReceiptPrintOptions {
  width: ReceiptWidth;
  /**
   * The printer's code page; `auto` lets the encoder pick per character; `unicode` is a page the
   * browser prints (the currency's sign always prints there).
   */
  codepage?: string;
  /** Kick the cash drawer after printing. */
  drawer?: boolean;
  /** Cut the paper at the end (printers without a cutter ignore it). */
  cut?: boolean;
}

const DEFAULT_CODEPAGE = 'cp437';

/** The currency's sign when the printer's code page has it (₦ is in none of the common ones), else its code. */
export function currencyMark(currency: string, codepage: string = DEFAULT_CODEPAGE): string {
  const sign = signOf(currency);
  if (sign === currency) return currency;
  // A page the browser prints has every character.
  if (codepage === 'unicode') return sign;
  const pages = codepage === 'auto' ? CodepageEncoder.getEncodings() : [codepage];
  const printable = pages.some((page) => {
    if (!CodepageEncoder.supports(page)) return false;
    const bytes = CodepageEncoder.encode(sign, page as Codepage);
    return bytes.length > 0 && !bytes.includes(0x3f);
  });
  return printable ? sign : currency;
}

function signOf(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return parts?.value ?? currency;
  } catch {
    return currency;
  }
}

/** Minor units as the paper shows them: `₦1,500.00` or `NGN 1,500.00`, negatives with a minus. */
export function receiptMoney(minor: number, currency: string, mark: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown code keeps two decimals.
  }
  const number = new Intl.NumberFormat('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(minor) / 10 ** digits);
  const sign = minor < 0 ? '-' : '';
  return mark.length > 1 ? `${sign}${mark} ${number}` : `${sign}${mark}${number}`;
}

/**
 * Text as the printer gets it: characters its code page cannot print would come out as `?`, so
 * the common typographic ones become their plain forms and the currency sign its code.
 */
function plain(text: string, currency: string, mark: string): string {
  const signed = mark === currency ? text.replaceAll(signOf(currency), `${currency} `) : text;
  return signed
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/×/g, 'x')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (rest.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A label on the left and an amount on the right of one line; a long label wraps above. A label's
 * leading indent is kept when the label fits on the line with it.
 */
function labelled(label: string, value: string, columns: number): string[] {
  const room = columns - value.length - 1;
  const body = label.trimStart();
  if (room <= 0) return [...wrapText(body, columns), value.padStart(columns)];
  const indent = label.length <= room ? label.slice(0, label.length - body.length) : '';
  const words = wrapText(body, room - indent.length);
  const last = words.pop() ?? '';
  return [...words, `${(indent + last).padEnd(room)} ${value}`];
}

/** One printed line: its text (never longer than the paper's columns), centred or bold. */
export interface PrintedLine {
  text: string;
  center?: boolean;
  bold?: boolean;
}

/** The receipt's lines below the store's name, as printed: what the print page shows too. */
export function layout(doc: ReceiptDocument, options: ReceiptPrintOptions): PrintedLine[] {
  const columns = RECEIPT_COLUMNS[options.width];
  const mark = currencyMark(doc.currency, options.codepage);
  const text = (t: string) => plain(t, doc.currency, mark);
  const money = (minor: number) => receiptMoney(minor, doc.currency, mark);
  const rule: PrintedLine = { text: '-'.repeat(columns) };
  const left = (lines: string[], bold = false) => lines.map((t) => ({ text: t, bold }));
  const out: PrintedLine[] = [];
  for (const line of doc.header)
    out.push(...wrapText(text(line), columns).map((t) => ({ text: t, center: true })));
  out.push(rule, ...wrapText(text(doc.title), columns).map((t) => ({ text: t, center: true, bold: true })));
  for (const [label, value] of doc.details) out.push(...left(labelled(text(label), text(value), columns)));
  out.push(rule);
  for (const item of doc.items) {
    out.push(...left(wrapText(text(item.name), columns)));
    out.push(...left(labelled(`  ${item.quantity} x ${money(item.unitPrice)}`, money(item.total), columns)));
  }
  out.push(rule);
  for (const t of doc.totals) out.push(...left(labelled(text(t.label), money(t.amount), columns), t.strong));
  if (doc.payment.length) out.push(rule);
  for (const p of doc.payment) out.push(...left(labelled(text(p.label), money(p.amount), columns)));
  if (doc.footer.length) out.push(rule);
  for (const line of doc.footer)
    out.push(...wrapText(text(line), columns).map((t) => ({ text: t, center: true })));
  return out;
}

/** The receipt as lines of text below the store's name, none longer than the paper's columns. */
export function receiptLines(doc: ReceiptDocument, options: ReceiptPrintOptions): string[] {
  return layout(doc, options).map((l) => l.text);
}

/**
 * The receipt as ESC/POS bytes: the store's name large and centred, the lines of `receiptLines`,
 * the link as a QR code, then the cut and the drawer kick when asked for.
 */
export function encodeReceipt(doc: ReceiptDocument, printing: ReceiptPrintOptions): Uint8Array {
  // Bytes go to a printer: a page's `unicode` means the default code page here.
  const codepage =
    !printing.codepage || printing.codepage === 'unicode' ? DEFAULT_CODEPAGE : printing.codepage;
  const options = { ...printing, codepage };
  const columns = RECEIPT_COLUMNS[options.width];
  const mark = currencyMark(doc.currency, options.codepage);
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: 'epson' });
  encoder.initialize().codepage(codepage as never);
  // Double width halves the characters a line holds.
  encoder.align('center').bold(true).size(2, 2);
  for (const line of wrapText(plain(doc.storeName, doc.currency, mark), Math.floor(columns / 2))) {
    encoder.line(line);
  }
  encoder.size(1, 1);
  for (const line of layout(doc, options)) {
    encoder
      .align(line.center ? 'center' : 'left')
      .bold(line.bold ?? false)
      .line(line.text);
  }
  encoder.bold(false).align('center');
  if (doc.link) encoder.newline().qrcode(doc.link, { model: 2, size: options.width === 58 ? 4 : 6 });
  encoder.align('left').newline(2);
  if (options.cut !== false) encoder.cut('partial');
  if (options.drawer) encoder.pulse();
  return encoder.encode();
}

/** An order's invoice (or receipt, once paid) as the receipt's words. */
export function receiptOfInvoice(
  invoice: Invoice,
  options: { timeZone: string; headerText?: string | null; footerText?: string | null; link?: string | null },
): ReceiptDocument {
  const { store, order } = invoice;
  const place = [store.address, store.city, store.state].filter(Boolean).join(', ');
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(order.created_at));
  const totals: ReceiptDocument['totals'] = [{ label: 'Subtotal', amount: order.subtotal }];
  if (order.discount > 0) {
    totals.push({
      label: order.discount_code ? `Discount (${order.discount_code})` : 'Discount',
      amount: -order.discount,
    });
  }
  for (const tax of order.taxes) {
    totals.push({
      label: `${tax.name} ${tax.rate}%${order.tax_inclusive ? ' (incl.)' : ''}`,
      amount: tax.amount,
    });
  }
  if (order.shipping > 0) totals.push({ label: order.shipping_name ?? 'Shipping', amount: order.shipping });
  totals.push({ label: 'TOTAL', amount: order.total, strong: true });
  const payment: ReceiptDocument['payment'] = [];
  if (order.amount_received > 0) {
    payment.push({ label: `Paid (${order.payment_type.replace('_', ' ')})`, amount: order.amount_received });
  }
  if (order.change_due > 0) payment.push({ label: 'Change', amount: order.change_due });
  if (order.amount_refunded > 0) payment.push({ label: 'Refunded', amount: -order.amount_refunded });
  if (invoice.balance_due > 0) payment.push({ label: 'Balance due', amount: invoice.balance_due });
  return {
    storeName: store.business_name,
    header: [place, store.phone_number ? `Tel ${store.phone_number}` : '', options.headerText ?? '']
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.trim() !== ''),
    title: invoice.kind === 'receipt' ? 'RECEIPT' : 'INVOICE',
    details: [
      ['Order', order.number],
      ['Date', when],
      ['Cashier', order.created_by.name ?? ''],
      ...(order.customer?.name ? ([['Customer', order.customer.name]] as Array<[string, string]>) : []),
    ],
    items: order.items.map((i) => ({
      name: [i.name, i.variant_name, i.pack].filter(Boolean).join(', '),
      quantity: i.quantity,
      unitPrice: i.unit_price,
      total: i.total,
    })),
    totals,
    payment,
    currency: order.currency,
    footer: (options.footerText ?? 'Thank you for your patronage.')
      .split('\n')
      .filter((l) => l.trim() !== ''),
    link: options.link ?? null,
  };
}
