import type { Table } from '../../db/schema.js';

/**
 * The till's rules for offline sales (migration 0014-offline-sales); columns from the generated
 * schema (decision 0054).
 */
export type TillSettingsTable = Table<'till_settings'>;

/**
 * Which browser (or client) a till's offline numbers belong to (migration 0021, decision 0047).
 * `device`: the `<device>` of the till's `OFF-<device>-<n>` numbers; `owner`: `browser:<SHA-256
 * of its device cookie>`, or `user:<id>` / `api_key:<id>` without the cookie.
 */
export type TillDevicesTable = Table<'till_devices'>;
