import { describe, expect, it } from 'vitest';
import { presetRange } from './report-period';

describe('presetRange', () => {
  const today = '2026-11-26'; // a Thursday

  it('covers the named periods ending today, weeks from Monday', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('week', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetRange('month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(presetRange('last_30', today)).toEqual({ from: '2026-10-28', to: today });
  });

  it('takes last month whole, across a year end', () => {
    expect(presetRange('last_month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('starts a Sunday week on the Monday before', () => {
    expect(presetRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });
});
