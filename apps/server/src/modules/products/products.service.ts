import { randomInt } from 'node:crypto';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  type createProductBody,
  type BarcodeMatch,
  type DeletedProduct,
  type Product,
  type ProductListItem,
  type productListQuery,
  type productSearchQuery,
  type StockReason,
  type updateProductBody,
} from '@tillbook/contract/products';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { pageOf, type Page } from '../../lib/pagination.js';
import { queryWords } from '../../lib/search-index.js';
import { ensureCategory } from './categories.service.js';
import { assertCodesFree, checkCategoryIds, rethrowDuplicate, touchesVariants } from './product-checks.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import {
  productIdsOnOrders,
  productIdsOnPurchaseOrders,
  productSalesColumns,
} from './product-orders.queries.js';
import { productReads } from './product-reads.repository.js';
import { toListProduct, variantShapeOf, type NewProductRow } from './product-rows.js';
import { SAMPLE_PRODUCTS, sampleProductInput } from './product-samples.js';
import { productsRepository, type ProductsRepository } from './products.repository.js';
import type { ProductsTable } from './products.tables.js';
import { applyStockMovements } from './stock.service.js';
import { variantsRepository } from './variants.repository.js';
import { applyVariants, type VariantsBody } from './variants.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The fields an audit row keeps of a product. */
/** A product's fields as its audit rows keep them (the price history is read from them). */
export const auditable = (p: Product | NewProductRow | ProductsTable) => ({
  name: p.name,
  sku: p.sku,
  barcode: p.barcode,
  price: p.price,
  sale_price: p.sale_price,
  cost_price: p.cost_price,
  unit: p.unit,
  track_stock: typeof p.track_stock === 'boolean' ? p.track_stock : p.track_stock === 1,
  low_stock_threshold: p.low_stock_threshold,
  status: p.status,
});

export async function productOr404(repo: ProductsRepository, id: string): Promise<Product> {
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
  const page = await productReads(ctx.db, ctx.storeId).listRows(q, {
    extraColumns: productSalesColumns,
  });
  return {
    ...page,
    // The sales figures are set on the product toProduct made rather than copied with it into a
    // new object: this runs for every row of every list page.
    items: page.items.map((row) => {
      const item = toListProduct(row) as ProductListItem;
      const shape = variantShapeOf(row);
      item.variant_count = shape.variant_count;
      item.packs = shape.packs;
      item.units_sold = row.units_sold;
      item.revenue = row.revenue;
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
  return productReads(ctx.db, ctx.storeId).list({
    page: q.page,
    perPage: q.perPage,
    status: q.status,
    search: q.name,
    sort: 'name',
  });
}

export const noProductWithCode = (code: string) =>
  new AppError('NOT_FOUND', `No product has the barcode or SKU "${code}".`, {
    fields: { barcode: 'No product with this barcode or SKU' },
  });

/** The product a scanned code names, with which variant and, for a pack's barcode, which pack. */
export async function findProductByCode(ctx: StoreContext, code: string): Promise<BarcodeMatch> {
  const found = await productReads(ctx.db, ctx.storeId).findByCode(code);
  if (!found) throw noProductWithCode(code);
  const { product } = found;
  const variant = product.variants.find((v) => v.id === found.variantId);
  const pack = found.pack === null ? null : (variant?.packs.find((p) => p.name === found.pack) ?? null);
  return { ...product, variant_id: found.variantId, pack };
}

export const getProduct = (ctx: StoreContext, id: string) =>
  productOr404(productsRepository(ctx.db, ctx.storeId), id);

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
  await assertCodesFree(ctx.db, ctx.storeId, { sku, barcode });
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
      const variantsBody = body as VariantsBody;
      const withOptions = !!variantsBody.options?.length;
      // Opening stock is a movement too, so the quantity is the sum of the ledger from the start.
      if (trackStock && quantity > 0 && !withOptions) {
        await applyStockMovements(trx, ctx, [{ productId: row.id, change: quantity, reason: stockReason }]);
      }
      if (touchesVariants(variantsBody)) {
        await applyVariants(trx, ctx, (await r.rowForUpdate(row.id))!, variantsBody, stockReason, true);
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
  return createProduct(ctx, sampleProductInput(sample, category.id, randomInt(12, 150)));
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
    ctx.db,
    ctx.storeId,
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
      if (touchesVariants(body)) {
        await applyVariants(trx, ctx, (await r.rowForUpdate(id))!, body, 'initial');
      }

      // A quantity on the form is a stock count: the difference goes through the ledger. It is
      // the product's one active variant's; a product with several counts each variant.
      const tracked = (patch.track_stock ?? before.track_stock) === 1;
      if (tracked && body.quantity != null && body.quantity !== before.quantity && !touchesVariants(body)) {
        const active = (await variantsRepository(trx, ctx.storeId).variantsOf(id)).filter(
          (v) => v.status === 'active',
        );
        if (active.length !== 1) {
          throw unprocessable("This product has several variants: count each variant's stock.", {
            quantity: "Count each variant's stock",
          });
        }
        const variant = active[0]!;
        await applyStockMovements(trx, ctx, [
          {
            productId: id,
            variantId: variant.id,
            change: body.quantity - variant.quantity,
            reason: 'adjustment_count',
            note: `Quantity set from ${variant.quantity} to ${body.quantity} on the product form`,
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
          quantity: before.quantity,
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
      before: { ...auditable(row), quantity: row.quantity },
    });
    return { id, archived: false };
  });
}
