import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, toMinor } from './format';

describe('money and dates', () => {
  it('formats minor units in the store currency', () => {
    expect(formatMoney(5_000_000, 'NGN')).toBe('₦50,000.00');
    expect(formatMoney(1500, 'JPY')).toMatch(/1,500/);
  });
  it('reads amounts typed in major units without floating point', () => {
    expect(toMinor('1,500.5', 'NGN')).toBe(150_050);
    expect(toMinor('0.29', 'NGN')).toBe(29);
    expect(toMinor('12.345', 'NGN')).toBeNull();
    expect(toMinor('abc')).toBeNull();
  });
  it("shows dates in the store's time zone", () => {
    expect(formatDateTime('2026-08-10T08:45:00Z', 'Africa/Lagos')).toBe('10 Aug 2026, 9:45 AM');
  });
});
