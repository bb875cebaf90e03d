import { newId } from '../lib/ids.js';
import { rollUpSalesFigures } from '../modules/reports/sales-figures.js';
import { latestMail, PASSWORD, type Merchant } from './fixtures.js';
import type { TestApp } from './harness.js';

let phoneCounter = 0;

/** A product through the products API; `quantity` is its opening stock. */
export async function createProduct(
  t: TestApp,
  m: Merchant,
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string; price: number; quantity: number }> {
  const res = await t.call('POST', '/product/create', {
    token: m.token,
    body: { name: `Item ${newId().slice(-6)}`, price: 150_000, quantity: 50, ...body },
  });
  if (res.status !== 201) throw new Error(`product create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A customer of the merchant's store through the customers API; `is_active: 0` blocks them after. */
export async function createCustomer(
  t: TestApp,
  m: Merchant,
  over: {
    first_name?: string;
    last_name?: string;
    email_address?: string | null;
    is_active?: number;
    state?: string | null;
    country?: string | null;
  } = {},
): Promise<{
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email_address: string | null;
}> {
  const body = {
    first_name: over.first_name ?? 'Amaka',
    last_name: over.last_name ?? 'Nwosu',
    email_address:
      over.email_address === undefined ? `amaka.${newId().slice(-8)}@example.ng` : over.email_address,
    phone_number: `+234803${String(1_000_000 + ++phoneCounter * 7919).slice(-7)}`,
    address: '4 Adeola Odeku Street',
    city: 'Victoria Island',
    state: over.state === undefined ? 'Lagos' : over.state,
    country: over.country === undefined ? 'Nigeria' : over.country,
  };
  const created = await t.call('POST', '/customers/create', { token: m.token, body });
  if (created.status !== 201) throw new Error(`customer create failed: ${JSON.stringify(created.body)}`);
  const customer = created.body.data;
  if (over.is_active === 0) {
    const blocked = await t.call('POST', `/customers/block/${customer.id}`, { token: m.token });
    if (blocked.status !== 200) throw new Error(`customer block failed: ${JSON.stringify(blocked.body)}`);
  }
  return {
    id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone_number: customer.phone_number,
    email_address: customer.email_address,
  };
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const row = await t.db
    .selectFrom('products')
    .select('quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}

/** The sum of a product's stock movements (the ledger), which must equal its quantity. */
export async function ledgerSum(t: TestApp, productId: string): Promise<number> {
  const row = await t.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.sum<number | string | null>('quantity_change').as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const order = (
  t: TestApp,
  m: Merchant,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => t.call('POST', '/order', { token: m.token, body: { payment_type: 'cash', ...body }, headers });

/**
 * A sale as the till sends it after being offline (decision 0036): its device number, when it
 * was sold, when the catalogue copy it was priced from was made, and the prices it charged.
 * Paid in cash, the amount received being the total unless `amount_received` says otherwise;
 * `body` adds to the order (a customer, a discount code).
 */
export function sendOfflineSale<T = any>(
  t: TestApp,
  who: Merchant,
  items: Array<{ product_id: string; quantity: number; unit_price: number }>,
  over: {
    number: string;
    key?: string;
    /** The till's copy of the catalogue; null when the till sends none. Defaults to `sold_at`. */
    catalogue_at?: string | null;
    sold_at?: string;
    /** The till's clock when it sent the sale. */
    sent_at?: string;
    total?: number;
    amount_received?: number;
    /** The browser's device cookie (`tb_device`), as a till's browser sends it. */
    browser?: string;
    body?: Record<string, unknown>;
  },
) {
  const total = over.total ?? items.reduce((s, i) => s + i.unit_price * i.quantity, 0);
  const soldAt = over.sold_at ?? t.clock.now().toISOString();
  return t.call<T>('POST', '/order', {
    token: who.token,
    headers: {
      'idempotency-key': over.key ?? `key-${over.number}-${Math.random()}`,
      ...(over.browser ? { cookie: `tb_device=${over.browser}` } : {}),
    },
    body: {
      items: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
      payment_type: 'cash',
      channel: 'pos',
      amount_received: over.amount_received ?? total,
      ...over.body,
      offline: {
        number: over.number,
        sold_at: soldAt,
        catalogue_at: over.catalogue_at === undefined ? soldAt : over.catalogue_at,
        unit_prices: items.map((i) => i.unit_price),
        total,
        ...(over.sent_at ? { sent_at: over.sent_at } : {}),
      },
    },
  });
}

/** A member of the merchant's store whose custom role grants exactly `permissions`. */
export async function createMemberWith(
  t: TestApp,
  owner: Merchant,
  permissions: string[],
): Promise<Merchant & { roleId: string }> {
  const role = await t.call('POST', '/roles', {
    token: owner.token,
    body: { name: `Role ${newId().slice(-8)}`, permissions },
  });
  if (role.status !== 201) throw new Error(`role create failed: ${JSON.stringify(role.body)}`);
  const email = `member.${newId().slice(-10)}@example.ng`;
  const added = await t.call('POST', '/members/add-member', {
    token: owner.token,
    body: { email, role_id: role.body.data.id },
  });
  if (added.status !== 201) throw new Error(`add-member failed: ${JSON.stringify(added.body)}`);
  const mail = await latestMail(t, email);
  const inviteToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const accepted = await t.call('POST', '/members/accept-invite', {
    body: { token: inviteToken, password: PASSWORD, first_name: 'Custom', last_name: 'Member' },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return {
    token: accepted.body.data.userToken,
    user: accepted.body.data,
    storeId: owner.storeId,
    email,
    roleId: role.body.data.id,
  };
}

/**
 * Every kept sales-figure row of a store, as a read sees them (the changes not yet rolled up
 * rolled up first): each table's rows as sorted JSON with numbers as numbers, so the figures
 * after a rebuild compare equal to the kept ones on every engine.
 */
export async function keptFigureRows(t: TestApp, storeId: string) {
  await rollUpSalesFigures(t.database.db, storeId);
  const rows = async (
    table: 'sales_days' | 'sales_product_days' | 'sales_customer_days' | 'sales_products' | 'sales_customers',
  ) =>
    (await t.db.selectFrom(table).selectAll().where('store_id', '=', storeId).execute())
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .sort()
              .map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
          ),
        ),
      )
      .sort();
  return {
    days: await rows('sales_days'),
    productDays: await rows('sales_product_days'),
    customerDays: await rows('sales_customer_days'),
    products: await rows('sales_products'),
    customers: await rows('sales_customers'),
  };
}
