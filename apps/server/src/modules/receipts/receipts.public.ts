/**
 * What other modules may use of the receipts module (decision 0066): signed links to a record's
 * receipt (made, opened, revoked) and the store's receipt settings. The module knows no order:
 * the orders module renders what a link opens.
 */
export {
  createReceiptLink,
  openReceiptLink,
  receiptSettings,
  revokeReceiptLinks,
} from './receipts.service.js';
export type { ReceiptLinkKind } from './receipts.tables.js';
