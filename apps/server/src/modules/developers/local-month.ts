const formats = new Map<string, Intl.DateTimeFormat>();

/** The store's local date, YYYY-MM-DD (live calls are counted per calendar month of the store). */
export function localDay(now: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(now);
}
