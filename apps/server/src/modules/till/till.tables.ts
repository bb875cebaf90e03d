/** Table types of the till's rules for offline sales (migration 0014-offline-sales). */
export interface TillSettingsTable {
  store_id: string;
  offline_max_hours: number;
  offline_max_sales: number;
  offline_stock_rule: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    till_settings: TillSettingsTable;
  }
}
