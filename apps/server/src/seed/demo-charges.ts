import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createShippingRate } from '../modules/shipping/shipping.service.js';
import { createTaxRule } from '../modules/tax/tax.service.js';
import { storeSystemContext } from './system-context.js';

/**
 * The demo store's Settings → Tax and Shipping: Nigeria's 7.5% VAT, included in shelf prices as
 * Nigerian shops price, and three delivery rates. Seeded after the demo sales, so those keep the
 * totals they were generated with; an inclusive rule does not change later totals either.
 */
export async function seedDemoCharges(
  db: Kysely<Database>,
  config: AppConfig,
  storeId: string,
): Promise<void> {
  const ctx = await storeSystemContext(db, config, storeId);
  await createTaxRule(ctx, {
    country: 'Nigeria',
    states: ['*'],
    rates: [{ name: 'VAT', rate: 7.5 }],
    inclusive: true,
  });
  await createShippingRate(ctx, {
    name: 'Lagos delivery',
    country: 'Nigeria',
    states: ['Lagos'],
    fee: 150_000,
    estimated_days: '1-2',
    is_active: true,
  });
  await createShippingRate(ctx, {
    name: 'Nationwide courier',
    country: 'Nigeria',
    states: [],
    fee: 450_000,
    estimated_days: '3-5',
    is_active: true,
  });
  await createShippingRate(ctx, {
    name: 'Same-day dispatch rider (paused)',
    country: 'Nigeria',
    states: ['Lagos'],
    fee: 300_000,
    estimated_days: '0-1',
    is_active: false,
  });
}
