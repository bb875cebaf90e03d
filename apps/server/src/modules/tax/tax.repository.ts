import type { TaxRule } from '@tillbook/contract/tax';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { placeholders, runSql } from '../../lib/sql.js';
import type { TaxRulesTable, TaxRuleStatesTable } from './tax.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredRate {
  name: string;
  rate_bp: number;
}

export function toTaxRule(row: TaxRulesTable): TaxRule {
  return {
    id: row.id,
    country: row.country,
    states: JSON.parse(row.states) as string[],
    rates: (JSON.parse(row.rates) as StoredRate[]).map((r) => ({ name: r.name, rate: r.rate_bp / 100 })),
    inclusive: row.inclusive === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Tax rules of one store; every query is built from the store's id. */
/** The statement `forDestination` runs for `n` state keys; one text per count, built once. */
const destinationText = (n: number) =>
  `select s.state_key, r.id, r.rates, r.inclusive
   from tax_rule_states s join tax_rules r on r.id = s.tax_rule_id
   where s.store_id = ? and s.country_key = ? and s.state_key in (${placeholders(n)})
     and r.store_id = ?`;
const DESTINATION_TEXTS: string[] = [];

export function taxRepository(db: Db, storeId: string) {
  return {
    /** Newest first, as a new record goes to the front of its list. */
    list: () =>
      db.selectFrom('tax_rules').selectAll().where('store_id', '=', storeId).orderBy('id', 'desc').execute(),

    get: (id: string) =>
      db
        .selectFrom('tax_rules')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insert(row: TaxRulesTable): Promise<void> {
      await db.insertInto('tax_rules').values(row).execute();
    },

    update: (id: string, values: Partial<Omit<TaxRulesTable, 'id' | 'store_id'>>) =>
      db
        .updateTable('tax_rules')
        .set(values)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    async remove(id: string): Promise<void> {
      // Its state keys go with it (foreign key on delete cascade), deleted here too so neither
      // engine's cascade setting matters.
      await db
        .deleteFrom('tax_rule_states')
        .where('store_id', '=', storeId)
        .where('tax_rule_id', '=', id)
        .execute();
      await db.deleteFrom('tax_rules').where('store_id', '=', storeId).where('id', '=', id).execute();
    },

    /** Rules other than `exceptId` that already hold any of these states of a country. */
    holders: (countryKey: string, stateKeys: string[], exceptId?: string) => {
      let q = db
        .selectFrom('tax_rule_states')
        .select(['state_key', 'tax_rule_id'])
        .where('store_id', '=', storeId)
        .where('country_key', '=', countryKey)
        .where('state_key', 'in', stateKeys);
      if (exceptId) q = q.where('tax_rule_id', '!=', exceptId);
      return q.execute();
    },

    /** Replaces a rule's state keys. */
    async setStates(
      ruleId: string,
      rows: Omit<TaxRuleStatesTable, 'store_id' | 'tax_rule_id'>[],
    ): Promise<void> {
      await db
        .deleteFrom('tax_rule_states')
        .where('store_id', '=', storeId)
        .where('tax_rule_id', '=', ruleId)
        .execute();
      if (rows.length) {
        await db
          .insertInto('tax_rule_states')
          .values(rows.map((r) => ({ ...r, store_id: storeId, tax_rule_id: ruleId })))
          .execute();
      }
    },

    /**
     * The rules of a country that name this state or every state (`*`), in one indexed look-up;
     * at most two rows.
     */
    /** Plain SQL: every sale and quote runs it (decision 0009). */
    forDestination: async (countryKey: string, stateKeys: string[]) =>
      (
        await runSql<{ state_key: string; id: string; rates: string; inclusive: number }>(
          db,
          (DESTINATION_TEXTS[stateKeys.length] ??= destinationText(stateKeys.length)),
          [storeId, countryKey, ...stateKeys, storeId],
        )
      ).rows,
  };
}
