import { DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import { NIGERIAN_STATES } from '../../lib/nigerian-states';

export const INDUSTRIES = [
  'Fashion and clothing',
  'Food and drinks',
  'Groceries and supermarket',
  'Beauty and cosmetics',
  'Electronics and phones',
  'Pharmacy and health',
  'Home and furniture',
  'Books and stationery',
  'Building materials',
  'Services',
  'Other',
];

/** Nigeria's states (and the FCT) when the country is Nigeria; null where the state is typed. */
export function stateChoices(country: string): readonly string[] | null {
  return ['nigeria', 'ng'].includes(country.trim().toLowerCase()) ? NIGERIAN_STATES : null;
}

/**
 * Every IANA time zone the browser knows, for a list rather than free text; `UTC` is added where
 * the browser leaves it out (Chrome lists only the geographic names), and an old browser without
 * `Intl.supportedValuesOf` offers at least the default.
 */
export function timeZoneChoices(fallback: string = DEFAULT_TIMEZONE): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [fallback];
  return [...new Set([...zones, fallback, 'UTC'])].sort();
}

/** The device's own time zone when the list has it (a shop is set up where it trades), else the default. */
export function detectedTimeZone(choices: readonly string[], fallback: string = DEFAULT_TIMEZONE): string {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  return zone && choices.includes(zone) ? zone : fallback;
}
