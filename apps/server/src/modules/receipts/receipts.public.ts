/**
 * What other modules may use of the receipts module (decision 0066): signed links to a record's
 * receipt (made, opened, revoked) and the store's receipt settings. The module's own sharing
 * (`receipt-sharing.service.ts`) renders what a link opens, reading the order through the orders
 * module's face.
 */
export {
  createReceiptLink,
  openReceiptLink,
  receiptSettings,
  revokeReceiptLinks,
} from './receipts.service.js';
export type { ReceiptLinkKind } from './receipts.tables.js';
