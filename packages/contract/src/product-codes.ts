import { z } from 'zod';

/** Barcodes and SKUs: what a product's codes may be (`products.ts`). */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit for the digits of a GTIN without its last digit. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A barcode is either a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) with a correct check digit, or a
 * shop's own code (letters, digits, `-`, `.`, `_`, `/`) as printed for Code 128 labels.
 */
export function barcodeProblem(value: string): string | null {
  if (/^\d+$/.test(value) && GTIN_LENGTHS.has(value.length)) {
    const expected = gtinCheckDigit(value.slice(0, -1));
    return Number(value.at(-1)) === expected
      ? null
      : `Barcode check digit is wrong (the last digit should be ${expected}); check it was typed correctly`;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value)) {
    return 'Barcode may contain only letters, digits and - . _ /';
  }
  return null;
}

export const barcodeSchema = z
  .string({ error: 'Barcode must be text' })
  .trim()
  .max(64, { error: 'Barcode must be at most 64 characters' })
  .superRefine((v, ctx) => {
    if (v === '') return;
    const problem = barcodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .max(64, { error: 'SKU must be at most 64 characters' })
  .regex(/^[^\p{Cc}]*$/u, { error: 'SKU cannot contain control characters' });
