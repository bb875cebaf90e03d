import type { Category, createCategoryBody } from '@tillbook/contract/products';
import type { z } from 'zod';
import { conflict } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { productsRepository } from './products.repository.js';

export const listCategories = (ctx: StoreContext): Promise<Category[]> =>
  productsRepository(ctx.db, ctx.storeId).listCategories();

export async function createCategory(
  ctx: StoreContext,
  body: z.output<typeof createCategoryBody>,
): Promise<Category> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  if ((await repo.categoriesByNames([body.name])).length) {
    throw conflict(`A category named "${body.name}" already exists.`, {
      name: 'A category with this name already exists',
    });
  }
  const now = ctx.now.toISOString();
  const row = {
    id: newId(),
    store_id: ctx.storeId,
    name: body.name,
    description: body.description ?? null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await productsRepository(trx, ctx.storeId).insertCategories([row]);
    await writeAudit(trx, ctx, {
      action: 'category.created',
      entity: 'category',
      entityId: row.id,
      summary: `Category "${row.name}" created`,
      after: { name: row.name, description: row.description },
    });
  });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    products_count: 0,
    created_at: now,
    updated_at: now,
  };
}

/** The category with this name (any case), created when missing. */
export async function ensureCategory(ctx: StoreContext, name: string): Promise<{ id: string; name: string }> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  const [found] = await repo.categoriesByNames([name]);
  if (found) return found;
  return createCategory(ctx, { name, description: null });
}
