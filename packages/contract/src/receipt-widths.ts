// Paper widths (no zod, no encoder: the till's settings screen and the contract's schemas read them).

/** Paper widths the till prints on, in millimetres, and the characters a line holds (font A). */
export const RECEIPT_WIDTHS = [58, 80] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];
export const RECEIPT_COLUMNS: Record<ReceiptWidth, number> = { 58: 32, 80: 48 };
