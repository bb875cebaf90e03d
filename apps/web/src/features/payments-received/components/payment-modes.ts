import { PAYMENT_MODES, type PaymentMode } from '@tillbook/contract/payments-received';

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
