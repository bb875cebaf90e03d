import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants.js';
import { createShippingRateBody, updateShippingRateBody } from './shipping.js';
import { createTaxRuleBody, updateTaxRuleBody } from './tax.js';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('tax rule body', () => {
  it("gives the spec's three messages for a missing or empty country, states and rates", () => {
    expect(messages(createTaxRuleBody.safeParse({}))).toEqual({
      country: MESSAGES.taxCountryEmpty,
      states: MESSAGES.taxStatesEmpty,
      rates: MESSAGES.taxRatesEmpty,
    });
    expect(messages(createTaxRuleBody.safeParse({ country: '  ', states: [], rates: [] }))).toEqual({
      country: MESSAGES.taxCountryEmpty,
      states: MESSAGES.taxStatesEmpty,
      rates: MESSAGES.taxRatesEmpty,
    });
  });

  it('tidies names, drops repeated states and keeps two-decimal percentages', () => {
    const parsed = createTaxRuleBody.parse({
      country: ' Nigeria ',
      states: ['Lagos', ' cross   river ', 'lagos'],
      rates: [{ name: 'VAT', rate: 7.5 }],
    });
    expect(parsed).toEqual({
      country: 'Nigeria',
      states: ['Lagos', 'cross river'],
      rates: [{ name: 'VAT', rate: 7.5 }],
    });
    expect(createTaxRuleBody.safeParse({ ...parsed, rates: [{ name: 'VAT', rate: 0.29 }] }).success).toBe(
      true,
    );
  });

  it('refuses odd rates, repeated rate names and * mixed with states', () => {
    expect(
      messages(
        createTaxRuleBody.safeParse({
          country: 'Nigeria',
          states: ['*', 'Lagos'],
          rates: [
            { name: 'VAT', rate: 7.555 },
            { name: 'vat', rate: 0 },
            { name: '', rate: 101 },
          ],
        }),
      ),
    ).toEqual({
      states: 'Use * on its own to mean every state',
      'rates.0.rate': 'Rate can have at most two decimals',
      'rates.1.name': 'Each rate needs its own name',
      'rates.1.rate': 'Rate must be more than 0',
      'rates.2.name': 'Rate name is required',
      'rates.2.rate': 'Rate cannot be more than 100',
    });
  });

  it('checks only the fields an edit sends, and wants one', () => {
    expect(updateTaxRuleBody.parse({ inclusive: true })).toEqual({ inclusive: true });
    expect(messages(updateTaxRuleBody.safeParse({ states: [] }))).toEqual({
      states: MESSAGES.taxStatesEmpty,
    });
    expect(messages(updateTaxRuleBody.safeParse({}))).toEqual({ '': 'Send at least one field to change' });
  });
});

describe('shipping rate body', () => {
  it('takes a whole country, a fee in minor units and an estimate as a number or text', () => {
    expect(
      createShippingRateBody.parse({
        name: 'Lagos express',
        country: 'Nigeria',
        fee: 150_000,
        estimated_days: 2,
      }),
    ).toEqual({ name: 'Lagos express', country: 'Nigeria', fee: 150_000, estimated_days: '2' });
    expect(
      createShippingRateBody.parse({
        name: 'Nationwide',
        country: 'Nigeria',
        states: ['*'],
        fee: 0,
        estimated_days: ' 3-5 ',
      }),
    ).toMatchObject({ states: [], estimated_days: '3-5' });
    expect(updateShippingRateBody.parse({ estimated_days: '' })).toEqual({ estimated_days: null });
  });

  it('names each problem', () => {
    expect(
      messages(createShippingRateBody.safeParse({ name: '', country: '', fee: 10.5, estimated_days: -1 })),
    ).toEqual({
      name: 'Name is required',
      country: MESSAGES.taxCountryEmpty,
      fee: 'Fee must be a whole number of minor units (kobo)',
      estimated_days: 'Estimated days must be text like "2-3" or a whole number of days',
    });
  });
});
