/** The payment types' names as screens and receipts show them. */
export const PAYMENT_TYPE_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  wallet: 'Wallet',
  pos_terminal: 'POS terminal',
  other: 'Other',
  credit: 'Credit',
};
