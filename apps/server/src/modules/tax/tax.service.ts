import {
  ALL_STATES,
  type createTaxRuleBody,
  type TaxRule,
  type updateTaxRuleBody,
} from '@tillbook/contract/tax';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/sql.js';
import { taxRepository, toTaxRule, type StoredRate } from './tax.repository.js';
import type { TaxRulesTable } from './tax.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How two spellings of a place compare: "Cross  River " and "cross river" are one state. */
export const regionKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const storedRates = (rates: ReadonlyArray<{ name: string; rate: number }>): StoredRate[] =>
  rates.map((r) => ({ name: r.name, rate_bp: Math.round(r.rate * 100) }));

const rateText = (rule: Pick<TaxRule, 'rates'>) => rule.rates.map((r) => `${r.name} ${r.rate}%`).join(' + ');

const placeText = (rule: Pick<TaxRule, 'country' | 'states'>) =>
  rule.states.includes(ALL_STATES)
    ? `${rule.country} (all states)`
    : `${rule.country} (${rule.states.join(', ')})`;

const auditable = ({ id: _i, created_at: _c, updated_at: _u, ...rest }: TaxRule) => rest;

const listText = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * A state may belong to only one rule per country, so an order's rule is never ambiguous:
 * 409 naming the states another rule already has.
 */
async function assertStatesFree(
  db: Db,
  ctx: StoreContext,
  country: string,
  states: string[],
  exceptId?: string,
) {
  const keys = states.map(regionKey);
  if (!keys.length) return;
  const taken = new Set(
    (await taxRepository(db, ctx.storeId).holders(regionKey(country), keys, exceptId)).map(
      (h) => h.state_key,
    ),
  );
  if (!taken.size) return;
  if (taken.has(ALL_STATES)) {
    throw conflict(
      `${country} already has a tax rule for all its states (*). A country can have one such rule: edit that rule instead.`,
      { states: 'Another tax rule already covers all states of this country' },
    );
  }
  const names = states.filter((s) => taken.has(regionKey(s)));
  throw conflict(
    `${listText(names)} already ${names.length === 1 ? 'has' : 'have'} a tax rule in ${country}. A state can belong to only one tax rule per country: edit that rule, or leave ${names.length === 1 ? 'it' : 'them'} out of this one.`,
    { states: `Already in another tax rule: ${names.join(', ')}` },
  );
}

/**
 * Runs a save that claims states; a concurrent save that claimed one first fails the unique key
 * of `tax_rule_states`, and is answered with the same 409 as the check before it.
 */
async function claimingStates<T>(
  ctx: StoreContext,
  claim: { country: string; states: string[]; exceptId?: string },
  save: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await assertStatesFree(trx, ctx, claim.country, claim.states, claim.exceptId);
      return save(trx);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertStatesFree(ctx.db, ctx, claim.country, claim.states, claim.exceptId);
    throw error;
  }
}

const stateRows = (country: string, states: string[]) =>
  states.map((s) => ({ country_key: regionKey(country), state_key: regionKey(s) }));

/**
 * `{id}` of `/tax/store/{id}` names the store, which must be the request's own store (the
 * session's, or `?storeId=`): any other id is answered as a store that does not exist.
 */
export async function listTaxRules(ctx: StoreContext, storeId: string): Promise<TaxRule[]> {
  if (storeId !== ctx.storeId) throw notFound('Store');
  return (await taxRepository(ctx.db, ctx.storeId).list()).map(toTaxRule);
}

export async function createTaxRule(
  ctx: StoreContext,
  body: z.output<typeof createTaxRuleBody>,
): Promise<TaxRule> {
  const now = ctx.now.toISOString();
  const row: TaxRulesTable = {
    id: newId(),
    store_id: ctx.storeId,
    country: body.country,
    states: JSON.stringify(body.states),
    rates: JSON.stringify(storedRates(body.rates)),
    inclusive: body.inclusive ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  const rule = toTaxRule(row);
  await claimingStates(ctx, { country: body.country, states: body.states }, async (trx) => {
    const repo = taxRepository(trx, ctx.storeId);
    await repo.insert(row);
    await repo.setStates(row.id, stateRows(body.country, body.states));
    await writeAudit(trx, ctx, {
      action: 'tax_rule.created',
      entity: 'tax_rule',
      entityId: row.id,
      summary: `Tax rule for ${placeText(rule)} added: ${rateText(rule)}${rule.inclusive ? ' (included in prices)' : ''}`,
      after: auditable(rule),
    });
  });
  return rule;
}

export async function updateTaxRule(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateTaxRuleBody>,
): Promise<TaxRule> {
  const found = await taxRepository(ctx.db, ctx.storeId).get(id);
  if (!found) throw notFound('Tax rule');
  const before = toTaxRule(found);
  const country = body.country ?? before.country;
  const states = body.states ?? before.states;
  const placeChanged = body.country !== undefined || body.states !== undefined;
  return claimingStates(ctx, { country, states: placeChanged ? states : [], exceptId: id }, async (trx) => {
    const repo = taxRepository(trx, ctx.storeId);
    const row = await repo.update(id, {
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.states !== undefined ? { states: JSON.stringify(body.states) } : {}),
      ...(body.rates !== undefined ? { rates: JSON.stringify(storedRates(body.rates)) } : {}),
      ...(body.inclusive !== undefined ? { inclusive: body.inclusive ? 1 : 0 } : {}),
      updated_at: ctx.now.toISOString(),
    });
    if (placeChanged) await repo.setStates(id, stateRows(country, states));
    const after = toTaxRule(row);
    await writeAudit(trx, ctx, {
      action: 'tax_rule.updated',
      entity: 'tax_rule',
      entityId: id,
      summary: `Tax rule for ${placeText(after)} updated: ${rateText(after)}`,
      before: auditable(before),
      after: auditable(after),
    });
    return after;
  });
}

/** Orders already placed keep the tax they were charged: they hold their own copy. */
export async function deleteTaxRule(ctx: StoreContext, id: string): Promise<{ id: string }> {
  const found = await taxRepository(ctx.db, ctx.storeId).get(id);
  if (!found) throw notFound('Tax rule');
  const before = toTaxRule(found);
  await ctx.db.transaction().execute(async (trx) => {
    await taxRepository(trx, ctx.storeId).remove(id);
    await writeAudit(trx, ctx, {
      action: 'tax_rule.deleted',
      entity: 'tax_rule',
      entityId: id,
      summary: `Tax rule for ${placeText(before)} deleted`,
      before: auditable(before),
    });
  });
  return { id };
}
