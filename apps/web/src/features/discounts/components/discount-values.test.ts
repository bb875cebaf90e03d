import { createDiscountBody } from '@tillbook/contract/discounts';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../lib/forms';
import { blankDiscount, discountChecks, toDiscountBody } from './discount-values';

const errors = (v: Partial<typeof blankDiscount>) =>
  schemaErrors(createDiscountBody, { ...blankDiscount, ...v }, discountChecks);

describe('discount form values', () => {
  it('sends a percentage as typed and an amount off in minor units', () => {
    expect(toDiscountBody({ ...blankDiscount, name: ' Tea ', value: '12.5' }, false)).toMatchObject({
      name: 'Tea',
      type: 'percentage',
      value: 12.5,
    });
    const fixed = toDiscountBody({ ...blankDiscount, name: 'Tea', type: 'fixed', amount: 50050 }, true);
    expect(fixed).toMatchObject({ type: 'fixed', value: 50050, min_order_amount: null, usage_limit: null });
  });

  it('names every problem at once, with the contract messages where it has them', () => {
    expect(errors({ applies_to: 'products', starts_at: '2026-02-02', ends_at: '2026-01-01' })).toEqual({
      name: 'Discount name is required',
      value: 'Enter a percentage like 10 or 12.5',
      product_ids: 'Choose at least one product',
      ends_at: 'The end must be after the start',
    });
    expect(errors({ name: 'X', value: '150' })).toEqual({ value: 'A percentage cannot be more than 100' });
    expect(errors({ name: 'X', value: '7.555', usage_limit: '0' })).toEqual({
      value: 'A percentage can have at most two decimals',
      usage_limit: 'Usage limit must be at least 1',
    });
    expect(errors({ name: 'X', type: 'fixed', amount: Number.NaN, min_order_amount: Number.NaN })).toEqual({
      value: 'Enter an amount like 500 or 500.50',
      min_order_amount: 'Enter an amount like 5000',
    });
    expect(errors({ name: 'X', type: 'fixed', amount: 50000, min_order_amount: 500000 })).toEqual({});
  });
});
