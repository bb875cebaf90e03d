/** Table types of the till's rules for offline sales (migration 0014-offline-sales). */
export interface TillSettingsTable {
  store_id: string;
  offline_max_hours: number;
  offline_max_sales: number;
  offline_stock_rule: string;
  updated_at: string;
}

/** Which browser (or client) a till's offline numbers belong to (migration 0021, decision 0047). */
export interface TillDevicesTable {
  store_id: string;
  /** The `<device>` of the till's `OFF-<device>-<n>` numbers. */
  device: string;
  /** `browser:<SHA-256 of its device cookie>`, or `user:<id>` / `api_key:<id>` without the cookie. */
  owner: string;
  created_by_id: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    till_settings: TillSettingsTable;
    till_devices: TillDevicesTable;
  }
}
