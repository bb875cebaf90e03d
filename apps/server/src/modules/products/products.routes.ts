import { MESSAGES } from '@tillbook/contract/constants';
import { productsRoutes } from '@tillbook/contract/products';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@tillbook/contract/products';
import { notFound } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { Readable } from 'node:stream';
import { sendImportReport } from '../../lib/import-reply.js';
import { exportProducts, productTemplate } from './product-file.js';
import { importProducts } from './products.import.js';
import * as categories from './categories.service.js';
import * as images from './product-images.service.js';
import * as products from './products.service.js';
import * as stock from './stock-adjustments.service.js';

/**
 * A public key sees active products only (decision 0046): an archived one is not found, as its
 * lists leave it out (their status is `active` and a public key cannot change it).
 */
function shownTo<T extends Product>(ctx: StoreContext, product: T, missing = () => notFound('Product')): T {
  if (ctx.apiKey?.type === 'public' && product.status !== 'active') throw missing();
  return product;
}

export function registerProductsRoutes(app: FastifyInstance): void {
  route(app, productsRoutes.list, async (ctx, { query }) => paged(await products.listProducts(ctx, query)));
  route(app, productsRoutes.search, async (ctx, { query }) =>
    paged(await products.searchProducts(ctx, query)),
  );
  route(app, productsRoutes.searchBarcode, async (ctx, { query }) =>
    ok(
      shownTo(ctx, await products.findProductByCode(ctx, query.barcode), () =>
        products.noProductWithCode(query.barcode),
      ),
    ),
  );
  route(app, productsRoutes.create, async (ctx, { body }) =>
    ok(await products.createProduct(ctx, body), 'Product created', 201),
  );
  route(app, productsRoutes.autoCreate, async (ctx) =>
    ok(await products.autoCreateProduct(ctx), 'Product generated successfully', 201),
  );
  route(app, productsRoutes.categories, async (ctx) => ok(await categories.listCategories(ctx)));
  route(app, productsRoutes.createCategory, async (ctx, { body }) =>
    ok(await categories.createCategory(ctx, body), 'Category created', 201),
  );
  route(app, productsRoutes.upload, async (ctx, { query }, request, reply) =>
    sendImportReport(request, reply, await importProducts(ctx, request, query.atomic ?? false), 'product'),
  );
  route(app, productsRoutes.template, async (_ctx, { query }, _request, reply) => {
    const file = await productTemplate(query.format);
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.data);
  });
  route(app, productsRoutes.export, async (ctx, { query }, _request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="products-${ctx.now.toISOString().slice(0, 10)}.csv"`,
      )
      .send(Readable.from(exportProducts(ctx, query))),
  );
  route(app, productsRoutes.get, async (ctx, { params }) =>
    ok(shownTo(ctx, await products.getProduct(ctx, params.id))),
  );
  route(app, productsRoutes.update, async (ctx, { params, body }) =>
    ok(await products.updateProduct(ctx, params.id, body), 'Product updated'),
  );
  route(app, productsRoutes.remove, async (ctx, { params }) =>
    ok(await products.deleteProduct(ctx, params.id), MESSAGES.productDeleted),
  );
  route(app, productsRoutes.adjustStock, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await stock.adjustStock(ctx, params.id, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Stock adjusted (repeated request)' : 'Stock adjusted',
      outcome.status,
    );
  });
  route(app, productsRoutes.stockMovements, async (ctx, { params, query }) =>
    paged(await stock.listStockMovements(ctx, params.id, query)),
  );
  route(app, productsRoutes.addImage, async (ctx, { params }, request) =>
    ok(await images.addProductImage(ctx, params.id, request), 'Image uploaded', 201),
  );
  route(app, productsRoutes.removeImage, async (ctx, { params }) =>
    ok(await images.removeProductImage(ctx, params.id, params.name), 'Image removed'),
  );
}
