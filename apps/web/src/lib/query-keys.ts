/** Query keys of a store's data start with the store, so switching stores never mixes answers. */
export const storeKey = (storeId: string | null | undefined, ...parts: unknown[]) => [
  'store',
  storeId ?? 'none',
  ...parts,
];

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
  audits: resourceKeys('audits'),
  customers: resourceKeys('customers'),
  discounts: resourceKeys('discounts'),
  /** The dashboard's and the reports' figures: every sale, refund or payment changes them. */
  insight: resourceKeys('insight'),
  members: resourceKeys('members'),
  orderQuote: resourceKeys('order-quote'),
  orders: resourceKeys('orders'),
  payments: resourceKeys('payments'),
  productCategories: resourceKeys('product-categories'),
  products: resourceKeys('products'),
  purchaseOrders: resourceKeys('purchase-orders'),
  roles: resourceKeys('roles'),
  /** Shifts and their cash drawers (issue 32): a sale, a pay-in or a close changes them. */
  shifts: resourceKeys('shifts'),
  shippingRates: resourceKeys('shipping-rates'),
  taxRules: resourceKeys('tax-rules'),
  /** The store's rules for sales made offline (Settings → Till; the till reads them too). */
  tillSettings: resourceKeys('till-settings'),
  receiptSettings: resourceKeys('receipt-settings'),
  /** The signed-in person's transaction PIN (set in Settings → Payment, asked by the wallet). */
  transactionPin: resourceKeys('transaction-pin'),
  vendors: resourceKeys('vendors'),
};

/**
 * Keys of the signed-in account's data, which is not one store's: each key without its ids is
 * the prefix that invalidates every copy (`accountKeys.currentUser()`).
 */
export const accountKeys = {
  currentUser: (...ids: string[]) => ['current-user', ...ids],
  invitation: (token: string) => ['invitation', token],
  permissions: () => ['permissions'],
  stores: (...ids: string[]) => ['stores', ...ids],
  verifyEmailLink: (token: string) => ['verify-email-link', token],
};

/**
 * Other tills, other staff and API keys sell too, so the figures are asked again on every visit
 * (the cached copy shows meanwhile); the calls read kept daily figures and are cheap.
 */
export const INSIGHT_STALE_MS = 0;

/**
 * What customers owe changes with every sale on credit and every repayment, at any till (decision
 * 0065): a screen showing a balance asks again on every visit (the cached copy shows meanwhile).
 */
export const BALANCE_STALE_MS = 0;
