import { PAYMENT_MODES, type PaymentMode } from '@tillbook/contract/payments-received';

/**
 * How money received later came in (a payment received, a repayment on a customer's account),
 * as the screens name it. Shared: payments received and customer accounts both record it.
 */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  wallet: 'Wallet',
  other: 'Other',
};

export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }));

export const modeLabel = (mode: string) => PAYMENT_MODE_LABELS[mode as PaymentMode] ?? mode;
