import { storeKey } from './current-user';

/**
 * The query keys of one resource of the current store, from one place: the list pages by their
 * filters, one record by its id, and `all` to invalidate both after a change.
 */
export function resourceKeys<Filters = Record<string, unknown>>(resource: string) {
  return {
    all: (storeId: string | null) => storeKey(storeId, resource),
    list: (storeId: string | null, filters: Filters) => storeKey(storeId, resource, 'list', filters),
    one: (storeId: string | null, id: string | undefined) => storeKey(storeId, resource, 'one', id ?? ''),
    /** Anything else the resource shows (a vendor's purchase orders, a summary). */
    part: (storeId: string | null, ...parts: unknown[]) => storeKey(storeId, resource, ...parts),
  };
}

/**
 * Every resource's keys. Features invalidate each other's data (a sale changes products and
 * payments), so the factories live here rather than in one feature.
 */
export const queryKeys = {
  customers: resourceKeys('customers'),
  discounts: resourceKeys('discounts'),
  orderQuote: resourceKeys('order-quote'),
  orders: resourceKeys('orders'),
  payments: resourceKeys('payments'),
  productCategories: resourceKeys('product-categories'),
  products: resourceKeys('products'),
  purchaseOrders: resourceKeys('purchase-orders'),
  shippingRates: resourceKeys('shipping-rates'),
  vendors: resourceKeys('vendors'),
};
