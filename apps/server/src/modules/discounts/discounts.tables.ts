import type { DiscountScope, DiscountType } from '@tillbook/contract/discounts';
import type { Table } from '../../db/schema.js';

/**
 * Discounts (migration 0004-sales); columns from the generated schema (decision 0054). `code` is
 * upper case and unique in the store; `value` basis points for `percentage`, minor units for
 * `fixed`; `product_ids`, `category_ids` JSON arrays of ids; `used_count` raised only by a
 * conditional update in the order's transaction, never past `usage_limit`; `is_active` 0/1.
 */
export type DiscountsTable = Table<'discounts', { type: DiscountType; applies_to: DiscountScope }>;

declare module '../../db/schema.js' {
  interface Database {
    discounts: DiscountsTable;
  }
}
