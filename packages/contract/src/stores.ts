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

export interface Store {
  id: string;
  parent_store_id: string | null;
  business_name: string;
  industry: string | null;
  email: string | null;
  phone_number: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  currency: string;
  timezone: string;
  logo_url: string | null;
  registration_number: string | null;
  tin: string | null;
  created_at: string;
  updated_at: string;
}

/** A store as listed for its member (sign-in `userStore`, `GET /stores`). */
export interface StoreSummary extends Store {
  store_id: string;
  store_name: string;
  role: { id: string; name: string; key: BuiltInRoleKey | null };
  permissions: string[];
  is_current: boolean;
}

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
  },
  create: {
    method: 'POST',
    path: '/stores/create-store',
    access: 'user',
    summary: 'Create a store; the caller becomes its Owner',
    body: createStoreBody,
  },
  addBranch: {
    method: 'POST',
    path: '/add-branch',
    access: 'stores.manage',
    summary: 'Add a branch under the current store',
    body: addBranchBody,
  },
  switch: {
    method: 'POST',
    path: '/stores/switch',
    access: 'user',
    summary: "Make a store the session's current one",
    body: switchStoreBody,
  },
  details: {
    method: 'PATCH',
    path: '/stores/details',
    access: 'settings.manage',
    summary: "Edit the store's details",
    body: storeDetailsBody,
  },
  currency: {
    method: 'PATCH',
    path: '/stores/currency',
    access: 'settings.manage',
    summary: "Change the store's currency",
    body: storeCurrencyBody,
  },
  address: {
    method: 'PATCH',
    path: '/stores/address',
    access: 'settings.manage',
    summary: "Change the store's address and time zone",
    body: storeAddressBody,
  },
  brandPhoto: {
    method: 'PATCH',
    path: '/user/brand-photo',
    access: 'settings.manage',
    summary: "Upload the store's logo (multipart field `file`)",
    multipart: true,
  },
});
