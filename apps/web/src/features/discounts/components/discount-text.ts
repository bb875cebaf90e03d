import type { Discount } from '@tillbook/contract/discounts';
import { formatMoney } from '../../../lib/format';

/** "10% off" or "₦500.00 off". */
export function discountValueText(d: Pick<Discount, 'type' | 'value'>, currency: string): string {
  return d.type === 'percentage' ? `${d.value}% off` : `${formatMoney(d.value, currency)} off`;
}

/** "3 / 10" uses, or "3 / no limit". */
export function usageText(d: Pick<Discount, 'used_count' | 'usage_limit'>): string {
  return `${d.used_count} / ${d.usage_limit ?? 'no limit'}`;
}

/** The store-local day of an instant, as a date field holds it ("2026-12-01"). */
export function localDay(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The days a discount runs, in the store's time zone: a start, an end, both or neither. */
export function periodText(d: Pick<Discount, 'starts_at' | 'ends_at'>, timeZone: string): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(iso),
    );
  if (d.starts_at && d.ends_at) return `${day(d.starts_at)} – ${day(d.ends_at)}`;
  if (d.starts_at) return `From ${day(d.starts_at)}`;
  if (d.ends_at) return `Until ${day(d.ends_at)}`;
  return 'Always';
}
