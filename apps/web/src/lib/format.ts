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

const compactMoneyFormats = new Map<string, Intl.NumberFormat>();

/** A short amount for chart axes and small cards: 123456789 NGN → ₦1.23M. */
export function formatMoneyCompact(minor: number, currency = DEFAULT_CURRENCY): string {
  let format = compactMoneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 2,
    });
    compactMoneyFormats.set(currency, format);
  }
  return format.format(minor / 10 ** minorDigits(currency));
}

const countFormat = new Intl.NumberFormat('en-NG');

/** A count with thousands separators: 12345 → 12,345. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * The change from a previous figure in percent, one decimal: "+12.5%", "−3.0%"; "New" when the
 * previous figure was zero and this one is not, "0%" when both are.
 */
export function formatChange(percent: number | null | undefined): string {
  if (percent == null || !Number.isFinite(percent)) return 'New';
  if (percent === 0) return '0%';
  const text = Math.abs(percent).toFixed(1);
  return `${percent > 0 ? '+' : '−'}${text}%`;
}

/** The change from `previous` to `current` in percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** The store-local calendar date (`2026-11-26`) of an instant, `days` later (or earlier). */
export function storeDate(timeZone = DEFAULT_TIMEZONE, days = 0, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  if (!days) return today;
  const shifted = new Date(`${today}T12:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/** "26 Nov 2026" from a calendar date (`2026-11-26`), whatever the browser's time zone. */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(parsed);
}
