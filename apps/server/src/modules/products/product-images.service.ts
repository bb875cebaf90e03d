import { MAX_PRODUCT_IMAGES, type Product } from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import { conflict, notFound } from '../../lib/app-error.js';
import { writeAudit, type AuditInput } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { readImageUpload } from '../../lib/uploads.js';
import { productOr404 } from './products.service.js';
import { productsRepository } from './products.repository.js';

const tooManyImages = () =>
  conflict(`A product can have at most ${MAX_PRODUCT_IMAGES} images. Remove one first.`, {
    file: `At most ${MAX_PRODUCT_IMAGES} images`,
  });

/**
 * Changes a product's image list on its locked row, audited, in one transaction: `edit` gets the
 * current list and answers the new one, or throws to refuse.
 */
function changeImages(
  ctx: StoreContext,
  id: string,
  edit: (images: string[]) => string[],
  audit: (productName: string) => Omit<AuditInput, 'entity' | 'entityId'>,
): Promise<Product> {
  return ctx.db.transaction().execute(async (trx) => {
    const r = productsRepository(trx, ctx.storeId);
    const row = await r.rowForUpdate(id);
    if (!row) throw notFound('Product');
    const images = edit(JSON.parse(row.images) as string[]);
    await r.update(row, { images: JSON.stringify(images), updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, { entity: 'product', entityId: id, ...audit(row.name) });
    return (await r.get(id))!;
  });
}

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
    return await changeImages(
      ctx,
      id,
      (current) => {
        if (current.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
        return [...current, url];
      },
      (name) => ({
        action: 'product.image_added',
        summary: `Image added to "${name}"`,
        after: { image: url },
      }),
    );
  } catch (error) {
    await ctx.deps.storage.remove(url.split('/').pop()!);
    throw error;
  }
}

export async function removeProductImage(ctx: StoreContext, id: string, name: string): Promise<Product> {
  const product = await changeImages(
    ctx,
    id,
    (images) => {
      const kept = images.filter((url) => url.split('/').pop() !== name);
      if (kept.length === images.length) throw notFound('Image');
      return kept;
    },
    (productName) => ({
      action: 'product.image_removed',
      summary: `Image removed from "${productName}"`,
      before: { image: name },
    }),
  );
  await ctx.deps.storage.remove(name);
  return product;
}
