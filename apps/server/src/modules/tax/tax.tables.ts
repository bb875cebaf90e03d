/** Table types of tax rules (migration 0007-shipping-tax). */
export interface TaxRulesTable {
  id: string;
  store_id: string;
  country: string;
  /** JSON array of state names as entered; `["*"]` is every state. */
  states: string;
  /** JSON array of `{ name, rate_bp }`; 7.5 % is 750 basis points. */
  rates: string;
  /** 0/1: prices already include the tax. */
  inclusive: number;
  created_at: string;
  updated_at: string;
}

/** One row per state of a rule, keyed by lowercased names: the unique key of a state per country. */
export interface TaxRuleStatesTable {
  store_id: string;
  country_key: string;
  state_key: string;
  tax_rule_id: string;
}

declare module '../../db/schema.js' {
  interface Database {
    tax_rules: TaxRulesTable;
    tax_rule_states: TaxRuleStatesTable;
  }
}
