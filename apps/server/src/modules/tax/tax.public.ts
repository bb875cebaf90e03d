import { ALL_STATES, type TaxRule } from '@tillbook/contract/tax';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { taxRepository, toTaxRule, type StoredRate } from './tax.repository.js';
import { regionKey } from './tax.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules may use of the tax rules (decision 0025): the rule an order's destination pays. */

export interface DestinationTax {
  id: string;
  rates: Array<{ name: string; rateBp: number }>;
  inclusive: boolean;
}

/**
 * The rule an order to this place pays, for the orders module: the rule of its country that
 * names its state, else the country's rule for all states (`*`), else none. No country, no tax.
 */
export async function taxRuleForDestination(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  destination: { country: string | null; state: string | null },
): Promise<DestinationTax | null> {
  if (!destination.country?.trim()) return null;
  const state = destination.state?.trim() ? regionKey(destination.state) : null;
  const keys = state && state !== ALL_STATES ? [state, ALL_STATES] : [ALL_STATES];
  const rows = await taxRepository(db, ctx.storeId).forDestination(regionKey(destination.country), keys);
  const row = rows.find((r) => r.state_key !== ALL_STATES) ?? rows[0];
  if (!row) return null;
  return {
    id: row.id,
    rates: (JSON.parse(row.rates) as StoredRate[]).map((r) => ({ name: r.name, rateBp: r.rate_bp })),
    inclusive: row.inclusive === 1,
  };
}

/** Every tax rule of the store as the API lists it, for the till's copy (decision 0036). */
export async function taxRulesOfStore(db: Db, ctx: Pick<StoreContext, 'storeId'>): Promise<TaxRule[]> {
  return (await taxRepository(db, ctx.storeId).list()).map(toTaxRule);
}
