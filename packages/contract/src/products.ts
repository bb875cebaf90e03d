import { z } from 'zod';
import {
  defineRoutes,
  idParam,
  optionalTrimmed,
  paginationQuery,
  publicKeyAnswer,
  trimmed,
} from './common.js';

import {
  ADJUSTMENT_REASONS,
  MAX_STOCK_QUANTITY,
  PRODUCT_STATUSES,
  STOCK_REASONS,
  STOCK_STATES,
  categorySchema,
  productListItemSchema,
  productPackSchema,
  productSchema,
} from './product-model.js';
import { createProductBody, updateProductBody } from './product-inputs.js';
import { importQuery, importReportSchema, templateQuery } from './product-files.js';
import {
  publicCategorySchema,
  publicProductSchema,
  toPublicCategories,
  toPublicProduct,
} from './products-public.js';

export * from './product-model.js';
export * from './product-codes.js';
export * from './products-public.js';
export * from './product-inputs.js';
export * from './product-files.js';

export const stockMovementSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  /** The variant whose stock moved (the product's id for its own variant). */
  variant_id: z.string(),
  reason: z.enum(STOCK_REASONS),
  quantity_change: z.number().int(),
  quantity_before: z.number().int(),
  quantity_after: z.number().int(),
  actor_type: z.enum(['user', 'api_key', 'system']),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/**
 * What a scanned code names (`GET /product/search-barcode`): the product, with which of its
 * variants and, for a pack's barcode, which pack.
 */
export const barcodeMatchSchema = productSchema.extend({
  variant_id: z.string(),
  pack: productPackSchema.nullable(),
});
export type BarcodeMatch = z.infer<typeof barcodeMatchSchema>;

export const stockAdjustmentSchema = z.object({ product: productSchema, movement: stockMovementSchema });
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

export const deletedProductSchema = z.object({
  id: z.string(),
  /** True when the product was kept as archived because orders or stock history refer to it. */
  archived: z.boolean(),
});
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

export const createCategoryBody = z.object({
  name: trimmed('Category name', 100),
  description: optionalTrimmed('Description', 500),
});

export const adjustStockBody = z.object({
  quantity_change: z
    .number({ error: 'Quantity change must be a whole number' })
    .int({ error: 'Quantity change must be a whole number' })
    .min(-MAX_STOCK_QUANTITY, { error: 'Quantity change is too large' })
    .max(MAX_STOCK_QUANTITY, { error: 'Quantity change is too large' })
    .refine((v) => v !== 0, { error: 'Quantity change cannot be zero' }),
  reason: z.enum(ADJUSTMENT_REASONS, {
    error: 'Reason must be one of count, damage, loss, return, other',
  }),
  note: optionalTrimmed('Note', 500),
  /** Which variant's stock; required for a product with several. */
  variant_id: z.string().trim().min(1).max(64).optional(),
  /** Counted in this pack (the change is then that many packs: `factor ×` base units). */
  pack: z.string().trim().min(1).max(30).optional(),
});

export const PRODUCT_SORTS = ['created_at', 'updated_at', 'name', 'price', 'quantity'] as const;

const productFilters = {
  categoryId: z.string().trim().max(64).optional(),
  stock: z.enum(STOCK_STATES, { error: 'Stock must be in_stock, low_stock or out_of_stock' }).optional(),
  status: z
    .enum([...PRODUCT_STATUSES, 'all'], { error: 'Status must be active, archived or all' })
    .default('active'),
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: `Sort must be one of ${PRODUCT_SORTS.join(', ')}` })
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional(),
};

export const productListQuery = paginationQuery.extend(productFilters);
export const productExportQuery = z.object(productFilters);

export const productSearchQuery = paginationQuery.extend({
  name: z
    .string({ error: 'Type a name, SKU or barcode to search' })
    .trim()
    .min(1, { error: 'Type a name, SKU or barcode to search' })
    .max(100, { error: 'Search must be at most 100 characters' }),
  status: productFilters.status,
});

/** Sorts a public key may use: not by quantity or by last change, which follow the stock. */
export const PUBLIC_PRODUCT_SORTS = ['created_at', 'name', 'price'] as const;

/**
 * The list's query for a public key: the page, a category, a search and a sort. No stock or
 * status filter (a public key sees active products only) and no sort that follows the stock.
 */
export const publicProductListQuery = paginationQuery.extend({
  categoryId: productFilters.categoryId,
  search: productFilters.search,
  sort: z
    .enum(PUBLIC_PRODUCT_SORTS, {
      error: `Sort must be one of ${PUBLIC_PRODUCT_SORTS.join(', ')} with a public key`,
    })
    .default('created_at'),
  order: productFilters.order,
});

/** The search's query for a public key: no status (active products only). */
export const publicProductSearchQuery = productSearchQuery.omit({ status: true });

export const barcodeQuery = z.object({
  barcode: z
    .string({ error: 'Scan or type a barcode or SKU' })
    .trim()
    .min(1, { error: 'Scan or type a barcode or SKU' })
    .max(64, { error: 'Barcode must be at most 64 characters' }),
});

export const imageParams = z.object({
  id: idParam.shape.id,
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'Not an image of this product' }),
});

export const productsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/product/paginated/results',
    access: 'products.view',
    publicKey: publicKeyAnswer(publicProductSchema, toPublicProduct, publicProductListQuery),
    summary: 'Products, a page at a time, with filters (category, stock, status, search) and sort',
    query: productListQuery,
    response: productListItemSchema,
    paginated: true,
  },
  search: {
    method: 'GET',
    path: '/product/search',
    access: 'products.view',
    publicKey: publicKeyAnswer(publicProductSchema, toPublicProduct, publicProductSearchQuery),
    summary: 'Products whose name, SKU or barcode contains words starting with the search',
    query: productSearchQuery,
    response: productSchema,
    paginated: true,
  },
  searchBarcode: {
    method: 'GET',
    path: '/product/search-barcode',
    access: 'products.view',
    publicKey: publicKeyAnswer(publicProductSchema, toPublicProduct),
    summary:
      "The one product with this barcode or SKU (exact), naming the variant and, for a pack's barcode, the pack",
    query: barcodeQuery,
    response: barcodeMatchSchema,
  },
  create: {
    method: 'POST',
    path: '/product/create',
    access: 'products.manage',
    summary: 'Create a product; SKU and an EAN-13 barcode are generated when empty',
    body: createProductBody,
    response: productSchema,
  },
  autoCreate: {
    method: ['GET', 'POST'],
    path: '/product/auto-create',
    access: 'products.manage',
    summary: 'Create one realistic sample product',
    response: productSchema,
  },
  categories: {
    method: 'GET',
    path: '/product/categories',
    access: 'products.view',
    publicKey: publicKeyAnswer(z.array(publicCategorySchema), toPublicCategories),
    summary: "The store's product categories, newest first",
    response: z.array(categorySchema),
  },
  createCategory: {
    method: 'POST',
    path: '/product/category',
    access: 'products.manage',
    summary: 'Create a product category',
    body: createCategoryBody,
    response: categorySchema,
  },
  upload: {
    method: 'POST',
    path: '/product/upload',
    access: 'products.manage',
    summary:
      'Import products from a CSV or XLSX file (multipart field `file`); `atomic=true` writes nothing when a row fails',
    query: importQuery,
    multipart: true,
    response: importReportSchema,
  },
  template: {
    method: 'GET',
    path: '/product/upload/template',
    access: 'products.view',
    summary: 'The product import template (CSV or XLSX)',
    query: templateQuery,
    file: 'text/csv',
  },
  export: {
    method: 'GET',
    path: '/product/export',
    access: 'products.view',
    summary: 'Products matching the list filters, as CSV',
    query: productExportQuery,
    file: 'text/csv',
  },
  get: {
    method: 'GET',
    path: '/product/:id',
    access: 'products.view',
    publicKey: publicKeyAnswer(publicProductSchema, toPublicProduct),
    summary: 'One product',
    params: idParam,
    response: productSchema,
  },
  update: {
    method: 'PUT',
    path: '/product/:id',
    access: 'products.manage',
    summary: 'Change a product',
    params: idParam,
    body: updateProductBody,
    response: productSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/product/:id',
    access: 'products.manage',
    summary: 'Delete a product, or archive it when orders or stock history refer to it',
    params: idParam,
    response: deletedProductSchema,
  },
  adjustStock: {
    method: 'POST',
    path: '/product/:id/adjust-stock',
    access: 'products.manage',
    summary: 'Adjust stock by a signed quantity with a reason',
    params: idParam,
    body: adjustStockBody,
    idempotent: true,
    response: stockAdjustmentSchema,
  },
  stockMovements: {
    method: 'GET',
    path: '/product/:id/stock-movements',
    access: 'products.view',
    summary: "The product's stock ledger, newest first",
    params: idParam,
    query: paginationQuery,
    response: stockMovementSchema,
    paginated: true,
  },
  addImage: {
    method: 'POST',
    path: '/product/:id/images',
    access: 'products.manage',
    summary: 'Add an image (JPEG, PNG or WebP; multipart field `file`)',
    params: idParam,
    multipart: true,
    response: productSchema,
  },
  removeImage: {
    method: 'DELETE',
    path: '/product/:id/images/:name',
    access: 'products.manage',
    summary: 'Remove an image from a product',
    params: imageParams,
    response: productSchema,
  },
});
