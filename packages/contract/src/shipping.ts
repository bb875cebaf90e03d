import { z } from 'zod';
import { defineRoutes, idParam, money } from './common.js';
import { ALL_STATES, countryName, stateNames } from './tax.js';

export const shippingRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  /** The states it delivers to; empty is the whole country. */
  states: z.array(z.string()),
  /** Minor units. */
  fee: z.number().int(),
  /** Free text shown to the cashier and on the order: "2-3" (days), "Same day". */
  estimated_days: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

/**
 * A delivery estimate: a whole number of days (3) is kept as its text, so "2-3" and "Same day"
 * can be written too. Empty clears it.
 */
export const estimatedDays = z
  .union(
    [
      z
        .number()
        .int({ error: 'Estimated days must be a whole number' })
        .min(0, { error: 'Estimated days cannot be negative' })
        .max(365, { error: 'Estimated days must be at most 365' })
        .transform(String),
      z.string().trim().max(50, { error: 'Estimated days must be at most 50 characters' }),
    ],
    { error: 'Estimated days must be text like "2-3" or a whole number of days' },
  )
  .transform((v) => v || null);

/** `*` means the whole country, as an empty list does. */
const shippingStates = stateNames.transform((states) => (states.includes(ALL_STATES) ? [] : states));

const shippingFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  country: countryName,
  states: shippingStates,
  fee: money('Fee'),
  estimated_days: estimatedDays.optional().nullable(),
  is_active: z.boolean({ error: 'Active must be true or false' }),
};

export const createShippingRateBody = z.object({
  ...shippingFields,
  states: shippingFields.states.optional(),
  is_active: shippingFields.is_active.optional(),
});

export const updateShippingRateBody = z
  .object({
    name: shippingFields.name.optional(),
    country: shippingFields.country.optional(),
    states: shippingFields.states.optional(),
    fee: shippingFields.fee.optional(),
    estimated_days: shippingFields.estimated_days,
    is_active: shippingFields.is_active.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one field to change',
  });

export const shippingRoutes = defineRoutes({
  create: {
    method: 'POST',
    path: '/shipping',
    access: 'settings.manage',
    summary: 'Add a shipping rate: a name, where it delivers and its fee',
    body: createShippingRateBody,
    response: shippingRateSchema,
  },
  listForStore: {
    method: 'GET',
    path: '/shipping/store/:id',
    access: 'member',
    summary: "A store's shipping rates: {id} names the store (a store the user is not a member of is 404)",
    params: idParam,
    storeParam: 'id',
    response: z.array(shippingRateSchema),
  },
  update: {
    method: 'PATCH',
    path: '/shipping/update/:id',
    access: 'settings.manage',
    summary: 'Change a shipping rate (switch it off with is_active: false)',
    params: idParam,
    body: updateShippingRateBody,
    response: shippingRateSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/shipping/delete/:id',
    access: 'settings.manage',
    summary: 'Delete a shipping rate (orders already placed keep their fee and its name)',
    params: idParam,
    response: z.object({ id: z.string() }),
  },
});
