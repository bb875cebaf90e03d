import {
  TILL_CHANGES_PAGE,
  TILL_DEFAULTS,
  TILL_FAVOURITES_MAX,
  TILL_TOP_SELLERS,
  type TillChanges,
  type TillFavourites,
  type TillSettings,
  type TillTopSellers,
  type updateTillSettingsBody,
} from '@tillbook/contract/till';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { customersChangedSince } from '../customers/customers.public.js';
import { activeDiscounts } from '../discounts/discounts.public.js';
import {
  getProductsForSale,
  productLabels,
  productsChangedSince,
  productsDeletedSince,
  type ChangePosition,
} from '../products/products.public.js';
import { topSellingProductIds } from '../reports/reports.public.js';
import { activeShippingRates } from '../shipping/shipping.public.js';
import { taxRulesOfStore } from '../tax/tax.public.js';
import { claimTillDevice, tillSettingsOf } from './till.public.js';
import { tillRepository } from './till.repository.js';

/**
 * How far back each "changes since" reads again once caught up. A change is stamped with its
 * request's clock but seen only when its transaction commits, so a row stamped a moment before
 * the last one read may still arrive; requests time out after 20 s, so 30 s covers every commit
 * in flight. Rows read twice are harmless: the till writes each by its id.
 */
const OVERLAP_MS = 30_000;

interface Cursor {
  p: ChangePosition;
  c: ChangePosition;
  /** Deletions at or after this time are sent. */
  d: string;
}

const badCursor = () =>
  new AppError('VALIDATION_FAILED', 'The cursor is not one this server gave. Start again without it.', {
    fields: { since: 'Cursor is not one this server gave' },
  });

function readCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const isPosition = (p: unknown): p is ChangePosition =>
    typeof p === 'object' &&
    p !== null &&
    typeof (p as ChangePosition).at === 'string' &&
    typeof (p as ChangePosition).id === 'string';
  const c = value as Cursor;
  if (!value || !isPosition(c.p) || !isPosition(c.c) || typeof c.d !== 'string') throw badCursor();
  return c;
}

const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** Where to read from next: after the last row, or a little back from now once caught up. */
function nextPosition(
  rows: ReadonlyArray<{ id: string; updated_at: string }>,
  before: ChangePosition,
  caughtUp: boolean,
  overlapFrom: string,
): ChangePosition {
  const last = rows.at(-1);
  const at = last ? { at: last.updated_at, id: last.id } : before;
  if (!caughtUp) return at;
  return at.at > overlapFrom ? { at: overlapFrom, id: '' } : at;
}

/**
 * `GET /till/changes`: the store's products and customers changed since the cursor (all of them
 * without one), products deleted meanwhile, and the small lists (discounts usable now, tax
 * rules, shipping rates, the offline rules) whole. A till that names its device claims the
 * device's offline numbers for its browser, before it can number a sale (decision 0047).
 */
export async function tillChanges(
  ctx: StoreContext,
  since: string | undefined,
  device?: { id: string; owner: string },
): Promise<TillChanges> {
  if (device) await claimTillDevice(ctx.db, ctx, device.id, device.owner);
  const start: ChangePosition = { at: '', id: '' };
  const cursor = since ? readCursor(since) : { p: start, c: start, d: '' };
  const now = ctx.now.toISOString();
  const overlapFrom = new Date(ctx.now.getTime() - OVERLAP_MS).toISOString();
  const [products, customers, removed, discounts, taxRules, shippingRates, settings] = await Promise.all([
    productsChangedSince(ctx.db, ctx, since ? cursor.p : null, TILL_CHANGES_PAGE),
    customersChangedSince(ctx.db, ctx, since ? cursor.c : null, TILL_CHANGES_PAGE),
    since ? productsDeletedSince(ctx.db, ctx, cursor.d) : Promise.resolve([]),
    activeDiscounts(ctx),
    taxRulesOfStore(ctx.db, ctx),
    activeShippingRates(ctx.db, ctx),
    tillSettingsOf(ctx.db, ctx),
  ]);
  const productsDone = products.length < TILL_CHANGES_PAGE;
  const customersDone = customers.length < TILL_CHANGES_PAGE;
  const more = !productsDone || !customersDone;
  const next: Cursor = {
    p: nextPosition(products, cursor.p, productsDone, overlapFrom),
    c: nextPosition(customers, cursor.c, customersDone, overlapFrom),
    // While pages remain, deletions are read again from the same time on the next page.
    d: more ? cursor.d : overlapFrom,
  };
  return {
    cursor: writeCursor(next),
    more,
    full: !since,
    products,
    removed_product_ids: removed,
    customers,
    discounts,
    tax_rules: taxRules,
    shipping_rates: shippingRates,
    settings,
    store: {
      country: ctx.access.store.country,
      state: ctx.access.store.state,
      currency: ctx.access.store.currency,
    },
    server_time: now,
  };
}

export const getTillSettings = (ctx: StoreContext): Promise<TillSettings> => tillSettingsOf(ctx.db, ctx);

/** `PUT /till/settings`: the store's rules for offline sales, audited. */
export async function updateTillSettings(
  ctx: StoreContext,
  body: z.output<typeof updateTillSettingsBody>,
): Promise<TillSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await tillSettingsOf(trx, ctx);
    // Left out, the shift rule stays as it was (a body from before the rule existed is still whole).
    const after: TillSettings = { ...body, shift_required: body.shift_required ?? before.shift_required };
    await tillRepository(trx, ctx.storeId).saveSettings(
      { ...body, shift_required: after.shift_required ? 1 : 0 },
      ctx.now.toISOString(),
    );
    await writeAudit(trx, ctx, {
      action: 'till.settings_updated',
      entity: 'store',
      entityId: ctx.storeId,
      summary: `Offline sales: ${body.offline_max_hours} h, ${body.offline_max_sales} sales, stock rule ${body.offline_stock_rule}; shift ${after.shift_required ? 'required' : 'not required'} to sell`,
      before,
      after,
    });
    return after;
  });
}

const parseIds = (json: string | undefined): string[] => (json ? (JSON.parse(json) as string[]) : []);

/** Only the ids of products the store still has (a pinned or sold product may have been deleted since). */
async function existing(ctx: StoreContext, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const labels = await productLabels(ctx.db, ctx.storeId, ids);
  return ids.filter((id) => labels.has(id));
}

/** `GET /till/favourites`: the products pinned to the till's grid, in the order pinned. */
export async function tillFavourites(ctx: StoreContext): Promise<TillFavourites> {
  return {
    product_ids: await existing(ctx, parseIds(await tillRepository(ctx.db, ctx.storeId).favourites())),
  };
}

/**
 * `PUT /till/favourites/:id`: pins a product of the store to the till's grid (at the end), or
 * unpins it; pinning twice or unpinning what is not pinned changes nothing. Another store's
 * product is not found. Audited, as it changes what every till of the store shows.
 */
export async function pinFavourite(
  ctx: StoreContext,
  productId: string,
  pinned: boolean,
): Promise<TillFavourites> {
  return ctx.db.transaction().execute(async (trx) => {
    const [product] = await getProductsForSale(trx, ctx, [productId]);
    if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
    const repo = tillRepository(trx, ctx.storeId);
    const { offline_max_hours, offline_max_sales, offline_stock_rule } = TILL_DEFAULTS;
    await repo.ensureSettings(
      { offline_max_hours, offline_max_sales, offline_stock_rule, shift_required: 0 },
      ctx.now.toISOString(),
    );
    const before = parseIds(await repo.favourites(true));
    const has = before.includes(productId);
    if (has === pinned) return { product_ids: before };
    const after = pinned ? [...before, productId] : before.filter((id) => id !== productId);
    if (after.length > TILL_FAVOURITES_MAX)
      // A rule of the store's state, not a malformed body: 422, with the field the till shows it on.
      throw new AppError(
        'UNPROCESSABLE',
        `At most ${TILL_FAVOURITES_MAX} products can be pinned to the till.`,
        {
          fields: { pinned: `At most ${TILL_FAVOURITES_MAX} products can be pinned; unpin one first` },
        },
      );
    await repo.saveFavourites(JSON.stringify(after));
    await writeAudit(trx, ctx, {
      action: pinned ? 'till.favourite_pinned' : 'till.favourite_unpinned',
      entity: 'product',
      entityId: productId,
      summary: `${pinned ? 'Pinned' : 'Unpinned'} ${product.name} ${pinned ? 'to' : 'from'} the till`,
      before: { product_ids: before },
      after: { product_ids: after },
    });
    return { product_ids: after };
  });
}

/** `GET /till/top-sellers`: the store's best sellers of the last 30 days that it still has. */
export async function tillTopSellers(ctx: StoreContext): Promise<TillTopSellers> {
  const ids = await topSellingProductIds(ctx, TILL_TOP_SELLERS.days, TILL_TOP_SELLERS.limit);
  return { product_ids: await existing(ctx, ids), days: TILL_TOP_SELLERS.days };
}
