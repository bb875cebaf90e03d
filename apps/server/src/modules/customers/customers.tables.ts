import type { Table } from '../../db/schema.js';

/**
 * Customers (migration 0002-catalogue); columns from the generated schema (decision 0054).
 * `email_address` is lower-cased and unique in the store when set; `phone_number` digits with an
 * optional leading +, unique in the store; `is_active` 0 when blocked.
 */
export type CustomersTable = Table<'customers'>;
