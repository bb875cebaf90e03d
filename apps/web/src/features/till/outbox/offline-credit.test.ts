import 'fake-indexeddb/auto';
import type { Customer } from '@tillbook/contract/customers';
import type { OrderQuote } from '@tillbook/contract/orders';
import type { TillChanges } from '@tillbook/contract/till';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderBody } from '../../../lib/till-db';
import { applyChanges } from '../catalogue/catalogue-cache';
import { offlineCreditRefusal } from '../offline/offline-credit';
import { sell, WAIT_NEEDS_NETWORK } from './outbox';
import { salesOf } from './outbox-store';
import type { SaleInput } from './sale';

// A sale on credit with no network (decision 0065): held to the limit the device knew, counting
// its own credit sales for the customer still waiting to be sent. No approval offline.

const quote = (total: number): OrderQuote => ({
  items: [],
  items_count: 1,
  subtotal: total,
  discount: 0,
  discount_code: null,
  tax: 0,
  taxes: [],
  tax_inclusive: false,
  shipping: 0,
  shipping_name: null,
  total,
  currency: 'NGN',
});

const ada: Customer = {
  id: 'cust-ada',
  first_name: 'Ada',
  last_name: 'Obi',
  full_name: 'Ada Obi',
  email_address: null,
  phone_number: '08031234567',
  address: null,
  city: null,
  state: null,
  country: null,
  notes: null,
  is_active: true,
  status: 'active',
  orders_count: 1,
  total_spent: 0,
  last_order_at: null,
  // ₦10,000 limit; owes ₦6,000.
  credit_limit: 1_000_000,
  account_balance: 600_000,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

let stores = 0;
async function newStore(): Promise<string> {
  const storeId = `credit-store-${++stores}`;
  const changes: TillChanges = {
    cursor: 'c1',
    more: false,
    full: true,
    products: [],
    removed_product_ids: [],
    customers: [ada],
    discounts: [],
    tax_rules: [],
    shipping_rates: [],
    settings: {
      offline_max_hours: 24,
      offline_max_sales: 200,
      offline_stock_rule: 'allow_negative',
      shift_required: false,
    },
    store: { country: 'NG', state: 'Lagos', currency: 'NGN' },
    server_time: new Date().toISOString(),
  };
  await applyChanges(storeId, changes);
  return storeId;
}

const creditSale = (storeId: string, key: string, total: number, paidNow = 0): SaleInput => {
  const body: OrderBody = {
    items: [{ product_id: 'p1', quantity: 1 }],
    payment_type: 'credit',
    channel: 'pos',
    amount_received: paidNow,
    paid_with: 'cash',
    customer_id: ada.id,
  };
  return {
    storeId,
    key,
    body,
    quote: quote(total),
    lines: [{ variant_name: '', pack_factor: 1 }],
    customer: { id: ada.id, name: ada.full_name, phone_number: ada.phone_number, email_address: null },
    cashier: { id: 'u1', name: 'Bola' },
  };
};

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => vi.restoreAllMocks());

describe('a sale on credit with no network', () => {
  it('is kept while the known balance, the queued credit sales and this one stay within the limit', async () => {
    const storeId = await newStore();
    // ₦6,000 owed + ₦3,000 = ₦9,000.
    const first = await sell(creditSale(storeId, 'credit-1', 300_000));
    expect(first.kind).toBe('waiting');
    // + ₦2,000 of a ₦2,500 sale (₦500 paid now) = ₦11,000: past the ₦10,000 limit.
    const second = await sell(creditSale(storeId, 'credit-2', 250_000, 50_000));
    expect(second.kind).toBe('refused');
    if (second.kind !== 'refused') return;
    expect((second.error as Error).message).toBe(
      "Offline, this sale would take Ada Obi's account to ₦11,000.00, past their ₦10,000.00 limit. A manager can approve it only with the network: take payment now, or connect to the internet.",
    );
    // Paying ₦1,500 now leaves ₦1,000 on the account: exactly at the limit, kept.
    const third = await sell(creditSale(storeId, 'credit-3', 250_000, 150_000));
    expect(third.kind).toBe('waiting');
    expect((await salesOf(storeId)).map((s) => s.key)).toEqual(['credit-1', 'credit-3']);
  });

  it('refuses a sale that waits for a transfer, which needs the network', async () => {
    const storeId = await newStore();
    const input = creditSale(storeId, 'transfer-1', 300_000);
    const outcome = await sell({
      ...input,
      body: { ...input.body, payment_type: 'bank_transfer', await_transfer: true, amount_received: 0 },
    });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind === 'refused') expect((outcome.error as Error).message).toBe(WAIT_NEEDS_NETWORK);
    expect(await salesOf(storeId)).toEqual([]);
  });

  it('refuses a customer with no limit, and one the till has no copy of', () => {
    const none = { ...ada, credit_limit: null };
    expect(offlineCreditRefusal({ customer: none, queued: [], owed: 100, currency: 'NGN' })).toBe(
      'Ada Obi has no credit limit, so they cannot buy on credit. Take payment now.',
    );
    expect(offlineCreditRefusal({ customer: undefined, queued: [], owed: 100, currency: 'NGN' })).toMatch(
      /no copy of the customer/,
    );
    // Paid in full now: nothing goes on the account, so no limit applies.
    expect(offlineCreditRefusal({ customer: none, queued: [], owed: 0, currency: 'NGN' })).toBeNull();
  });
});
