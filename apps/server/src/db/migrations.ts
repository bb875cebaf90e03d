import type { Migration } from 'kysely';
import * as platform from './migrations/0001-platform.js';
import * as catalogue from './migrations/0002-catalogue.js';
import * as catalogueSearch from './migrations/0003-catalogue-search.js';
import * as sales from './migrations/0004-sales.js';
import * as catalogueStockState from './migrations/0005-catalogue-stock-state.js';
import * as purchasing from './migrations/0006-purchasing.js';
import * as shippingTax from './migrations/0007-shipping-tax.js';
import * as accessHardening from './migrations/0008-access-hardening.js';
import * as hardening from './migrations/0009-hardening.js';
import * as wallet from './migrations/0010-wallet.js';
import * as salesFigures from './migrations/0011-sales-figures.js';
import * as developerKeys from './migrations/0012-developer-keys.js';
import * as webhooks from './migrations/0013-webhooks.js';
import * as offlineSales from './migrations/0014-offline-sales.js';
import * as transactionPins from './migrations/0015-transaction-pins.js';
import * as salesFiguresPlacedTotal from './migrations/0018-sales-figures-placed-total.js';
import * as salesFigureChanges from './migrations/0019-sales-figure-changes.js';
import * as figureDaysCovered from './migrations/0020-figure-days-covered.js';
import * as tillDevices from './migrations/0021-till-devices.js';
import * as distributionKeys from './migrations/0022-distribution-keys.js';
import * as storeZones from './migrations/0023-store-zones.js';
import * as tillFavourites from './migrations/0024-till-favourites.js';
import * as shifts from './migrations/0025-shifts.js';
import * as variantsAndPacks from './migrations/0026-variants-and-packs.js';
import * as customerAccounts from './migrations/0027-customer-accounts-and-till-transfers.js';
import * as receiptLinks from './migrations/0028-receipt-links.js';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the same list
 * works from compiled JavaScript and from TypeScript under the test runner. Add new ones at the
 * end, numbered after the last. Once shipped, a migration is frozen (decision 0050): its name and
 * number are never changed or reused, its file is never edited (`migrations.checksums.json`), and
 * it imports nothing of the app, only Kysely and the frozen helpers beside it.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-catalogue': catalogue,
  '0003-catalogue-search': catalogueSearch,
  '0004-sales': sales,
  '0005-catalogue-stock-state': catalogueStockState,
  '0006-purchasing': purchasing,
  '0007-shipping-tax': shippingTax,
  '0008-access-hardening': accessHardening,
  '0009-hardening': hardening,
  '0010-wallet': wallet,
  '0011-sales-figures': salesFigures,
  '0012-developer-keys': developerKeys,
  '0013-webhooks': webhooks,
  '0014-offline-sales': offlineSales,
  '0015-transaction-pins': transactionPins,
  '0018-sales-figures-placed-total': salesFiguresPlacedTotal,
  '0019-sales-figure-changes': salesFigureChanges,
  '0020-figure-days-covered': figureDaysCovered,
  '0021-till-devices': tillDevices,
  '0022-distribution-keys': distributionKeys,
  '0023-store-zones': storeZones,
  '0024-till-favourites': tillFavourites,
  '0025-shifts': shifts,
  '0026-variants-and-packs': variantsAndPacks,
  '0027-customer-accounts-and-till-transfers': customerAccounts,
  '0028-receipt-links': receiptLinks,
};

/**
 * Numbers no migration has: 0016 and 0017 were never in this repository (0018 came after 0015).
 * They stay unused, so no new migration sorts among those already applied (decision 0050).
 */
export const unusedMigrationNumbers: readonly string[] = ['0016', '0017'];

/**
 * Names migrations were recorded under before they were renumbered (two shared 0003; issue 16),
 * to their names now, in the order the renames are applied. A database migrated before has the
 * old names in `kysely_migration`; `migrateToLatest` renames them before the migrator reads them,
 * and a restore accepts a backup that lists them. Never reuse an old name for a new migration,
 * and never add a rename again: a shipped migration keeps its name (decision 0050).
 */
export const renamedMigrations: ReadonlyArray<readonly [from: string, to: string]> = [
  ['0008-hardening', '0009-hardening'],
  ['0007-access-hardening', '0008-access-hardening'],
  ['0006-shipping-tax', '0007-shipping-tax'],
  ['0005-purchasing', '0006-purchasing'],
  ['0004-catalogue-stock-state', '0005-catalogue-stock-state'],
  ['0003-sales', '0004-sales'],
];
