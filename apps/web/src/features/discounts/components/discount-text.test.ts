import { describe, expect, it } from 'vitest';
import { discountValueText, localDay, periodText, usageText } from './discount-text';

describe('discount texts', () => {
  it('shows a percentage or an amount in the store currency', () => {
    expect(discountValueText({ type: 'percentage', value: 12.5 }, 'NGN')).toBe('12.5% off');
    expect(discountValueText({ type: 'fixed', value: 50000 }, 'NGN')).toBe('₦500.00 off');
  });

  it('shows usage against its limit', () => {
    expect(usageText({ used_count: 3, usage_limit: 10 })).toBe('3 / 10');
    expect(usageText({ used_count: 0, usage_limit: null })).toBe('0 / no limit');
  });

  it('shows the days it runs in the store time zone', () => {
    // A whole day in Lagos starts at 23:00 UTC the evening before.
    const december = { starts_at: '2026-11-30T23:00:00.000Z', ends_at: '2026-12-31T22:59:59.999Z' };
    expect(periodText(december, 'Africa/Lagos')).toBe('1 Dec 2026 – 31 Dec 2026');
    expect(periodText({ starts_at: null, ends_at: december.ends_at }, 'Africa/Lagos')).toBe(
      'Until 31 Dec 2026',
    );
    expect(periodText({ starts_at: null, ends_at: null }, 'Africa/Lagos')).toBe('Always');
    expect(localDay(december.starts_at, 'Africa/Lagos')).toBe('2026-12-01');
    expect(localDay(december.starts_at, 'UTC')).toBe('2026-11-30');
    expect(localDay(null, 'UTC')).toBe('');
  });
});
