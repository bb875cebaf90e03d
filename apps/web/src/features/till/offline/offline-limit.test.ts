import { describe, expect, it } from 'vitest';
import { offlineLimit } from './offline-limit';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-26T12:00:00Z');
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
const settings = { offline_max_hours: 24, offline_max_sales: 3 };

describe('offline limits', () => {
  it('lets the till sell while under the count, the age and with fresh prices', () => {
    expect(offlineLimit({ settings, syncedAt: at(1), unsent: [{ soldAt: at(2) }], now })).toBeNull();
  });

  it('stops at the number of sales the store allows', () => {
    const unsent = [{ soldAt: at(1) }, { soldAt: at(1) }, { soldAt: at(1) }];
    expect(offlineLimit({ settings, syncedAt: at(1), unsent, now })).toBe(
      '3 sales are waiting on this till, the most the store allows. Connect to the internet to send them before selling more offline.',
    );
  });

  it('stops when the oldest sale has waited longer than allowed (24 hours by default)', () => {
    expect(offlineLimit({ settings, syncedAt: at(1), unsent: [{ soldAt: at(25) }], now })).toBe(
      'A sale has waited on this till for more than 24 hours, the longest the store allows. Connect to the internet to send it before selling more offline.',
    );
  });

  it('stops when the prices on the till are older than allowed', () => {
    expect(
      offlineLimit({ settings: { ...settings, offline_max_hours: 1 }, syncedAt: at(2), unsent: [], now }),
    ).toBe(
      "This till's prices are more than 1 hour old. Connect to the internet to bring them up to date before selling offline.",
    );
  });
});
