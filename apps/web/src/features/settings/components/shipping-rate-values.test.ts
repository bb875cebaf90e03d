import { describe, expect, it } from 'vitest';
import {
  blankShippingRate,
  estimateText,
  fromShippingRate,
  toShippingRateBody,
  validateShippingRate,
} from './shipping-rate-values';

describe('shipping rate form values', () => {
  it('sends the fee in minor units and clears an emptied estimate only on edit', () => {
    const values = {
      ...blankShippingRate('Nigeria'),
      name: 'Lagos express',
      fee: 150050,
      states: ['Lagos'],
    };
    expect(toShippingRateBody(values, false)).toEqual({
      name: 'Lagos express',
      country: 'Nigeria',
      states: ['Lagos'],
      fee: 150050,
      is_active: true,
    });
    expect(toShippingRateBody(values, true).estimated_days).toBeNull();
    expect(toShippingRateBody({ ...values, estimated_days: ' 2-3 ' }, false).estimated_days).toBe('2-3');
  });

  it('reads a rate back (the money input shows its fee in major units)', () => {
    const rate = {
      id: 's1',
      name: 'Nationwide',
      country: 'Nigeria',
      states: [],
      fee: 250000,
      estimated_days: null,
      is_active: false,
      created_at: '',
      updated_at: '',
    };
    expect(fromShippingRate(rate)).toEqual({
      name: 'Nationwide',
      country: 'Nigeria',
      states: [],
      fee: 250000,
      estimated_days: '',
      is_active: false,
    });
  });

  it('names each problem before sending', () => {
    expect(validateShippingRate(blankShippingRate(null))).toEqual({
      name: 'Name is required',
      country: 'Country is not allowed to be empty',
      fee: 'Enter the fee, 0 for free delivery',
    });
    expect(
      // What the money input holds for "15.555": not an amount.
      validateShippingRate({ ...blankShippingRate('Nigeria'), name: 'X', fee: Number.NaN }).fee,
    ).toBe('Enter an amount like 1500 or 1,500.50');
    expect(validateShippingRate({ ...blankShippingRate('Nigeria'), name: 'X', fee: 0 })).toEqual({});
  });

  it('reads estimates as days', () => {
    expect(estimateText('1')).toBe('1 day');
    expect(estimateText('2-3')).toBe('2–3 days');
    expect(estimateText('Same day')).toBe('Same day');
    expect(estimateText(null)).toBeNull();
  });
});
