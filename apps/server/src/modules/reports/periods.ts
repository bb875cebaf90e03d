import { addDays } from '../../lib/local-dates.js';

/**
 * Store-local calendar arithmetic on YYYY-MM-DD dates for the reports: weeks start on Monday
 * (ISO weeks), months and years are calendar ones. Pure; no time zone is involved once the
 * store's today is known.
 */

export type Granularity = 'day' | 'week' | 'month' | 'year';

export interface Period {
  /** `2026-11-26`, `2026-W48`, `2026-11` or `2026`. */
  key: string;
  label: string;
  from: string;
  to: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 86_400_000);

/** Monday of the date's week. */
export function startOfWeek(date: string): string {
  const weekday = (new Date(utc(date)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}
export const startOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
export const startOfYear = (date: string) => `${date.slice(0, 4)}-01-01`;

export function addMonths(date: string, months: number): string {
  const d = new Date(utc(date));
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export const endOfMonth = (date: string) => addDays(addMonths(startOfMonth(date), 1), -1);

/** ISO week key, `2026-W48`. */
function isoWeek(monday: string): string {
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const dayLabel = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
export const monthLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** The period of `granularity` holding `date`. */
export function periodOf(date: string, granularity: Granularity): Period {
  switch (granularity) {
    case 'day':
      return { key: date, label: dayLabel(date), from: date, to: date };
    case 'week': {
      const from = startOfWeek(date);
      return { key: isoWeek(from), label: `Week of ${dayLabel(from)}`, from, to: addDays(from, 6) };
    }
    case 'month': {
      const from = startOfMonth(date);
      return { key: from.slice(0, 7), label: monthLabel(from), from, to: endOfMonth(from) };
    }
    case 'year': {
      const from = startOfYear(date);
      return { key: from.slice(0, 4), label: from.slice(0, 4), from, to: `${from.slice(0, 4)}-12-31` };
    }
  }
}

/** The period just before one. */
export const previousPeriod = (p: Period, granularity: Granularity): Period =>
  periodOf(addDays(p.from, -1), granularity);

/** Every period of `granularity` from the one holding `from` to the one holding `to`, in order. */
export function periodsBetween(from: string, to: string, granularity: Granularity): Period[] {
  const out: Period[] = [];
  for (let p = periodOf(from, granularity); p.from <= to; p = periodOf(addDays(p.to, 1), granularity)) {
    out.push(p);
  }
  return out;
}
