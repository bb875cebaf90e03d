import { describe, expect, it } from 'vitest';
import { currentBucketKey, pointsSoFar } from './trend-series';

const week = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
].map((key, i) => ({ key, label: key.slice(8), value: i * 100 }));

describe('charts cut at now in the store time zone', () => {
  // 23:30 UTC on Wednesday 25 November is already Thursday 26 November in Lagos (UTC+1).
  const lateWednesdayUtc = new Date('2026-11-25T23:30:00Z');

  it('writes the current bucket as the server keys its points', () => {
    expect(currentBucketKey('day', 'Africa/Lagos', lateWednesdayUtc)).toBe('2026-11-26');
    expect(currentBucketKey('day', 'UTC', lateWednesdayUtc)).toBe('2026-11-25');
    expect(currentBucketKey('hour', 'Africa/Lagos', lateWednesdayUtc)).toBe('2026-11-26T00:00');
    expect(currentBucketKey('month', 'Africa/Lagos', new Date('2026-11-30T23:30:00Z'))).toBe('2026-12');
  });

  it('keeps the days that have happened, today included, and drops the days to come', () => {
    expect(pointsSoFar(week, 'day', 'Africa/Lagos', lateWednesdayUtc).map((p) => p.key)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(pointsSoFar(week, 'day', 'UTC', lateWednesdayUtc)).toHaveLength(3);
    // A period wholly past is drawn whole; one wholly to come draws nothing.
    expect(pointsSoFar(week, 'day', 'UTC', new Date('2026-12-01T09:00:00Z'))).toEqual(week);
    expect(pointsSoFar(week, 'day', 'UTC', new Date('2026-11-01T09:00:00Z'))).toEqual([]);
  });

  it('cuts today by the hour and a year by the month', () => {
    const hours = Array.from({ length: 24 }, (_, h) => ({
      key: `2026-11-26T${String(h).padStart(2, '0')}:00`,
    }));
    // 13:05 in Lagos is 12:05 UTC: the hours 00:00 to 13:00 have begun.
    expect(pointsSoFar(hours, 'hour', 'Africa/Lagos', new Date('2026-11-26T12:05:00Z'))).toHaveLength(14);
    const months = Array.from({ length: 12 }, (_, m) => ({ key: `2026-${String(m + 1).padStart(2, '0')}` }));
    expect(pointsSoFar(months, 'month', 'Africa/Lagos', lateWednesdayUtc).at(-1)).toEqual({ key: '2026-11' });
  });
});
