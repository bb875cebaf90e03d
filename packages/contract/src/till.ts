import { z } from 'zod';
import { defineRoutes, idParam } from './common.js';
import { customerSchema } from './customers.js';
import { discountSchema } from './discounts.js';
import { productSchema } from './products.js';
import { shippingRateSchema } from './shipping.js';
import { taxRuleSchema } from './tax.js';

/**
 * The till on the device (decision 0036): the catalogue it keeps for selling offline, brought up
 * to date by "changes since" a cursor, and the store's rules for sales made offline.
 */

/** What happens to an offline sale whose stock another till sold meanwhile. */
export const OFFLINE_STOCK_RULES = ['allow_negative', 'hold_for_review'] as const;
export type OfflineStockRule = (typeof OFFLINE_STOCK_RULES)[number];

/**
 * Defaults: a sale may wait on the device at most 24 hours (the spec's offline cache limit,
 * section 9), and at most 200 sales may wait.
 */
export const TILL_DEFAULTS = {
  offline_max_hours: 24,
  offline_max_sales: 200,
  offline_stock_rule: 'allow_negative',
  shift_required: false,
} as const satisfies TillSettings;

export const tillSettingsSchema = z.object({
  /**
   * How old the till's copy of the prices may be when it sells offline: a sale priced from a
   * copy at most this old is taken at the till's prices; older, it waits for a decision. Also how
   * long a sale may wait on the device.
   */
  offline_max_hours: z.number().int(),
  /** How many sales may wait on one device. */
  offline_max_sales: z.number().int(),
  offline_stock_rule: z.enum(OFFLINE_STOCK_RULES),
  /**
   * A shift must be open to sell at the till (issue 32): the till asks for the float first, and a
   * till sale without an open shift is refused (409). A sale made offline is never refused.
   */
  shift_required: z.boolean(),
});
export type TillSettings = z.infer<typeof tillSettingsSchema>;

export const updateTillSettingsBody = z.object({
  offline_max_hours: z
    .number({ error: 'Hours must be a whole number from 1 to 72' })
    .int({ error: 'Hours must be a whole number from 1 to 72' })
    .min(1, { error: 'Hours must be a whole number from 1 to 72' })
    .max(72, { error: 'Hours must be a whole number from 1 to 72' }),
  offline_max_sales: z
    .number({ error: 'Sales must be a whole number from 1 to 1000' })
    .int({ error: 'Sales must be a whole number from 1 to 1000' })
    .min(1, { error: 'Sales must be a whole number from 1 to 1000' })
    .max(1000, { error: 'Sales must be a whole number from 1 to 1000' }),
  offline_stock_rule: z.enum(OFFLINE_STOCK_RULES, {
    error: `Stock rule must be one of ${OFFLINE_STOCK_RULES.join(', ')}`,
  }),
  /** Left out, the setting stays as it is. */
  shift_required: z.boolean({ error: 'Shift required must be true or false' }).optional(),
});

/** Products and customers per call; `more` says to call again with the cursor. */
export const TILL_CHANGES_PAGE = 500;

/** The `<device>` of a till's offline numbers `OFF-<device>-<n>` (decision 0036). */
export const TILL_DEVICE_PATTERN = /^[A-Z0-9]{4,16}$/;

export const tillChangesQuery = z.object({
  /** The cursor of the last answer; left out, everything is sent. */
  since: z
    .string()
    .max(400, { error: 'Cursor is not one this server gave' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Cursor is not one this server gave' })
    .optional(),
  /**
   * The till's device id, the `<device>` of its offline numbers: the first browser to send it in
   * a store keeps those numbers, so nobody else's sales can use them up (decision 0047).
   */
  device: z
    .string()
    .regex(TILL_DEVICE_PATTERN, { error: 'Device must be 4 to 16 capital letters and digits' })
    .optional(),
});

export const tillChangesSchema = z.object({
  /** Pass it as `since` next time. */
  cursor: z.string(),
  /** More changes wait: call again at once with `cursor`. */
  more: z.boolean(),
  /** True when this answer starts from nothing: the device replaces what it had. */
  full: z.boolean(),
  /** Products added or changed (archived ones too: the till refuses to sell them). */
  products: z.array(productSchema),
  /** Products deleted since the cursor (tombstones). */
  removed_product_ids: z.array(z.string()),
  customers: z.array(customerSchema),
  /** Small lists, sent whole with every answer: the discounts that may be used now, tax, shipping. */
  discounts: z.array(discountSchema),
  tax_rules: z.array(taxRuleSchema),
  shipping_rates: z.array(shippingRateSchema),
  settings: tillSettingsSchema,
  /** Where the store is and its money: the tax rule of a sale without a customer follows it. */
  store: z.object({ country: z.string().nullable(), state: z.string().nullable(), currency: z.string() }),
  /** The server's clock when it answered: the till's copy is as fresh as this. */
  server_time: z.string(),
});
export type TillChanges = z.infer<typeof tillChangesSchema>;

/**
 * The phone till's grid (issue 31, decision 0056): products the owner pinned for the store, in the
 * order pinned, and the store's top sellers. Ids only: the till draws them from its copy of the
 * catalogue, which has their names, prices and images, and works offline.
 */
export { TILL_FAVOURITES_MAX } from './constants.js';
export const tillFavouritesSchema = z.object({ product_ids: z.array(z.string()) });
export type TillFavourites = z.infer<typeof tillFavouritesSchema>;

export const pinFavouriteBody = z.object({
  pinned: z.boolean({ error: 'Pinned must be true or false' }),
});

/** Days of sales the top sellers are counted over, and how many are sent. */
export const TILL_TOP_SELLERS = { days: 30, limit: 12 } as const;
export const tillTopSellersSchema = z.object({
  /** Most units sold first; products sold in the last `days` store days only. */
  product_ids: z.array(z.string()),
  days: z.number().int(),
});
export type TillTopSellers = z.infer<typeof tillTopSellersSchema>;

export const tillRoutes = defineRoutes({
  changes: {
    method: 'GET',
    path: '/till/changes',
    access: 'orders.create',
    summary: 'What changed in the catalogue since a cursor, for the till to sell offline',
    query: tillChangesQuery,
    response: tillChangesSchema,
  },
  settings: {
    method: 'GET',
    path: '/till/settings',
    access: 'orders.create',
    summary: "The store's rules for sales made offline",
    response: tillSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/till/settings',
    access: 'settings.manage',
    summary: "Change the store's rules for sales made offline",
    body: updateTillSettingsBody,
    response: tillSettingsSchema,
  },
  favourites: {
    method: 'GET',
    path: '/till/favourites',
    access: 'orders.create',
    summary: "The products pinned to the till's grid, in the order pinned",
    response: tillFavouritesSchema,
  },
  pinFavourite: {
    method: 'PUT',
    path: '/till/favourites/:id',
    access: 'products.manage',
    summary: "Pin a product to the till's grid, or unpin it",
    params: idParam,
    body: pinFavouriteBody,
    response: tillFavouritesSchema,
  },
  topSellers: {
    method: 'GET',
    path: '/till/top-sellers',
    access: 'orders.create',
    summary: "The store's best-selling products of the last 30 days, for the till's grid",
    response: tillTopSellersSchema,
  },
});
