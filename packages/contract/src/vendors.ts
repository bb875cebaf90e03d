import { z } from 'zod';
import {
  defineRoutes,
  emailSchema,
  idParam,
  optionalTrimmed,
  paginationQuery,
  phoneSchema,
  trimmed,
  webAddress,
} from './common.js';

export const VENDOR_STATUSES = ['active', 'inactive'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const vendorAddressSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  label: z.string().nullable(),
  type: z.enum(ADDRESS_TYPES),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  postal_code: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VendorAddress = z.infer<typeof vendorAddressSchema>;

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
  notes: z.string().nullable(),
  /** Purchase orders not yet received or cancelled. */
  open_purchase_orders: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorDetailSchema = vendorSchema.extend({
  addresses: z.array(vendorAddressSchema),
  purchase_orders_summary: z.object({
    count: z.number().int(),
    open_count: z.number().int(),
    /** Sum of the totals of orders that were not cancelled, in minor units. */
    total_ordered: z.number().int(),
    last_order_date: z.string().nullable(),
  }),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

export const addressBody = z.object({
  label: optionalTrimmed('Label', 60),
  type: z.enum(ADDRESS_TYPES, { error: 'Type must be billing or shipping' }),
  line1: trimmed('Address line 1', 200),
  line2: optionalTrimmed('Address line 2', 200),
  city: trimmed('City', 100),
  state: optionalTrimmed('State', 100),
  country: trimmed('Country', 100),
  postal_code: optionalTrimmed('Postal code', 20),
  is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
});

export const updateAddressBody = addressBody.partial();

const websiteSchema = webAddress('Website', 'https://supplier.ng').transform((v) => v || null);

const vendorFields = {
  name: trimmed('Vendor name', 200),
  company_name: optionalTrimmed('Company name', 200),
  email: emailSchema.optional().nullable(),
  phone_number: phoneSchema.optional().nullable(),
  website: websiteSchema.optional().nullable(),
  status: z.enum(VENDOR_STATUSES, { error: 'Status must be active or inactive' }).optional(),
  notes: optionalTrimmed('Notes', 2000),
};

export const createVendorBody = z.object({
  ...vendorFields,
  addresses: z.array(addressBody).max(20, { error: 'At most 20 addresses' }).optional(),
});

export const updateVendorBody = z.object({
  name: vendorFields.name.optional(),
  company_name: vendorFields.company_name,
  email: vendorFields.email,
  phone_number: vendorFields.phone_number,
  website: vendorFields.website,
  status: vendorFields.status,
  notes: vendorFields.notes,
});

export const vendorListQuery = paginationQuery.extend({
  status: z.enum(VENDOR_STATUSES, { error: 'Status must be active or inactive' }).optional(),
  search: z.string().trim().max(100).optional(),
});
/** The export's query: the list's filters, every row. */
export const vendorExportQuery = vendorListQuery.omit({ page: true, perPage: true });

export const vendorsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/vendor',
    access: 'vendors.view',
    summary: 'Vendors, filtered by status and searched by name, company, email or phone',
    query: vendorListQuery,
    response: vendorSchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/vendor/export',
    access: 'vendors.view',
    summary: 'Vendors matching the list filters, as CSV',
    query: vendorExportQuery,
    file: 'text/csv',
  },
  create: {
    method: 'POST',
    path: '/vendor',
    access: 'vendors.manage',
    summary: 'Add a vendor',
    body: createVendorBody,
    response: vendorDetailSchema,
  },
  update: {
    method: 'PATCH',
    path: '/vendor/update/:id',
    access: 'vendors.manage',
    summary: 'Edit a vendor',
    params: idParam,
    body: updateVendorBody,
    response: vendorDetailSchema,
  },
  get: {
    method: 'GET',
    path: '/vendor/:id',
    access: 'vendors.view',
    summary: 'A vendor with its addresses and a summary of its purchase orders',
    params: idParam,
    response: vendorDetailSchema,
  },
  addAddress: {
    method: 'POST',
    path: '/vendor/:id/addresses',
    access: 'vendors.manage',
    summary: 'Add an address to a vendor',
    params: idParam,
    body: addressBody,
    response: vendorAddressSchema,
  },
  updateAddress: {
    method: 'PATCH',
    path: '/vendor/update/address/:id',
    access: 'vendors.manage',
    summary: "Edit a vendor's address",
    params: idParam,
    body: updateAddressBody,
    response: vendorAddressSchema,
  },
  deleteAddress: {
    method: 'DELETE',
    path: '/vendor/delete/address/:id',
    access: 'vendors.manage',
    summary: "Delete a vendor's address (another of its type becomes the default)",
    params: idParam,
    response: z.object({ id: z.string() }),
  },
});
