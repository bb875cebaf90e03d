import { MESSAGES } from '@tillbook/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  blankTaxRule,
  fromTaxRule,
  ratesText,
  statesText,
  toTaxRuleBody,
  validateTaxRule,
} from './tax-rule-values';

describe('tax rule form values', () => {
  it("checks the spec's three messages before sending", () => {
    expect(validateTaxRule({ country: ' ', states: [], rates: [], inclusive: false })).toEqual({
      country: MESSAGES.taxCountryEmpty,
      states: MESSAGES.taxStatesEmpty,
      rates: MESSAGES.taxRatesEmpty,
    });
  });

  it('names a blank or odd rate on its own field', () => {
    const values = blankTaxRule({ country: 'Nigeria', state: 'Lagos' });
    expect(values).toEqual({
      country: 'Nigeria',
      states: ['Lagos'],
      rates: [{ name: 'VAT', rate: '' }],
      inclusive: false,
    });
    expect(validateTaxRule(values)).toEqual({ 'rates.0.rate': 'Rate must be a percentage like 7.5' });
    expect(validateTaxRule({ ...values, rates: [{ name: 'VAT', rate: '7.505' }] })).toEqual({
      'rates.0.rate': 'Rate can have at most two decimals',
    });
    expect(validateTaxRule({ ...values, rates: [{ name: 'VAT', rate: '7.5' }] })).toEqual({});
  });

  it('sends rates as numbers and reads a rule back as typed text', () => {
    const body = toTaxRuleBody({
      country: 'Nigeria',
      states: ['Lagos', 'Ogun'],
      rates: [{ name: 'VAT', rate: ' 7.5 ' }],
      inclusive: true,
    });
    expect(body).toEqual({
      country: 'Nigeria',
      states: ['Lagos', 'Ogun'],
      rates: [{ name: 'VAT', rate: 7.5 }],
      inclusive: true,
    });
    const rule = {
      id: 'r1',
      country: 'Nigeria',
      states: ['*'],
      rates: [
        { name: 'VAT', rate: 7.5 },
        { name: 'Levy', rate: 0.5 },
      ],
      inclusive: false,
      created_at: '',
      updated_at: '',
    };
    expect(fromTaxRule(rule).rates).toEqual([
      { name: 'VAT', rate: '7.5' },
      { name: 'Levy', rate: '0.5' },
    ]);
    expect(statesText(rule.states)).toBe('All states');
    expect(statesText(['Lagos', 'Ogun'])).toBe('Lagos, Ogun');
    expect(ratesText(rule.rates)).toBe('VAT 7.5% + Levy 0.5%');
  });
});
