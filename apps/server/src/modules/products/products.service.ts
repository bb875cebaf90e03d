import { randomInt } from 'node:crypto';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_PRODUCT_IMAGES,
  type adjustStockBody,
  type Category,
  type createCategoryBody,
  type createProductBody,
  type DeletedProduct,
  type Product,
  type ProductListItem,
  type productListQuery,
  type productSearchQuery,
  type StockAdjustment,
  type StockMovement,
  type StockReason,
  type updateProductBody,
} from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { pageOf, type Page } from '../../lib/pagination.js';
import { queryWords } from '../../lib/search-index.js';
import { readImageUpload } from '../../lib/uploads.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import { SAMPLE_PRODUCTS } from './product-samples.js';
import {
  productsRepository,
  toProduct,
  type NewProductRow,
  type ProductForSale,
  type ProductsRepository,
} from './products.repository.js';
import type { ProductsTable } from './products.tables.js';
import { applyStockMovements } from './stock.service.js';
import { productIdsOnOrders, productSalesColumns } from '../orders/orders.service.js';
import { productIdsOnPurchaseOrders } from '../purchase-orders/purchase-orders.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The fields an audit row keeps of a product. */
const auditable = (p: Product | NewProductRow) => ({
  name: p.name,
  sku: p.sku,
  barcode: p.barcode,
  price: Number(p.price),
  sale_price: p.sale_price == null ? null : Number(p.sale_price),
  cost_price: p.cost_price == null ? null : Number(p.cost_price),
  unit: p.unit,
  track_stock: typeof p.track_stock === 'boolean' ? p.track_stock : p.track_stock === 1,
  low_stock_threshold: Number(p.low_stock_threshold),
  status: p.status,
});

/** Which of a product's unique fields a database unique violation is about, if any. */
export function duplicateProductField(error: unknown): 'sku' | 'barcode' | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const text =
    e?.code === '23505'
      ? (e.constraint ?? '')
      : e?.code === 'SQLITE_CONSTRAINT_UNIQUE'
        ? (e.message ?? '')
        : '';
  if (/sku/.test(text)) return 'sku';
  if (/barcode/.test(text)) return 'barcode';
  return null;
}

const duplicateError = (field: 'sku' | 'barcode', value: string, owner?: string) =>
  conflict(
    `${field === 'sku' ? 'SKU' : 'Barcode'} "${value}" is already used${owner ? ` by "${owner}"` : ''}.`,
    { [field]: `This ${field === 'sku' ? 'SKU' : 'barcode'} is already used by another product` },
  );

async function rethrowDuplicate<T>(
  work: Promise<T>,
  codes: { sku?: string | null; barcode?: string | null },
) {
  try {
    return await work;
  } catch (error) {
    const field = duplicateProductField(error);
    if (field) throw duplicateError(field, codes[field] ?? '');
    throw error;
  }
}

async function assertCodesFree(
  repo: ProductsRepository,
  codes: { sku?: string | null; barcode?: string | null },
  exceptId?: string,
): Promise<void> {
  const found = await repo.findByCodes(codes.sku ? [codes.sku] : [], codes.barcode ? [codes.barcode] : []);
  for (const p of found) {
    if (p.id === exceptId) continue;
    if (codes.sku && p.sku === codes.sku) throw duplicateError('sku', codes.sku, p.name);
    if (codes.barcode && p.barcode === codes.barcode) throw duplicateError('barcode', codes.barcode, p.name);
  }
}

async function checkCategoryIds(
  repo: ProductsRepository,
  ids: string[] | null | undefined,
): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) return [];
  const found = new Set((await repo.categoriesByIds(unique)).map((c) => c.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', 'Choose categories of this store.', {
      fields: { category_ids: `Unknown category: ${missing.join(', ')}` },
    });
  }
  return unique;
}

async function productOr404(repo: ProductsRepository, id: string): Promise<Product> {
  const product = await repo.get(id);
  if (!product) throw notFound('Product');
  return product;
}

// Reads

export async function listProducts(
  ctx: StoreContext,
  q: z.output<typeof productListQuery>,
): Promise<Page<ProductListItem>> {
  // Sales figures come in the page's own statement (see `productSalesColumns`).
  const page = await productsRepository(ctx.db, ctx.storeId).listRows(q, {
    extraColumns: productSalesColumns('p'),
  });
  return {
    ...page,
    // The sales figures are set on the product toProduct made rather than copied with it into a
    // new object: this runs for every row of every list page.
    items: page.items.map((row) => {
      const item = toProduct(row) as ProductListItem;
      item.units_sold = Number(row.units_sold ?? 0);
      item.revenue = Number(row.revenue ?? 0);
      return item;
    }),
  };
}

export async function searchProducts(
  ctx: StoreContext,
  q: z.output<typeof productSearchQuery>,
): Promise<Page<Product>> {
  // A search of only punctuation has no word to look for: nothing matches it.
  if (!queryWords(q.name).length) return pageOf([], 0, q);
  return productsRepository(ctx.db, ctx.storeId).list({
    page: q.page,
    perPage: q.perPage,
    status: q.status,
    search: q.name,
    sort: 'name',
  });
}

export async function findProductByCode(ctx: StoreContext, code: string): Promise<Product> {
  const product = await productsRepository(ctx.db, ctx.storeId).findByCode(code);
  if (!product) {
    throw new AppError('NOT_FOUND', `No product has the barcode or SKU "${code}".`, {
      fields: { barcode: 'No product with this barcode or SKU' },
    });
  }
  return product;
}

export const getProduct = (ctx: StoreContext, id: string) =>
  productOr404(productsRepository(ctx.db, ctx.storeId), id);

/**
 * What an order or a purchase order needs to price and check its lines, read in the caller's
 * transaction when it passes one. Ids of other stores or unknown ids are simply absent.
 */
export async function getProductsForSale(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  ids: string[],
): Promise<ProductForSale[]> {
  return productsRepository(db, ctx.storeId).forSale(ids);
}

export type { ProductForSale };

// Writes

export interface NewProductInput {
  name: string;
  description?: string | null;
  sku?: string | null;
  barcode?: string | null;
  category_ids?: string[] | null;
  unit?: string | null;
  price: number;
  cost_price?: number | null;
  sale_price?: number | null;
  track_stock?: boolean;
  quantity?: number | null;
  low_stock_threshold?: number | null;
  status?: 'active' | 'archived';
}

export async function createProduct(
  ctx: StoreContext,
  body: z.output<typeof createProductBody> | NewProductInput,
  stockReason: StockReason = 'initial',
): Promise<Product> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  const sku = body.sku || null;
  const barcode = body.barcode || null;
  await assertCodesFree(repo, { sku, barcode });
  const categoryIds = await checkCategoryIds(repo, body.category_ids);
  const trackStock = body.track_stock ?? true;
  const quantity = body.quantity ?? 0;

  return rethrowDuplicate(
    ctx.db.transaction().execute(async (trx) => {
      const r = productsRepository(trx, ctx.storeId);
      const now = ctx.now.toISOString();
      const row: NewProductRow = {
        id: newId(),
        store_id: ctx.storeId,
        name: body.name,
        description: body.description ?? null,
        sku: sku ?? (await freshSkus(r, 1))[0]!,
        barcode: barcode ?? (await freshBarcodes(r, 1))[0]!,
        unit: body.unit || 'piece',
        price: body.price,
        cost_price: body.cost_price ?? null,
        sale_price: body.sale_price ?? null,
        track_stock: trackStock ? 1 : 0,
        quantity: 0,
        low_stock_threshold: body.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
        status: body.status ?? 'active',
        images: '[]',
        created_at: now,
        updated_at: now,
      };
      await r.insert([row], new Map([[row.id, categoryIds]]));
      // Opening stock is a movement too, so the quantity is the sum of the ledger from the start.
      if (trackStock && quantity > 0) {
        await applyStockMovements(trx, ctx, [{ productId: row.id, change: quantity, reason: stockReason }]);
      }
      await writeAudit(trx, ctx, {
        action: 'product.created',
        entity: 'product',
        entityId: row.id,
        summary: `Product "${row.name}" created`,
        after: { ...auditable(row), quantity: trackStock ? quantity : 0, category_ids: categoryIds },
      });
      return (await r.get(row.id))!;
    }),
    { sku, barcode },
  );
}

/** One realistic sample product (and its category), so a new merchant can try the product at once. */
export async function autoCreateProduct(ctx: StoreContext): Promise<Product> {
  const sample = SAMPLE_PRODUCTS[randomInt(0, SAMPLE_PRODUCTS.length)]!;
  const category = await ensureCategory(ctx, sample.category);
  return createProduct(ctx, {
    name: sample.name,
    description: sample.description,
    unit: sample.unit,
    price: sample.price * 100,
    cost_price: sample.cost * 100,
    track_stock: sample.trackStock ?? true,
    quantity: sample.trackStock === false ? 0 : randomInt(12, 150),
    category_ids: [category.id],
  });
}

export async function updateProduct(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateProductBody>,
): Promise<Product> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  const current = await productOr404(repo, id);
  const sku = body.sku === undefined ? undefined : body.sku || null;
  const barcode = body.barcode === undefined ? undefined : body.barcode || null;
  await assertCodesFree(
    repo,
    {
      sku: sku && sku !== current.sku ? sku : null,
      barcode: barcode && barcode !== current.barcode ? barcode : null,
    },
    id,
  );
  const categoryIds =
    body.category_ids === undefined ? undefined : await checkCategoryIds(repo, body.category_ids);
  const price = body.price ?? current.price;
  const salePrice = body.sale_price === undefined ? current.sale_price : body.sale_price;
  if (salePrice != null && salePrice > price) {
    throw new AppError('VALIDATION_FAILED', 'Sale price cannot be more than the price', {
      fields: { sale_price: 'Sale price cannot be more than the price' },
    });
  }

  return rethrowDuplicate(
    ctx.db.transaction().execute(async (trx) => {
      const r = productsRepository(trx, ctx.storeId);
      const before = await r.rowForUpdate(id);
      if (!before) throw notFound('Product');
      const patch: Partial<ProductsTable> = { updated_at: ctx.now.toISOString() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description ?? null;
      if (sku !== undefined) patch.sku = sku ?? (await freshSkus(r, 1))[0]!;
      if (barcode !== undefined) patch.barcode = barcode ?? before.barcode;
      if (body.unit !== undefined) patch.unit = body.unit || 'piece';
      if (body.price !== undefined) patch.price = body.price;
      if (body.cost_price !== undefined) patch.cost_price = body.cost_price ?? null;
      if (body.sale_price !== undefined) patch.sale_price = body.sale_price ?? null;
      if (body.track_stock !== undefined) patch.track_stock = body.track_stock ? 1 : 0;
      if (body.low_stock_threshold !== undefined) {
        patch.low_stock_threshold = body.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
      }
      if (body.status !== undefined) patch.status = body.status;
      await r.update(before, patch);
      if (categoryIds) await r.setCategories(id, categoryIds);

      // A quantity on the form is a stock count: the difference goes through the ledger.
      const tracked = (patch.track_stock ?? before.track_stock) === 1;
      let count: { from: number; to: number } | null = null;
      if (tracked && body.quantity != null && body.quantity !== Number(before.quantity)) {
        count = { from: Number(before.quantity), to: body.quantity };
        await applyStockMovements(trx, ctx, [
          {
            productId: id,
            change: body.quantity - Number(before.quantity),
            reason: 'adjustment_count',
            note: `Quantity set from ${count.from} to ${count.to} on the product form`,
          },
        ]);
      }
      const after = (await r.get(id))!;
      await writeAudit(trx, ctx, {
        action: 'product.updated',
        entity: 'product',
        entityId: id,
        summary: `Product "${after.name}" updated`,
        before: {
          ...auditable(before),
          quantity: Number(before.quantity),
          category_ids: current.category_ids,
        },
        after: { ...auditable(after), quantity: after.quantity, category_ids: after.category_ids },
      });
      return after;
    }),
    { sku, barcode },
  );
}

/** Stock history, an order line or a purchase-order line refers to the product. */
async function isReferenced(db: Db, storeId: string, id: string): Promise<boolean> {
  if (await productsRepository(db, storeId).isReferenced(id)) return true;
  if ((await productIdsOnOrders(db, storeId, [id])).has(id)) return true;
  return (await productIdsOnPurchaseOrders(db, storeId, [id])).has(id);
}

/**
 * Deletes a product nobody refers to. A product that orders or stock history refer to is
 * archived instead, so past orders and reports keep their lines; either way the client shows
 * 'Product Deleted!!'.
 */
export async function deleteProduct(ctx: StoreContext, id: string): Promise<DeletedProduct> {
  return ctx.db.transaction().execute(async (trx) => {
    const r = productsRepository(trx, ctx.storeId);
    const row = await r.rowForUpdate(id);
    if (!row) throw notFound('Product');
    if (await isReferenced(trx, ctx.storeId, id)) {
      if (row.status !== 'archived') {
        await r.update(row, { status: 'archived', updated_at: ctx.now.toISOString() });
      }
      await writeAudit(trx, ctx, {
        action: 'product.archived',
        entity: 'product',
        entityId: id,
        summary: `Product "${row.name}" archived (it appears on orders, so it was kept)`,
        before: { status: row.status },
        after: { status: 'archived' },
      });
      return { id, archived: true };
    }
    await r.remove(row);
    await writeAudit(trx, ctx, {
      action: 'product.deleted',
      entity: 'product',
      entityId: id,
      summary: `Product "${row.name}" deleted`,
      before: { ...auditable(row), quantity: Number(row.quantity) },
    });
    return { id, archived: false };
  });
}

// Stock

const ADJUSTMENT_REASON: Record<z.output<typeof adjustStockBody>['reason'], StockReason> = {
  count: 'adjustment_count',
  damage: 'adjustment_damage',
  loss: 'adjustment_loss',
  return: 'adjustment_return',
  other: 'adjustment_other',
};

/** A manual stock adjustment. With an `Idempotency-Key`, a repeat returns the first answer and moves nothing. */
export async function adjustStock(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof adjustStockBody>,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: StockAdjustment; replayed: boolean }> {
  return runIdempotent(ctx, idempotencyKey, `product.adjust-stock:${id}`, body, async (trx) => {
    const r = productsRepository(trx, ctx.storeId);
    const row = await r.rowForUpdate(id);
    if (!row) throw notFound('Product');
    if (row.track_stock !== 1) {
      throw conflict(
        `Stock is not tracked for "${row.name}". Turn on stock tracking for it before adjusting stock.`,
        { quantity_change: 'Stock is not tracked for this product' },
      );
    }
    const [result] = await applyStockMovements(
      trx,
      ctx,
      [
        {
          productId: id,
          change: body.quantity_change,
          reason: ADJUSTMENT_REASON[body.reason],
          note: body.note ?? null,
        },
      ],
      { fieldKey: () => 'quantity_change' },
    );
    const movement = (await r.movements(id, { page: 1, perPage: 1 })).items[0]!;
    const product = (await r.get(id))!;
    await writeAudit(trx, ctx, {
      action: 'product.stock_adjusted',
      entity: 'product',
      entityId: id,
      summary: `Stock of "${row.name}" adjusted by ${body.quantity_change > 0 ? '+' : ''}${body.quantity_change} (${body.reason}): ${result!.quantityBefore} → ${result!.quantityAfter}`,
      before: { quantity: result!.quantityBefore },
      after: { quantity: result!.quantityAfter, reason: body.reason, note: body.note ?? null },
    });
    return { status: 201, body: { product, movement } };
  });
}

export async function listStockMovements(
  ctx: StoreContext,
  id: string,
  q: { page: number; perPage: number },
): Promise<Page<StockMovement>> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  await productOr404(repo, id);
  return repo.movements(id, q);
}

// Categories

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

// Images

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
