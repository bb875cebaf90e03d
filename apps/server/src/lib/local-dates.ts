/**
 * Dates in the store's time zone (discount dates, list filters, payment dates). A date without
 * a time (`2026-12-24`) means that whole day in the store's time zone: a start is the first
 * instant of the day, an end the last. Stored as UTC ISO instants.
 */

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which local midnight starts `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - zoneOffset(guess, timeZone);
  // Across a daylight-saving change the offset at the result can differ from the guess's.
  const again = guess - zoneOffset(instant, timeZone);
  if (again !== instant) instant = again;
  return instant;
}

/** A start as stored: a date's first instant in the zone, or the given instant. */
export function startInstant(value: string | null | undefined, timeZone: string): string | null {
  if (!value) return null;
  if (value.length === 10) return new Date(startOfLocalDay(value, timeZone)).toISOString();
  return new Date(value).toISOString();
}

/** An end as stored: a date's last instant in the zone, or the given instant. */
export function endInstant(value: string | null | undefined, timeZone: string): string | null {
  if (!value) return null;
  if (value.length === 10) {
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    return new Date(startOfLocalDay(next, timeZone) - 1).toISOString();
  }
  return new Date(value).toISOString();
}

/** A UTC instant as a date in the zone, for messages: `24 Dec 2026`. */
export function localDateText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/** `date` (YYYY-MM-DD) moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which `hour` o'clock of `date` starts in `timeZone`. */
export function startOfLocalHour(date: string, hour: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  let instant = guess - zoneOffset(guess, timeZone);
  const again = guess - zoneOffset(instant, timeZone);
  if (again !== instant) instant = again;
  return instant;
}

/**
 * The store-local date (YYYY-MM-DD) of an instant. The last day found per zone is kept with its
 * bounds, so the many instants of one day (every sale of the day) cost a comparison, not a
 * time-zone conversion.
 */
const lastDay = new Map<string, { start: number; end: number; date: string }>();
export function localDate(instant: number | string | Date, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  const cached = lastDay.get(timeZone);
  if (cached && ms >= cached.start && ms < cached.end) return cached.date;
  const date = new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 10);
  const start = startOfLocalDay(date, timeZone);
  const end = startOfLocalDay(addDays(date, 1), timeZone);
  if (ms >= start && ms < end) lastDay.set(timeZone, { start, end, date });
  return date;
}

/** Zone offsets by UTC hour: offsets change on hour boundaries (or half hours, rare enough to look up again). */
const hourOffsets = new Map<string, Map<number, number>>();

/** A zone's offset from UTC as `+01:00` / `-05:30` / `+00:00`. */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${offsetMs < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * An instant as the store's wall clock with its UTC offset, `2026-11-29 14:05 +01:00`: how every
 * export writes a time (decision 0058). The offset is in the value, not only the header, because a
 * zone's offset can change within one file (daylight saving) and a copied cell keeps its meaning.
 * A year of rows costs no time-zone lookup each.
 */
export function localDateTimeText(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  let zone = hourOffsets.get(timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map()));
  // Keyed by the UTC half hour: no zone changes its offset inside one.
  const slot = Math.floor(ms / 1_800_000);
  let offset = zone.get(slot);
  if (offset === undefined) {
    if (zone.size > 20_000) zone.clear();
    offset = zoneOffset(ms, timeZone);
    zone.set(slot, offset);
  }
  const text = new Date(ms + offset).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} ${offsetText(offset)}`;
}
