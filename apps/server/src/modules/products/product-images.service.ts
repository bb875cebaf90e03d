import { MAX_PRODUCT_IMAGES, type Product } from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import { conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { readImageUpload } from '../../lib/uploads.js';
import { productOr404 } from './products.service.js';
import { productsRepository } from './products.repository.js';

const tooManyImages = () =>
  conflict(`A product can have at most ${MAX_PRODUCT_IMAGES} images. Remove one first.`, {
    file: `At most ${MAX_PRODUCT_IMAGES} images`,
  });

/**
 * Adds an image. The limit is checked before the upload is read (to spare a full product the
 * transfer) and again inside the transaction, on the locked row: concurrent uploads all pass
 * the first check. A refused upload's file is removed.
 */
export async function addProductImage(
  ctx: StoreContext,
  id: string,
  request: FastifyRequest,
): Promise<Product> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  const product = await productOr404(repo, id);
  if (product.images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
  const url = await readImageUpload(ctx, request);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const r = productsRepository(trx, ctx.storeId);
      const row = await r.rowForUpdate(id);
      if (!row) throw notFound('Product');
      const current = JSON.parse(row.images) as string[];
      if (current.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
      const images = [...current, url];
      await r.update(row, { images: JSON.stringify(images), updated_at: ctx.now.toISOString() });
      await writeAudit(trx, ctx, {
        action: 'product.image_added',
        entity: 'product',
        entityId: id,
        summary: `Image added to "${row.name}"`,
        after: { image: url },
      });
      return (await r.get(id))!;
    });
  } catch (error) {
    await ctx.deps.storage.remove(url.split('/').pop()!);
    throw error;
  }
}

export async function removeProductImage(ctx: StoreContext, id: string, name: string): Promise<Product> {
  const product = await ctx.db.transaction().execute(async (trx) => {
    const r = productsRepository(trx, ctx.storeId);
    const row = await r.rowForUpdate(id);
    if (!row) throw notFound('Product');
    const images = JSON.parse(row.images) as string[];
    const kept = images.filter((url) => url.split('/').pop() !== name);
    if (kept.length === images.length) throw notFound('Image');
    await r.update(row, { images: JSON.stringify(kept), updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, {
      action: 'product.image_removed',
      entity: 'product',
      entityId: id,
      summary: `Image removed from "${row.name}"`,
      before: { image: name },
    });
    return (await r.get(id))!;
  });
  await ctx.deps.storage.remove(name);
  return product;
}
