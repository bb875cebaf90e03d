import { z } from 'zod';
import {
  defineRoutes,
  emailSchema,
  idParam,
  optionalTrimmed,
  paginationQuery,
  phoneSchema,
  trimmed,
} from './common.js';
import { importQuery, importReportSchema, templateQuery } from './products.js';

export const CUSTOMER_FILTERS = ['active', 'blocked', 'new', 'returning'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** A customer is "new" for this many days after they were added. */
export const NEW_CUSTOMER_DAYS = 30;
/** A customer is "returning" from this many completed orders. */
export const RETURNING_CUSTOMER_ORDERS = 2;

export const CUSTOMER_STATUSES = ['active', 'blocked'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const customerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email_address: z.string().nullable(),
  phone_number: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(CUSTOMER_STATUSES),
  /** Derived from the customer's completed orders. */
  orders_count: z.number().int(),
  /** Minor units. */
  total_spent: z.number().int(),
  last_order_at: z.string().nullable(),
  /** Most that may be owed on the account (minor units); null: no sales on credit (decision 0065). */
  credit_limit: z.number().int().nullable(),
  /** What the customer owes now (the sum of their account's entries); negative: credit held for them. */
  account_balance: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** An order as listed on a customer's page (`GET /order/customer/{id}`). */
export const customerOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  total: z.number().int(),
  amount_received: z.number().int(),
  amount_outstanding: z.number().int(),
  items_count: z.number().int(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** An empty text field means "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const customerFields = {
  first_name: trimmed('First name', 100),
  last_name: trimmed('Last name', 100),
  phone_number: phoneSchema,
  email_address: z.preprocess(blankToNull, emailSchema.optional().nullable()),
  address: optionalTrimmed('Address', 300),
  city: optionalTrimmed('City', 100),
  state: optionalTrimmed('State', 100),
  country: optionalTrimmed('Country', 100),
  notes: optionalTrimmed('Notes', 2000),
};

export const createCustomerBody = z.object(customerFields);

/**
 * A customer added at the till, often with no network (decision 0036): the till sends it from its
 * queue, before the sales that are for them, with the Idempotency-Key it made with the customer.
 */
export const tillCustomerResultSchema = z.object({
  customer: customerSchema,
  /**
   * True when the phone number or email already belonged to a customer of the store: that
   * customer is answered (and the till's sales go to them) instead of a conflict.
   */
  existing: z.boolean(),
  /** Which contact matched an existing customer; null when the customer was added. */
  matched_on: z.enum(['phone_number', 'email_address']).nullable(),
  /** What happened, in a sentence the till shows. */
  message: z.string(),
});
export type TillCustomerResult = z.infer<typeof tillCustomerResultSchema>;

export const updateCustomerBody = z
  .object({
    ...customerFields,
    first_name: customerFields.first_name.optional(),
    last_name: customerFields.last_name.optional(),
    phone_number: customerFields.phone_number.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one field to change',
  });

const customerFilters = {
  status: z.enum(['active', 'blocked'], { error: 'Status must be active or blocked' }).optional(),
  filter: z
    .enum(CUSTOMER_FILTERS, { error: `Filter must be one of ${CUSTOMER_FILTERS.join(', ')}` })
    .optional(),
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  sort: z.enum(['created_at', 'name'], { error: 'Sort must be created_at or name' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional(),
};

export const customerListQuery = paginationQuery.extend(customerFilters);
export const customerExportQuery = z.object(customerFilters);

export const customerSearchQuery = paginationQuery.extend({
  first: z
    .string({ error: 'Type a name, phone number or email to search' })
    .trim()
    .min(1, { error: 'Type a name, phone number or email to search' })
    .max(100, { error: 'Search must be at most 100 characters' }),
});

export const customerFilterParams = z.object({
  filter: z.enum(CUSTOMER_FILTERS, { error: `Filter must be one of ${CUSTOMER_FILTERS.join(', ')}` }),
});

/** Columns of the customer import template and export, in order. */
export const CUSTOMER_FILE_COLUMNS = [
  'first_name',
  'last_name',
  'phone_number',
  'email_address',
  'address',
  'city',
  'state',
  'country',
  'notes',
  'status',
] as const;

export const customersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/customers/paginated-results',
    access: 'customers.view',
    summary: 'Customers, a page at a time, newest first, with filters',
    query: customerListQuery,
    response: customerSchema,
    paginated: true,
  },
  search: {
    method: 'GET',
    path: '/customers/search/name',
    access: 'customers.view',
    summary:
      'Customers whose name, phone or email holds every word typed (3 or more letters anywhere in a word, 1 or 2 at its start)',
    query: customerSearchQuery,
    response: customerSchema,
    paginated: true,
  },
  filter: {
    method: 'GET',
    path: '/customers/filter-customer/:filter',
    access: 'customers.view',
    summary: 'Customers that are active, blocked, new (last 30 days) or returning (2+ orders)',
    params: customerFilterParams,
    query: paginationQuery,
    response: customerSchema,
    paginated: true,
  },
  autoCreate: {
    method: 'POST',
    path: '/customers/auto-create',
    access: 'customers.manage',
    summary: 'Create one realistic sample customer',
    response: customerSchema,
  },
  upload: {
    method: 'POST',
    path: '/customers/upload',
    access: 'customers.manage',
    summary:
      'Import customers from a CSV or XLSX file (multipart field `file`); `atomic=true` writes nothing when a row fails',
    query: importQuery,
    multipart: true,
    response: importReportSchema,
  },
  template: {
    method: 'GET',
    path: '/customers/upload/template',
    access: 'customers.view',
    summary: 'The customer import template (CSV or XLSX)',
    query: templateQuery,
    file: 'text/csv',
  },
  export: {
    method: 'GET',
    path: '/customers/export',
    access: 'customers.view',
    summary: 'Customers matching the list filters, as CSV',
    query: customerExportQuery,
    file: 'text/csv',
  },
  create: {
    method: 'POST',
    path: '/customers/create',
    access: 'customers.manage',
    summary: 'Add a customer',
    body: createCustomerBody,
    response: customerSchema,
  },
  addAtTill: {
    method: 'POST',
    path: '/customers/till',
    access: 'customers.manage',
    summary:
      'Add a customer made at the till (offline): once per Idempotency-Key; a phone number or email that already belongs to a customer of the store answers that customer (200) instead of a conflict',
    body: createCustomerBody,
    idempotent: true,
    response: tillCustomerResultSchema,
  },
  update: {
    method: 'PATCH',
    path: '/customers/update/:id',
    access: 'customers.manage',
    summary: "Change a customer's details",
    params: idParam,
    body: updateCustomerBody,
    response: customerSchema,
  },
  block: {
    // The spec's call is GET; POST, the right verb for a change, is first so clients send it.
    method: ['POST', 'GET'],
    path: '/customers/block/:id',
    access: 'customers.block',
    summary: 'Block a customer: they cannot be put on new orders',
    params: idParam,
    response: customerSchema,
  },
  unblock: {
    method: ['POST', 'GET'],
    path: '/customers/unblock/:id',
    access: 'customers.block',
    summary: 'Unblock a customer',
    params: idParam,
    response: customerSchema,
  },
  orders: {
    method: 'GET',
    path: '/order/customer/:id',
    access: 'customers.view',
    summary: "A customer's orders, newest first",
    params: idParam,
    query: paginationQuery,
    response: customerOrderSchema,
    paginated: true,
  },
  get: {
    method: 'GET',
    path: '/customers/:id',
    access: 'customers.view',
    summary: 'One customer, with orders count, total spent and last order date',
    params: idParam,
    response: customerSchema,
  },
});
