import type { Table } from '../../db/schema.js';

/**
 * Shipping rates (migration 0007-shipping-tax); columns from the generated schema (decision
 * 0054). `states`: JSON array of state names, empty is the whole country; `is_active` 0/1.
 */
export type ShippingRatesTable = Table<'shipping_rates'>;
