import { z } from 'zod';
import { defineRoutes, idParam } from './common.js';
import { ALL_STATES, MESSAGES } from './constants.js';

export { ALL_STATES } from './constants.js';

export const MAX_TAX_RATES = 10;
export const MAX_REGION_STATES = 100;

export const taxRateSchema = z.object({
  name: z.string(),
  /** Percent, up to two decimals (7.5 is 7.5 %). */
  rate: z.number(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const taxRuleSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** As entered; `["*"]` is every state of the country. */
  states: z.array(z.string()),
  rates: z.array(taxRateSchema),
  /** Prices already include the tax: orders show it without adding it. */
  inclusive: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;

/** Spaces trimmed and runs of spaces made one, so "Cross  River" and "Cross River" are one state. */
const tidy = (v: string) => v.trim().replace(/\s+/g, ' ');

/** A country name, required, with the spec's message whether it is missing or blank. */
export const countryName = z
  .string({ error: MESSAGES.taxCountryEmpty })
  .transform(tidy)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.taxCountryEmpty })
      .max(100, { error: 'Country must be at most 100 characters' }),
  );

/** State names, each once (ignoring case), in the order given. */
export const stateNames = z
  .array(
    z
      .string({ error: 'Each state must be a name' })
      .transform(tidy)
      .pipe(
        z
          .string()
          .min(1, { error: 'Each state must have a name' })
          .max(100, { error: 'A state name must be at most 100 characters' }),
      ),
    { error: 'States must be a list of state names' },
  )
  .max(MAX_REGION_STATES, { error: `At most ${MAX_REGION_STATES} states` })
  .transform((states) => {
    const seen = new Set<string>();
    return states.filter((s) => {
      const key = s.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const taxStates = z
  .array(z.unknown(), { error: MESSAGES.taxStatesEmpty })
  .min(1, { error: MESSAGES.taxStatesEmpty })
  .pipe(stateNames)
  .refine((states) => states.length === 1 || !states.includes(ALL_STATES), {
    error: `Use ${ALL_STATES} on its own to mean every state`,
  });

export const taxRateInput = z.object({
  name: z
    .string({ error: 'Rate name is required' })
    .trim()
    .min(1, { error: 'Rate name is required' })
    .max(60, { error: 'Rate name must be at most 60 characters' }),
  rate: z
    .number({ error: 'Rate must be a percentage like 7.5' })
    .gt(0, { error: 'Rate must be more than 0' })
    .max(100, { error: 'Rate cannot be more than 100' })
    // Kept as basis points: a third decimal would be lost.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: 'Rate can have at most two decimals',
    }),
});

const taxRates = z
  .array(taxRateInput, { error: MESSAGES.taxRatesEmpty })
  .min(1, { error: MESSAGES.taxRatesEmpty })
  .max(MAX_TAX_RATES, { error: `At most ${MAX_TAX_RATES} rates` })
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((r, i) => {
      const key = r.name.toLowerCase();
      // Orders list each rate by name: two of one name would read as one.
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Each rate needs its own name' });
      seen.add(key);
    });
  });

const inclusive = z.boolean({ error: 'Inclusive must be true or false' });

export const createTaxRuleBody = z.object({
  country: countryName,
  states: taxStates,
  rates: taxRates,
  inclusive: inclusive.optional(),
});

export const updateTaxRuleBody = z
  .object({
    country: countryName.optional(),
    states: taxStates.optional(),
    rates: taxRates.optional(),
    inclusive: inclusive.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one field to change',
  });

export const taxRoutes = defineRoutes({
  create: {
    method: 'POST',
    path: '/tax',
    access: 'settings.manage',
    summary: 'Add a tax rule: a country, its states (or * for all) and one or more rates',
    body: createTaxRuleBody,
    response: taxRuleSchema,
  },
  listForStore: {
    method: 'GET',
    path: '/tax/store/:id',
    access: 'member',
    summary: "A store's tax rules: {id} names the store (a store the user is not a member of is 404)",
    params: idParam,
    storeParam: 'id',
    response: z.array(taxRuleSchema),
  },
  update: {
    method: 'PATCH',
    path: '/tax/update/:id',
    access: 'settings.manage',
    summary: 'Change a tax rule',
    params: idParam,
    body: updateTaxRuleBody,
    response: taxRuleSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/tax/delete/:id',
    access: 'settings.manage',
    summary: 'Delete a tax rule (orders already placed keep their tax)',
    params: idParam,
    response: z.object({ id: z.string() }),
  },
});
