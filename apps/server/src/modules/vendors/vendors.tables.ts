import type { AddressType, VendorStatus } from '@tillbook/contract/vendors';

/** Table types of vendors (migration 0006-purchasing). */
export interface VendorsTable {
  id: string;
  store_id: string;
  name: string;
  company_name: string | null;
  email: string | null;
  phone_number: string | null;
  website: string | null;
  status: VendorStatus;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface VendorAddressesTable {
  id: string;
  store_id: string;
  vendor_id: string;
  label: string | null;
  type: AddressType;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  country: string;
  postal_code: string | null;
  /** 0/1; at most one default per vendor and type. */
  is_default: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    vendors: VendorsTable;
    vendor_addresses: VendorAddressesTable;
  }
}
