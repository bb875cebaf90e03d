import type { AddressType, VendorStatus } from '@tillbook/contract/vendors';
import type { Table } from '../../db/schema.js';

/** Table types of vendors (migration 0006-purchasing); columns from the generated schema (decision 0054). */
export type VendorsTable = Table<'vendors', { status: VendorStatus }>;

/** `is_default`: 0/1; at most one default per vendor and type. */
export type VendorAddressesTable = Table<'vendor_addresses', { type: AddressType }>;

declare module '../../db/schema.js' {
  interface Database {
    vendors: VendorsTable;
    vendor_addresses: VendorAddressesTable;
  }
}
