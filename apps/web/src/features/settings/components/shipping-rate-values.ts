import { createShippingRateBody, type ShippingRate } from '@tillbook/contract/shipping';
import { schemaErrors, type SchemaFormOptions } from '../../../lib/forms';
import type { CreateShippingRateBody } from '../api/save-shipping-rate';

/** The shipping form: the fee in minor units (`MoneyInput`; NaN while not an amount), the estimate as text. */
export type ShippingRateValues = {
  name: string;
  country: string;
  states: string[];
  fee: number | null;
  estimated_days: string;
  is_active: boolean;
};

export function blankShippingRate(country: string | null): ShippingRateValues {
  return { name: '', country: country ?? '', states: [], fee: null, estimated_days: '', is_active: true };
}

export function fromShippingRate(rate: ShippingRate): ShippingRateValues {
  return {
    name: rate.name,
    country: rate.country,
    states: rate.states,
    fee: rate.fee,
    estimated_days: rate.estimated_days ?? '',
    is_active: rate.is_active,
  };
}

/** On edit an emptied estimate is sent as null, so it is cleared. */
export function toShippingRateBody(v: ShippingRateValues, editing: boolean): CreateShippingRateBody {
  const days = v.estimated_days.trim();
  return {
    name: v.name,
    country: v.country,
    states: v.states,
    fee: v.fee ?? Number.NaN,
    ...(days ? { estimated_days: days } : editing ? { estimated_days: null } : {}),
    is_active: v.is_active,
  };
}

/**
 * How the schema form helper checks the form: the body as sent on create (the contract's rules),
 * and the fee box's own messages (empty, or not an amount), which the body cannot tell apart.
 */
export const shippingRateChecks: SchemaFormOptions<ShippingRateValues> = {
  toBody: (v) => toShippingRateBody(v, false),
  check: (v) => ({
    fee:
      v.fee === null
        ? 'Enter the fee, 0 for free delivery'
        : Number.isNaN(v.fee)
          ? 'Enter an amount like 1500 or 1,500.50'
          : undefined,
  }),
};

/** The contract's rules, checked before sending (what the form shows). */
export const validateShippingRate = (v: ShippingRateValues) =>
  schemaErrors(createShippingRateBody, v, shippingRateChecks);

/** "2-3" and "5" read as days; other text ("Same day") is shown as written. */
export function estimateText(estimate: string | null): string | null {
  if (!estimate) return null;
  if (/^\d+$/.test(estimate)) return `${estimate} day${estimate === '1' ? '' : 's'}`;
  if (/^\d+\s*[-–]\s*\d+$/.test(estimate)) return `${estimate.replace(/\s*[-–]\s*/, '–')} days`;
  return estimate;
}

export const regionText = (r: Pick<ShippingRate, 'country' | 'states'>) =>
  r.states.length ? `${r.country}: ${r.states.join(', ')}` : `${r.country}: all states`;
