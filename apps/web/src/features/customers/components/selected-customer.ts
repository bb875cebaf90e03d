import { getExpiringItem, setExpiringItem } from '../../../lib/storage';

/**
 * The customer last opened, for `/sales/customers/details/` (the spec's route without an id):
 * it shows whoever was chosen last, per store.
 */
const key = (storeId: string | null) => `tillbook-selected-customer:${storeId ?? 'none'}`;

export const selectCustomer = (storeId: string | null, id: string) => setExpiringItem(key(storeId), id);

export const selectedCustomer = (storeId: string | null): string | null =>
  getExpiringItem<string>(key(storeId))?.value ?? null;
