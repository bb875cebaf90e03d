import type { Migration } from 'kysely';
import * as platform from './migrations/0001-platform.js';
import * as catalogue from './migrations/0002-catalogue.js';
import * as catalogueSearch from './migrations/0003-catalogue-search.js';
import * as sales from './migrations/0003-sales.js';
import * as catalogueStockState from './migrations/0004-catalogue-stock-state.js';
import * as purchasing from './migrations/0005-purchasing.js';
import * as shippingTax from './migrations/0006-shipping-tax.js';
import * as accessHardening from './migrations/0007-access-hardening.js';
import * as hardening from './migrations/0008-hardening.js';
import * as wallet from './migrations/0009-wallet.js';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the same list
 * works from compiled JavaScript and from TypeScript under the test runner. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-catalogue': catalogue,
  '0003-catalogue-search': catalogueSearch,
  '0003-sales': sales,
  '0004-catalogue-stock-state': catalogueStockState,
  '0005-purchasing': purchasing,
  '0006-shipping-tax': shippingTax,
  '0007-access-hardening': accessHardening,
  '0008-hardening': hardening,
  '0009-wallet': wallet,
};
