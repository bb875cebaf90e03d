import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { vendorOr404 } from './vendors.service.js';

/** What other modules may use of the vendors module (decision 0025): the vendor of a purchase order. */

/** The vendor a purchase order may be raised to; 404 for another store's vendor. */
export const findVendor = (ctx: StoreContext, id: string, db?: Transaction<Database>) =>
  vendorOr404(ctx, id, db);
