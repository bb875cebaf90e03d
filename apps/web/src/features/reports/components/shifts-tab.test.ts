import { describe, expect, it } from 'vitest';
import { closedText, shiftFiltersOf } from './shifts-tab';

describe('the Shifts tab', () => {
  it('shows the closing time alone on the day the shift opened', () => {
    const opened_at = '2026-11-30T07:00:00.000Z';
    expect(closedText({ opened_at, closed_at: null }, 'Africa/Lagos')).toBe('—');
    expect(closedText({ opened_at, closed_at: '2026-11-30T16:30:00.000Z' }, 'Africa/Lagos')).toBe('5:30 PM');
    expect(closedText({ opened_at, closed_at: '2026-12-01T01:15:00.000Z' }, 'Africa/Lagos')).toBe(
      '1 Dec 2026, 2:15 AM',
    );
  });

  it('reads its filters from the URL, leaving out a status it does not know', () => {
    const params = new URLSearchParams('shiftStatus=closed&member=u1');
    const range = { from: '2026-11-01', to: '2026-11-30' };
    expect(shiftFiltersOf((k) => params.get(k), range, 2, 20)).toEqual({
      ...range,
      page: 2,
      perPage: 20,
      status: 'closed',
      memberId: 'u1',
    });
    expect(shiftFiltersOf(() => 'nonsense', range, 1, 20).status).toBeUndefined();
  });
});
