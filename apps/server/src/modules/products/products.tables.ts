import type { ProductStatus, StockReason, StockState } from '@tillbook/contract/products';

/** Table types of the catalogue (migration 0002-catalogue). */
export interface CategoriesTable {
  id: string;
  store_id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  store_id: string;
  name: string;
  description: string | null;
  sku: string;
  barcode: string;
  unit: string;
  price: number;
  cost_price: number | null;
  sale_price: number | null;
  /** 0/1 */
  track_stock: number;
  /** Stock on hand; changes only through stock movements (`stock.service.ts`). */
  quantity: number;
  low_stock_threshold: number;
  /** Derived from track_stock, quantity and low_stock_threshold; kept with them for the stock filter. */
  stock_state: StockState;
  status: ProductStatus;
  /** JSON array of image addresses. */
  images: string;
  created_at: string;
  updated_at: string;
}

export interface ProductCategoriesTable {
  store_id: string;
  product_id: string;
  category_id: string;
}

export interface StockMovementsTable {
  id: string;
  store_id: string;
  product_id: string;
  reason: StockReason;
  quantity_change: number;
  quantity_before: number;
  quantity_after: number;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  reference_type: string | null;
  reference_id: string | null;
  note: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    categories: CategoriesTable;
    products: ProductsTable;
    product_categories: ProductCategoriesTable;
    stock_movements: StockMovementsTable;
  }
}
