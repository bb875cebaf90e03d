import type { DiscountScope, DiscountType } from '@tillbook/contract/discounts';

/** Table types of discounts (migration 0004-sales). */
export interface DiscountsTable {
  id: string;
  store_id: string;
  name: string;
  /** Upper case; unique in the store. */
  code: string;
  type: DiscountType;
  /** Basis points for `percentage`, minor units for `fixed`. */
  value: number;
  applies_to: DiscountScope;
  /** JSON arrays of ids. */
  product_ids: string;
  category_ids: string;
  min_order_amount: number;
  usage_limit: number | null;
  /** Raised only by a conditional update in the order's transaction, never past `usage_limit`. */
  used_count: number;
  starts_at: string | null;
  ends_at: string | null;
  /** 0/1 */
  is_active: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    discounts: DiscountsTable;
  }
}
