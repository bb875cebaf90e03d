import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { sampleCustomer } from '../modules/customers/customer-samples.js';
import { createCustomer, setCustomerBlocked } from '../modules/customers/customers.service.js';
import { SAMPLE_PRODUCTS, sampleProductInput } from '../modules/products/product-samples.js';
import { ensureCategory } from '../modules/products/categories.service.js';
import { createProduct } from '../modules/products/products.service.js';
import { adjustStock } from '../modules/products/stock-adjustments.service.js';
import { storeSystemContext } from './system-context.js';

/** The demo store's catalogue and customers, made through the same services as the API. */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  config: AppConfig,
  storeId: string,
): Promise<void> {
  const ctx = await storeSystemContext(db, config, storeId);

  const categories = new Map<string, string>();
  for (const name of new Set(SAMPLE_PRODUCTS.map((p) => p.category))) {
    categories.set(name, (await ensureCategory(ctx, name)).id);
  }
  for (const [i, p] of SAMPLE_PRODUCTS.entries()) {
    // Mostly healthy stock, with a few items low or sold out so the stock filters show something.
    const quantity = i % 11 === 3 ? 0 : i % 7 === 2 ? 2 + (i % 3) : 12 + ((i * 37) % 140);
    const product = await createProduct(ctx, {
      ...sampleProductInput(p, categories.get(p.category)!, quantity),
      low_stock_threshold: p.unit === 'carton' || p.unit === 'bag' ? 3 : 6,
    });
    if (product.track_stock && quantity > 10 && i % 5 === 0) {
      await adjustStock(
        ctx,
        product.id,
        { quantity_change: -1, reason: 'damage', note: 'Dented on delivery' },
        undefined,
      );
    }
  }

  const phones = new Set<string>();
  for (let i = 0; phones.size < 24 && i < 100; i++) {
    const sample = sampleCustomer();
    if (phones.has(sample.phone_number)) continue;
    phones.add(sample.phone_number);
    try {
      const customer = await createCustomer(ctx, {
        ...sample,
        notes: i % 6 === 0 ? 'Buys in bulk at month end' : null,
      });
      if (phones.size === 5) await setCustomerBlocked(ctx, customer.id, true);
    } catch {
      // A random email drawn twice: skip that sample.
    }
  }
}
