import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-NG', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** Digits after the point in a currency's minor unit (2 for NGN, 0 for JPY). */
export function minorDigits(currency = DEFAULT_CURRENCY): number {
  return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Formats an amount in minor units: 5000000 NGN → ₦50,000.00. */
export function formatMoney(minor: number, currency = DEFAULT_CURRENCY): string {
  return moneyFormat(currency).format(minor / 10 ** minorDigits(currency));
}

/** Parses an amount typed in major units ("1,500.5") into minor units (150050); null when not a number. */
export function toMinor(major: string | number, currency = DEFAULT_CURRENCY): number | null {
  const textValue = String(major).replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(textValue)) return null;
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = textValue.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units back to what a person types ("1500.50"), without the currency sign or commas. */
export function toMajorText(minor: number | null | undefined, currency = DEFAULT_CURRENCY): string {
  if (minor == null || Number.isNaN(minor)) return '';
  return formatMoney(minor, currency)
    .replace(/[^\d.,]/g, '')
    .replace(/,/g, '');
}

/** "10 Aug 2026, 9:45 AM" in the store's time zone. */
export function formatDateTime(iso: string | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
  return `${parts}, ${time}`;
}

/** "3 min ago", for feeds. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [7, 'day'],
    [4.35, 'week'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return rtf.format(-Math.round(value), unit);
    value /= size;
  }
  return rtf.format(-Math.round(value), 'year');
}

export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
}
