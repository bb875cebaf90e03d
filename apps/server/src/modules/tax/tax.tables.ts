import type { Table } from '../../db/schema.js';

/**
 * Tax rules (migration 0007-shipping-tax); columns from the generated schema (decision 0054).
 * `states`: JSON array of state names as entered, `["*"]` is every state; `rates`: JSON array of
 * `{ name, rate_bp }` (7.5 % is 750 basis points); `inclusive`: 0/1, prices already include the tax.
 */
export type TaxRulesTable = Table<'tax_rules'>;

/** One row per state of a rule, keyed by lowercased names: the unique key of a state per country. */
export type TaxRuleStatesTable = Table<'tax_rule_states'>;
