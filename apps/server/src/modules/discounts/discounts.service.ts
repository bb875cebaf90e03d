import { randomInt } from 'node:crypto';
import {
  discountProblems,
  type createDiscountBody,
  type Discount,
  type discountListQuery,
  type DiscountState,
  type updateDiscountBody,
} from '@tillbook/contract/discounts';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import type { Page } from '../../lib/pagination.js';
import { newId } from '../../lib/ids.js';
import { formatMoney } from '../../lib/money-text.js';
import { getProductsForSale, listCategories } from '../products/products.public.js';
import { addDays } from '../../lib/clock.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import { percentToBp } from './discount-use.service.js';
import { discountsRepository, toDiscount } from './discounts.repository.js';
import type { DiscountsTable } from './discounts.tables.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(prefix: string): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return `${prefix}-${out}`;
}

/** A code no discount of the store has, from the discount's name (`WEEKEND-7KQ2ZP`). */
async function freshCode(ctx: StoreContext, name: string): Promise<string> {
  const prefix =
    name
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim()
      .split(' ')[0]
      ?.slice(0, 10) || 'DISC';
  const repo = discountsRepository(ctx.db, ctx.storeId);
  for (;;) {
    const candidates = Array.from({ length: 5 }, () => randomCode(prefix.length >= 3 ? prefix : 'DISC'));
    const taken = await repo.codesTaken(candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}

const nowIso = (ctx: StoreContext) => ctx.now.toISOString();

async function rowOr404(ctx: StoreContext, id: string): Promise<DiscountsTable> {
  const row = await discountsRepository(ctx.db, ctx.storeId).get(id);
  if (!row) throw notFound('Discount');
  return row;
}

function isDuplicateCode(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    (e?.code === '23505' && /code/.test(e.constraint ?? '')) ||
    (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && /discounts\.code/.test(e.message ?? ''))
  );
}

async function assertCodeFree(ctx: StoreContext, code: string, exceptId?: string): Promise<void> {
  const found = await discountsRepository(ctx.db, ctx.storeId).byCode(code);
  if (found && found.id !== exceptId) {
    throw conflict(`The code "${code}" is already used by the discount "${found.name}".`, {
      code: 'This code is already used by another discount',
    });
  }
}

/** Product and category ids must be of this store. */
async function checkTargets(ctx: StoreContext, productIds: string[], categoryIds: string[]): Promise<void> {
  const fields: Record<string, string> = {};
  if (productIds.length) {
    const found = new Set((await getProductsForSale(ctx.db, ctx, productIds)).map((p) => p.id));
    const missing = productIds.filter((id) => !found.has(id));
    if (missing.length) fields.product_ids = `Unknown product: ${missing.join(', ')}`;
  }
  if (categoryIds.length) {
    const found = new Set((await listCategories(ctx)).map((c) => c.id));
    const missing = categoryIds.filter((id) => !found.has(id));
    if (missing.length) fields.category_ids = `Unknown category: ${missing.join(', ')}`;
  }
  if (Object.keys(fields).length) {
    throw new AppError('VALIDATION_FAILED', 'Choose products and categories of this store.', { fields });
  }
}

/** The fields an audit row keeps of a discount. */
const auditable = (d: Discount) => ({
  name: d.name,
  code: d.code,
  type: d.type,
  value: d.value,
  applies_to: d.applies_to,
  product_ids: d.product_ids,
  category_ids: d.category_ids,
  min_order_amount: d.min_order_amount,
  usage_limit: d.usage_limit,
  starts_at: d.starts_at,
  ends_at: d.ends_at,
  is_active: d.is_active,
});

// Reads

export async function listDiscounts(
  ctx: StoreContext,
  q: z.output<typeof discountListQuery>,
): Promise<Page<Discount>> {
  const now = nowIso(ctx);
  const page = await discountsRepository(ctx.db, ctx.storeId).list(q, now);
  return { items: page.items.map((r) => toDiscount(r, now)), pagination: page.pagination };
}

export const searchDiscounts = (ctx: StoreContext, term: string, q: { page: number; perPage: number }) =>
  listDiscounts(ctx, { ...q, search: term, isActive: undefined, status: undefined });

export const filterDiscounts = (
  ctx: StoreContext,
  state: DiscountState,
  q: { page: number; perPage: number },
) => listDiscounts(ctx, { ...q, status: state, isActive: undefined, search: undefined });

export async function getDiscount(ctx: StoreContext, id: string): Promise<Discount> {
  return toDiscount(await rowOr404(ctx, id), nowIso(ctx));
}

// Writes

type DiscountInput = z.output<typeof createDiscountBody>;

export async function createDiscount(ctx: StoreContext, body: DiscountInput): Promise<Discount> {
  const code = body.code || (await freshCode(ctx, body.name));
  if (body.code) await assertCodeFree(ctx, code);
  const appliesTo = body.applies_to ?? 'order';
  const productIds = appliesTo === 'products' ? [...new Set(body.product_ids ?? [])] : [];
  const categoryIds = appliesTo === 'categories' ? [...new Set(body.category_ids ?? [])] : [];
  await checkTargets(ctx, productIds, categoryIds);
  const tz = ctx.access.store.timezone;
  const now = nowIso(ctx);
  const row: DiscountsTable = {
    id: newId(),
    store_id: ctx.storeId,
    name: body.name,
    code,
    type: body.type,
    value: body.type === 'percentage' ? percentToBp(body.value) : body.value,
    applies_to: appliesTo,
    product_ids: JSON.stringify(productIds),
    category_ids: JSON.stringify(categoryIds),
    min_order_amount: body.min_order_amount ?? 0,
    usage_limit: body.usage_limit ?? null,
    used_count: 0,
    starts_at: startInstant(body.starts_at, tz),
    ends_at: endInstant(body.ends_at, tz),
    is_active: body.is_active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await discountsRepository(trx, ctx.storeId).insert(row);
      const discount = toDiscount(row, now);
      await writeAudit(trx, ctx, {
        action: 'discount.created',
        entity: 'discount',
        entityId: row.id,
        summary: `Discount "${row.name}" (${row.code}) created`,
        after: auditable(discount),
      });
    });
  } catch (error) {
    if (isDuplicateCode(error)) {
      throw conflict(`The code "${code}" is already used by another discount.`, {
        code: 'This code is already used by another discount',
      });
    }
    throw error;
  }
  return toDiscount(row, now);
}

export async function updateDiscount(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateDiscountBody>,
): Promise<Discount> {
  const current = await rowOr404(ctx, id);
  const now = nowIso(ctx);
  const before = toDiscount(current, now);
  if (body.type !== undefined && body.type !== current.type && body.value === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Give the value for the new type of discount.', {
      fields: { value: 'Give the value for the new type' },
    });
  }
  const tz = ctx.access.store.timezone;
  const merged = {
    type: body.type ?? before.type,
    value: body.value ?? before.value,
    applies_to: body.applies_to ?? before.applies_to,
    product_ids: body.product_ids === undefined ? before.product_ids : (body.product_ids ?? []),
    category_ids: body.category_ids === undefined ? before.category_ids : (body.category_ids ?? []),
    starts_at: body.starts_at === undefined ? before.starts_at : startInstant(body.starts_at, tz),
    ends_at: body.ends_at === undefined ? before.ends_at : endInstant(body.ends_at, tz),
  };
  const problems = discountProblems(merged);
  if (problems.length) {
    throw new AppError('VALIDATION_FAILED', problems[0]!.message, {
      fields: Object.fromEntries(problems.map((p) => [p.path, p.message])),
    });
  }
  const code =
    body.code === undefined ? current.code : body.code || (await freshCode(ctx, body.name ?? current.name));
  if (code !== current.code) await assertCodeFree(ctx, code, id);
  const productIds = merged.applies_to === 'products' ? [...new Set(merged.product_ids)] : [];
  const categoryIds = merged.applies_to === 'categories' ? [...new Set(merged.category_ids)] : [];
  await checkTargets(ctx, productIds, categoryIds);

  const patch: Partial<DiscountsTable> = {
    name: body.name ?? current.name,
    code,
    type: merged.type,
    value: merged.type === 'percentage' ? percentToBp(merged.value) : merged.value,
    applies_to: merged.applies_to,
    product_ids: JSON.stringify(productIds),
    category_ids: JSON.stringify(categoryIds),
    min_order_amount:
      body.min_order_amount === undefined ? current.min_order_amount : (body.min_order_amount ?? 0),
    usage_limit: body.usage_limit === undefined ? current.usage_limit : (body.usage_limit ?? null),
    starts_at: merged.starts_at,
    ends_at: merged.ends_at,
    is_active: body.is_active === undefined ? current.is_active : body.is_active ? 1 : 0,
    updated_at: now,
  };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const repo = discountsRepository(trx, ctx.storeId);
      await repo.update(id, patch);
      const after = toDiscount((await repo.get(id))!, now);
      await writeAudit(trx, ctx, {
        action: 'discount.updated',
        entity: 'discount',
        entityId: id,
        summary: `Discount "${after.name}" (${after.code}) updated`,
        before: auditable(before),
        after: auditable(after),
      });
      return after;
    });
  } catch (error) {
    if (isDuplicateCode(error)) {
      throw conflict(`The code "${code}" is already used by another discount.`, {
        code: 'This code is already used by another discount',
      });
    }
    throw error;
  }
}

/** One sample discount with a fresh code, running from now for two weeks, so a merchant can try codes at once. */
export async function autoCreateDiscount(ctx: StoreContext): Promise<Discount> {
  const currency = ctx.access.store.currency;
  const samples: DiscountInput[] = [
    { name: 'Weekend Sale 10% off', type: 'percentage', value: 10 },
    { name: 'Loyal Customer 5% off', type: 'percentage', value: 5, usage_limit: 100 },
    { name: 'Festive Season 15% off', type: 'percentage', value: 15, min_order_amount: 1_000_000 },
    {
      name: `${formatMoney(50_000, currency)} off orders over ${formatMoney(500_000, currency)}`,
      type: 'fixed',
      value: 50_000,
      min_order_amount: 500_000,
      usage_limit: 50,
    },
  ];
  const sample = samples[randomInt(0, samples.length)]!;
  return createDiscount(ctx, {
    ...sample,
    code: await freshCode(ctx, sample.name),
    starts_at: ctx.now.toISOString(),
    ends_at: addDays(ctx.now, 14).toISOString(),
    is_active: true,
  });
}
