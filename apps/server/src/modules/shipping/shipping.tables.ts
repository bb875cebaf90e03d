/** Table types of shipping rates (migration 0007-shipping-tax). */
export interface ShippingRatesTable {
  id: string;
  store_id: string;
  name: string;
  country: string;
  /** JSON array of state names; empty is the whole country. */
  states: string;
  fee: number;
  estimated_days: string | null;
  /** 0/1 */
  is_active: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    shipping_rates: ShippingRatesTable;
  }
}
