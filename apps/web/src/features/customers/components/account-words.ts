import type { AccountEntry, AccountEntryKind } from '@tillbook/contract/customer-accounts';
import { modeLabel } from '../../../lib/payment-modes';

/** A statement entry's kind as the merchant says it. */
export const ENTRY_KIND_LABELS: Record<AccountEntryKind, string> = {
  sale: 'Sale on account',
  repayment: 'Repayment',
  refund: 'Refund',
  write_off: 'Written off',
  credit: 'Credit received',
  credit_used: 'Credit used',
};

/** How the money came or went and the entry's note: "Cash · ref 0042", "Bad debt". */
export function entryDetail(entry: Pick<AccountEntry, 'method' | 'note'>): string | null {
  const parts = [entry.method ? modeLabel(entry.method) : null, entry.note].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** A newly generated key for a change sent once per Idempotency-Key (a repayment, a write-off). */
export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
