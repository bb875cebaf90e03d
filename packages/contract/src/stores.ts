import { z } from 'zod';
import {
  currencySchema,
  defineRoutes,
  emailSchema,
  optionalTrimmed,
  phoneSchema,
  timezoneSchema,
  trimmed,
  webAddress,
} from './common.js';
import type { BuiltInRoleKey } from './permissions.js';

export const storeSchema = z.object({
  id: z.string(),
  parent_store_id: z.string().nullable(),
  business_name: z.string(),
  industry: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  logo_url: z.string().nullable(),
  registration_number: z.string().nullable(),
  tin: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** The built-in role a role is, if it is one. */
export const builtInRoleKeySchema = z.enum([
  'owner',
  'admin',
  'manager',
  'cashier',
] satisfies BuiltInRoleKey[]);

/** A role as a member or a store lists it: its id, name and built-in key. */
export const roleRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: builtInRoleKeySchema.nullable(),
});

/** A store as listed for its member (sign-in `userStore`, `GET /stores`). */
export const storeSummarySchema = storeSchema.extend({
  store_id: z.string(),
  store_name: z.string(),
  role: roleRefSchema,
  permissions: z.array(z.string()),
  is_current: z.boolean(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

const storeFields = {
  business_name: trimmed('Business name', 200),
  industry: optionalTrimmed('Industry', 100),
  email: emailSchema.optional().nullable(),
  phone_number: phoneSchema.optional().nullable(),
  website: webAddress('Website', 'https://myshop.ng')
    .transform((v) => v || null)
    .optional()
    .nullable(),
  address: optionalTrimmed('Address', 300),
  city: optionalTrimmed('City', 100),
  state: optionalTrimmed('State', 100),
  country: optionalTrimmed('Country', 100),
  currency: currencySchema.optional(),
  timezone: timezoneSchema.optional(),
};

export const createStoreBody = z.object(storeFields);
export const addBranchBody = z.object({ ...storeFields, parent_store_id: z.string().optional() });
export const storeDetailsBody = z.object({
  business_name: trimmed('Business name', 200).optional(),
  industry: storeFields.industry,
  email: storeFields.email,
  phone_number: storeFields.phone_number,
  website: storeFields.website,
  registration_number: optionalTrimmed('Registration (CAC/RC) number', 50),
  tin: optionalTrimmed('Tax identification number', 50),
});
export const storeCurrencyBody = z.object({ currency: currencySchema });
export const storeAddressBody = z.object({
  address: optionalTrimmed('Address', 300),
  city: optionalTrimmed('City', 100),
  state: optionalTrimmed('State', 100),
  country: trimmed('Country', 100),
  timezone: timezoneSchema.optional(),
});
export const switchStoreBody = z.object({ store_id: z.string({ error: 'Choose a store' }).min(1) });

export const storesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/stores',
    access: 'user',
    summary: "The signed-in user's stores and branches",
    response: z.array(storeSummarySchema),
  },
  create: {
    method: 'POST',
    path: '/stores/create-store',
    access: 'user',
    summary: 'Create a store; the caller becomes its Owner',
    body: createStoreBody,
    response: storeSchema,
  },
  addBranch: {
    method: 'POST',
    path: '/add-branch',
    access: 'stores.manage',
    summary: 'Add a branch under the current store',
    body: addBranchBody,
    response: storeSchema,
  },
  switch: {
    method: 'POST',
    path: '/stores/switch',
    access: 'user',
    summary: "Make a store the session's current one",
    body: switchStoreBody,
    response: storeSummarySchema,
  },
  details: {
    method: 'PATCH',
    path: '/stores/details',
    access: 'settings.manage',
    summary: "Edit the store's details",
    body: storeDetailsBody,
    response: storeSchema,
  },
  currency: {
    method: 'PATCH',
    path: '/stores/currency',
    access: 'settings.manage',
    summary: "Change the store's currency",
    body: storeCurrencyBody,
    response: storeSchema,
  },
  address: {
    method: 'PATCH',
    path: '/stores/address',
    access: 'settings.manage',
    summary: "Change the store's address and time zone",
    body: storeAddressBody,
    response: storeSchema,
  },
  brandPhoto: {
    method: 'PATCH',
    path: '/user/brand-photo',
    access: 'settings.manage',
    summary: "Upload the store's logo (multipart field `file`)",
    multipart: true,
    response: storeSchema,
  },
});
