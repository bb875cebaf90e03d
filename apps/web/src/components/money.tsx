import { formatDateTime, formatMoney } from '../lib/format';
import { useStoreLocale } from '../lib/current-user';

/** An amount in minor units, in the store's currency (₦50,000.00). */
export function Money({ minor, currency }: { minor: number; currency?: string }) {
  const locale = useStoreLocale();
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(minor, currency ?? locale.currency)}
    </span>
  );
}

/** A date and time in the store's time zone ("10 Aug 2026, 9:45 AM"). */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const locale = useStoreLocale();
  return <time dateTime={iso ?? undefined}>{formatDateTime(iso, locale.timezone)}</time>;
}
