import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  currencyMark,
  encodeReceipt,
  RECEIPT_COLUMNS,
  receiptLines,
  receiptMoney,
  wrapText,
  type ReceiptDocument,
} from './receipt-escpos.js';

/** A fixed sale: long names, a discount, tax, change, a link. */
const sale: ReceiptDocument = {
  storeName: 'Mama Nkechi Provisions & Sons',
  header: ['12 Allen Avenue, Ikeja, Lagos', 'Tel 0803 123 4567'],
  title: 'RECEIPT',
  details: [
    ['Order', 'ORD-000123'],
    ['Date', '30 Nov 2026, 14:05'],
    ['Cashier', 'Chiamaka Okonkwo-Adebayo'],
    ['Customer', 'Ada Obi'],
  ],
  items: [
    {
      name: 'Golden Penny Semovita 10kg bag, family size',
      quantity: 2,
      unitPrice: 1_250_000,
      total: 2_500_000,
    },
    { name: 'Peak Milk 400g', quantity: 12, unitPrice: 220_000, total: 2_640_000 },
    { name: 'Indomie Chicken 70g, carton of 40', quantity: 1, unitPrice: 980_000, total: 980_000 },
  ],
  totals: [
    { label: 'Subtotal', amount: 6_120_000 },
    { label: 'Discount (DECEMBER)', amount: -120_000 },
    { label: 'VAT 7.5% (incl.)', amount: 418_605 },
    { label: 'TOTAL', amount: 6_000_000, strong: true },
  ],
  payment: [
    { label: 'Paid (cash)', amount: 6_000_000 },
    { label: 'Change', amount: 50_000 },
  ],
  currency: 'NGN',
  footer: ['Thank you for your patronage.', 'Goods bought in good condition are not returnable.'],
  link: 'https://tillbook.example/r/9f2c1e7a.b41d',
};

const golden = (width: number) => new URL(`./__golden__/receipt-${width}mm.escpos.hex`, import.meta.url);
const hex = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('hex')
      .match(/.{1,64}/g) ?? []
  ).join('\n') + '\n';

describe('thermal receipts (ESC/POS)', () => {
  for (const width of [58, 80] as const) {
    it(`prints the fixed sale at ${width} mm as the stored golden bytes`, () => {
      const bytes = encodeReceipt(sale, { width, drawer: true });
      // Written once when missing (review the file then); compared byte for byte after that.
      if (!existsSync(golden(width))) writeFileSync(golden(width), hex(bytes));
      expect(hex(bytes)).toBe(readFileSync(golden(width), 'utf8'));
    });

    it(`keeps every line within ${RECEIPT_COLUMNS[width]} columns at ${width} mm`, () => {
      const lines = receiptLines(sale, { width });
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_COLUMNS[width]);
      // Amounts are right-aligned to the edge.
      const total = lines.find((l) => l.startsWith('TOTAL'))!;
      expect(total).toHaveLength(RECEIPT_COLUMNS[width]);
      expect(total.endsWith('NGN 60,000.00')).toBe(true);
    });
  }

  it('wraps a long item name onto more lines, keeping every word', () => {
    const lines = receiptLines(sale, { width: 58 });
    const at = lines.indexOf('Golden Penny Semovita 10kg bag,');
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]).toBe('family size');
    // At 58 mm the quantity line has no room for its indent.
    expect(lines[at + 2]).toMatch(/^2 x NGN 12,500\.00 +NGN 25,000\.00$/);
    const wide = receiptLines(sale, { width: 80 }).find((l) => l.startsWith('  2 x NGN 12,500.00 '));
    expect(wide).toHaveLength(48);
    expect(wide!.endsWith(' NGN 25,000.00')).toBe(true);
  });

  it('prints NGN where the code page has no naira sign, and a sign it has', () => {
    expect(currencyMark('NGN', 'cp437')).toBe('NGN');
    expect(currencyMark('NGN', 'auto')).toBe('NGN');
    expect(currencyMark('EUR', 'cp858')).toBe('€');
    expect(currencyMark('USD', 'cp437')).toBe('$');
    expect(receiptMoney(150_000, 'NGN', 'NGN')).toBe('NGN 1,500.00');
    expect(receiptMoney(-150_000, 'USD', '$')).toBe('-$1,500.00');
    // No ₦ reaches the printer: it would print as "?".
    const bytes = Buffer.from(encodeReceipt({ ...sale, footer: ['Prices in ₦'] }, { width: 80 }));
    expect(bytes.includes(0x3f)).toBe(false);
    expect(bytes.toString('latin1')).toContain('Prices in NGN');
  });

  it('cuts the paper and kicks the drawer only when asked', () => {
    const kick = [0x1b, 0x70];
    const has = (bytes: Uint8Array, seq: number[]) => Buffer.from(bytes).indexOf(Buffer.from(seq)) !== -1;
    expect(has(encodeReceipt(sale, { width: 58, drawer: true }), kick)).toBe(true);
    expect(has(encodeReceipt(sale, { width: 58 }), kick)).toBe(false);
    expect(has(encodeReceipt(sale, { width: 58, cut: false }), [0x1d, 0x56])).toBe(false);
    expect(has(encodeReceipt(sale, { width: 58 }), [0x1d, 0x56])).toBe(true);
  });

  it('wraps words longer than a line by cutting them', () => {
    expect(wrapText('a'.repeat(70), 32)).toEqual(['a'.repeat(32), 'a'.repeat(32), 'a'.repeat(6)]);
    expect(wrapText('one two three', 7)).toEqual(['one two', 'three']);
  });
});
