import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { receivePurchaseOrder } from '../modules/purchase-orders/purchase-order-receipts.service.js';
import { createPurchaseOrder } from '../modules/purchase-orders/purchase-orders.service.js';
import { createVendor } from '../modules/vendors/vendors.service.js';
import { firstProducts } from './demo-picks.js';
import { storeSystemContext } from './system-context.js';

const VENDORS = [
  {
    name: 'Nestlé Nigeria Distributors',
    company_name: 'Nestlé Nigeria Plc',
    email: 'orders@nestle-distributors.ng',
    phone_number: '+2348020001111',
    addresses: [
      {
        type: 'billing' as const,
        line1: '22-24 Industrial Avenue',
        city: 'Ilupeju',
        state: 'Lagos',
        country: 'Nigeria',
      },
      {
        type: 'shipping' as const,
        label: 'Depot',
        line1: 'Plot 5, Agbara Estate',
        city: 'Agbara',
        state: 'Ogun',
        country: 'Nigeria',
      },
    ],
  },
  {
    name: 'Dangote Foods Depot',
    company_name: 'Dangote Industries Ltd',
    email: 'sales@dangote-depot.ng',
    phone_number: '+2348030002222',
    addresses: [
      {
        type: 'billing' as const,
        line1: '1 Alfred Rewane Road',
        city: 'Ikoyi',
        state: 'Lagos',
        country: 'Nigeria',
      },
    ],
  },
  { name: 'Mile 12 Produce Wholesalers', phone_number: '+2348050003333', status: 'inactive' as const },
];

/** The demo store's vendors and a few purchase orders in different states, through the services. */
export async function seedDemoPurchasing(
  db: Kysely<Database>,
  config: AppConfig,
  storeId: string,
): Promise<void> {
  const ctx = await storeSystemContext(db, config, storeId);
  const vendors = [];
  for (const v of VENDORS) vendors.push(await createVendor(ctx, v));
  const products = await firstProducts(ctx, 'all', (p) => p.track_stock, 6);
  if (products.length < 6) return;
  const line = (i: number, quantity: number) => ({
    product_id: products[i]!.id,
    quantity,
    unit_cost: Number(products[i]!.cost_price ?? 10000),
  });
  await createPurchaseOrder(ctx, {
    vendor_id: vendors[0]!.id,
    items: [line(0, 24), line(1, 12)],
    status: 'draft',
  });
  await createPurchaseOrder(ctx, {
    vendor_id: vendors[1]!.id,
    items: [line(2, 10), line(3, 6)],
    status: 'issued',
    expected_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  });
  const partial = await createPurchaseOrder(ctx, {
    vendor_id: vendors[0]!.id,
    items: [line(4, 20), line(5, 8)],
    status: 'issued',
  });
  await receivePurchaseOrder(
    ctx,
    partial.id,
    { items: [{ product_id: products[4]!.id, quantity: 12 }], note: 'First delivery' },
    undefined,
  );
}
