import { ALL_STATES, createTaxRuleBody, type TaxRule } from '@tillbook/contract/tax';
import { schemaErrors, type SchemaFormOptions } from '../../../lib/forms';
import type { CreateTaxRuleBody } from '../api/save-tax-rule';

/** The tax form as typed: rates as text, so "7." can be typed on the way to "7.5". */
export type TaxRuleValues = {
  country: string;
  states: string[];
  rates: Array<{ name: string; rate: string }>;
  inclusive: boolean;
};

/** A new rule starts at the store's own country and state, with a VAT line to fill in. */
export function blankTaxRule(place: { country: string | null; state: string | null }): TaxRuleValues {
  return {
    country: place.country ?? '',
    states: place.state ? [place.state] : [],
    rates: [{ name: 'VAT', rate: '' }],
    inclusive: false,
  };
}

export function fromTaxRule(rule: TaxRule): TaxRuleValues {
  return {
    country: rule.country,
    states: rule.states,
    rates: rule.rates.map((r) => ({ name: r.name, rate: String(r.rate) })),
    inclusive: rule.inclusive,
  };
}

export function toTaxRuleBody(v: TaxRuleValues): CreateTaxRuleBody {
  return {
    country: v.country,
    states: v.states,
    // Blank or not a number stays not-a-number, for the schema to name.
    rates: v.rates.map((r) => ({ name: r.name, rate: r.rate.trim() ? Number(r.rate.trim()) : Number.NaN })),
    inclusive: v.inclusive,
  };
}

/** How the schema form helper checks the form: the body the rule is sent as. */
export const taxRuleChecks: SchemaFormOptions<TaxRuleValues> = { toBody: toTaxRuleBody };

/**
 * The contract's rules, checked before sending: the spec's three messages ('Country is not
 * allowed to be empty', 'State must contain at least one item', 'Rates must contain at least one
 * item') and each rate's, keyed by the form's field paths (`rates.0.rate`), as the server keys them.
 */
export const validateTaxRule = (v: TaxRuleValues) => schemaErrors(createTaxRuleBody, v, taxRuleChecks);

export const isAllStates = (states: readonly string[]) => states.length === 1 && states[0] === ALL_STATES;

export const statesText = (states: readonly string[]) =>
  states.length === 0 || isAllStates(states) ? 'All states' : states.join(', ');

export const ratesText = (rates: TaxRule['rates']) => rates.map((r) => `${r.name} ${r.rate}%`).join(' + ');
