/** Table types of customers (migration 0002-catalogue). */
export interface CustomersTable {
  id: string;
  store_id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased; unique in the store when set. */
  email_address: string | null;
  /** Digits with an optional leading +; unique in the store. */
  phone_number: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  notes: string | null;
  /** 0 when blocked. */
  is_active: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    customers: CustomersTable;
  }
}
