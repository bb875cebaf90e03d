import type { Table } from '../../db/schema.js';

/** Table types of the receipts module (migration 0028, decision 0066); columns generated (decision 0054). */
export type ReceiptLinksTable = Table<
  'receipt_links',
  { kind: ReceiptLinkKind; channel: 'link' | 'whatsapp' | 'sms' }
>;
export type ReceiptSettingsTable = Table<'receipt_settings'>;

/** What a link opens: a sale's receipt, a customer's statement, a wallet transfer's receipt (decision 0066). */
export type ReceiptLinkKind = 'order' | 'statement' | 'transfer';

declare module '../../db/schema.js' {
  interface Database {
    receipt_links: ReceiptLinksTable;
  }
}
