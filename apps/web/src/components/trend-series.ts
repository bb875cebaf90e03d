/**
 * A chart's points cut at now: the server answers every bucket of the period (a whole week, a
 * whole year), but a day that has not happened yet drawn at ₦0 reads as a collapse in sales, so
 * the charts end at the bucket now falls in, in the store's time zone.
 */

export type Granularity = 'hour' | 'day' | 'month';

/**
 * The key of the bucket `now` falls in, store-local, written as the server writes its points'
 * keys: `2026-11-26T13:00` (hour), `2026-11-26` (day), `2026-11` (month).
 */
export function currentBucketKey(granularity: Granularity, timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const month = `${parts.year}-${parts.month}`;
  if (granularity === 'month') return month;
  const day = `${month}-${parts.day}`;
  return granularity === 'day' ? day : `${day}T${parts.hour}:00`;
}

/**
 * The points up to and including the current bucket. Keys of one granularity compare as text in
 * time order (fixed-width, most significant first), so this is a string comparison.
 */
export function pointsSoFar<P extends { key: string }>(
  points: readonly P[],
  granularity: Granularity,
  timeZone: string,
  now = new Date(),
): P[] {
  const current = currentBucketKey(granularity, timeZone, now);
  return points.filter((p) => p.key <= current);
}
