import { storeDate } from '../../../lib/format';

export const PRESETS = [
  'today',
  'yesterday',
  'week',
  'month',
  'last_month',
  'last_30',
  'year',
  'custom',
] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  week: 'This week',
  month: 'This month',
  last_month: 'Last month',
  last_30: 'Last 30 days',
  year: 'This year',
  custom: 'Custom range',
};

export const isPreset = (v: string | null): v is Preset => PRESETS.includes(v as Preset);

const shift = (date: string, days: number) => storeDate('UTC', days, new Date(`${date}T12:00:00Z`));

/**
 * The store-local days a preset covers, ending today (weeks start on Monday, as the server's).
 * `today` is the store's date, so a shop in Lagos gets Lagos days whatever the browser's zone.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  const [y, m] = today.split('-');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const d = shift(today, -1);
      return { from: d, to: d };
    }
    case 'week': {
      const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday
      return { from: shift(today, -((weekday + 6) % 7)), to: today };
    }
    case 'month':
      return { from: `${y}-${m}-01`, to: today };
    case 'last_month': {
      const lastDay = shift(`${y}-${m}-01`, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'last_30':
      return { from: shift(today, -29), to: today };
    case 'year':
      return { from: `${y}-01-01`, to: today };
  }
}
