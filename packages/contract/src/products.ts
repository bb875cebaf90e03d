import { z } from 'zod';
import {
  defineRoutes,
  idParam,
  money,
  optionalTrimmed,
  paginationQuery,
  publicKeyAnswer,
  queryBoolean,
  trimmed,
} from './common.js';

import {
  ADJUSTMENT_REASONS,
  MAX_OPTION_VALUES,
  MAX_PACK_FACTOR,
  MAX_PACKS,
  MAX_PRODUCT_OPTIONS,
  MAX_STOCK_QUANTITY,
  MAX_VARIANTS,
  PRODUCT_STATUSES,
  STOCK_REASONS,
  STOCK_STATES,
  categorySchema,
  productListItemSchema,
  productPackSchema,
  productSchema,
} from './product-model.js';
import { barcodeSchema, skuSchema } from './product-codes.js';
import {
  publicCategorySchema,
  publicProductSchema,
  toPublicCategories,
  toPublicProduct,
} from './products-public.js';

export * from './product-model.js';
export * from './product-codes.js';
export * from './products-public.js';

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

/** One rejected row of an import: `line` is the row number in the spreadsheet (the header is row 1). */
export const importRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importReportSchema = z.object({
  /** Data rows read from the file. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(importRowErrorSchema),
  /** False when nothing was written (`atomic=true` with rejected rows, or no valid row). */
  written: z.boolean(),
  atomic: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const stockQuantity = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(MAX_STOCK_QUANTITY, { error: `${label} is too large` });

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
/** Index of the first entry whose key repeats an earlier one (case and accents ignored), or -1. */
function repeatAt<T>(list: T[], key: (item: T) => string): number {
  return list.findIndex((item, i) => list.slice(0, i).some((other) => sameText(key(other), key(item))));
}

export const productOptionInput = z.object({
  name: trimmed('Option name', 30),
  values: z
    .array(trimmed('Option value', 40), { error: 'Values must be a list of texts' })
    .min(1, { error: 'Give the option at least one value' })
    .max(MAX_OPTION_VALUES, { error: `An option has at most ${MAX_OPTION_VALUES} values` })
    .superRefine((values, ctx) => {
      const at = repeatAt(values, (v) => v);
      if (at >= 0) ctx.addIssue({ code: 'custom', path: [at], message: `"${values[at]}" is listed twice` });
    }),
});

/** A pack: a name, how many base units it holds, its own barcode and price (decision 0064). */
export const packInput = z.object({
  name: trimmed('Pack name', 30),
  factor: z
    .number({ error: 'Units per pack must be a whole number' })
    .int({ error: 'Units per pack must be a whole number' })
    .min(2, { error: 'A pack holds at least 2 units' })
    .max(MAX_PACK_FACTOR, { error: `A pack holds at most ${MAX_PACK_FACTOR} units` }),
  barcode: barcodeSchema.optional().nullable(),
  price: money('Pack price'),
});
export type PackInput = z.output<typeof packInput>;

const packsInput = z
  .array(packInput, { error: 'Packs must be a list' })
  .max(MAX_PACKS, { error: `At most ${MAX_PACKS} packs` })
  .superRefine((packs, ctx) => {
    const at = repeatAt(packs, (p) => p.name);
    if (at >= 0)
      ctx.addIssue({ code: 'custom', path: [at, 'name'], message: 'Each pack needs its own name' });
  });

/**
 * A variant as a form sends it: its option values (`{ "Size": "M" }`), and anything that differs
 * from the product (left out, it takes the product's price, cost and threshold). On `PUT`, `id`
 * names an existing variant; one sent without `id` is matched by its option values.
 */
export const variantInput = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  options: z.record(z.string(), z.string({ error: 'An option value must be text' }).trim().min(1).max(40), {
    error: "Options must name a value for each of the product's options",
  }),
  sku: skuSchema.optional().nullable(),
  barcode: barcodeSchema.optional().nullable(),
  price: money('Price').optional().nullable(),
  cost_price: money('Cost price').optional().nullable(),
  sale_price: money('Sale price').optional().nullable(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(0, { error: 'Quantity cannot be negative' })
    .max(MAX_STOCK_QUANTITY, { error: 'Quantity is too large' })
    .optional()
    .nullable(),
  low_stock_threshold: z
    .number({ error: 'Low-stock threshold must be a whole number' })
    .int({ error: 'Low-stock threshold must be a whole number' })
    .min(0, { error: 'Low-stock threshold cannot be negative' })
    .max(MAX_STOCK_QUANTITY)
    .optional()
    .nullable(),
  packs: packsInput.optional(),
});
export type VariantInput = z.output<typeof variantInput>;

const variantFields = {
  /** Up to 3 options; sent with no `variants`, every combination of their values becomes a variant. */
  options: z
    .array(productOptionInput, { error: 'Options must be a list' })
    .max(MAX_PRODUCT_OPTIONS, { error: `A product has at most ${MAX_PRODUCT_OPTIONS} options` })
    .superRefine((options, ctx) => {
      const at = repeatAt(options, (o) => o.name);
      if (at >= 0)
        ctx.addIssue({ code: 'custom', path: [at, 'name'], message: 'Each option needs its own name' });
    })
    .optional(),
  variants: z
    .array(variantInput, { error: 'Variants must be a list' })
    .min(1, { error: 'Keep at least one variant' })
    .max(MAX_VARIANTS, { error: `A product has at most ${MAX_VARIANTS} variants` })
    .optional(),
  /** The packs of a product without options (its one variant's packs). */
  packs: packsInput.optional(),
};

const productFields = {
  name: trimmed('Product name', 200),
  description: optionalTrimmed('Description', 5000),
  sku: skuSchema.optional().nullable(),
  barcode: barcodeSchema.optional().nullable(),
  category_ids: z
    .array(z.string({ error: 'Category ids must be text' }).min(1).max(64), {
      error: 'Categories must be a list of category ids',
    })
    .max(20, { error: 'At most 20 categories' })
    .optional()
    .nullable(),
  unit: optionalTrimmed('Unit', 30),
  price: money('Price'),
  cost_price: money('Cost price').optional().nullable(),
  sale_price: money('Sale price').optional().nullable(),
  track_stock: z.boolean({ error: 'Track stock must be true or false' }).optional(),
  quantity: stockQuantity('Quantity').optional().nullable(),
  low_stock_threshold: stockQuantity('Low-stock threshold').optional().nullable(),
  status: z.enum(PRODUCT_STATUSES, { error: 'Status must be active or archived' }).optional(),
};

const salePriceRule = (v: { price?: number; sale_price?: number | null }, ctx: z.RefinementCtx) => {
  if (v.price !== undefined && v.sale_price != null && v.sale_price > v.price) {
    ctx.addIssue({
      code: 'custom',
      path: ['sale_price'],
      message: 'Sale price cannot be more than the price',
    });
  }
};

export const createProductBody = z.object({ ...productFields, ...variantFields }).superRefine(salePriceRule);

/** `PUT /product/{id}`: the fields to change; a `quantity` different from stock on hand is a stock count. */
export const updateProductBody = z
  .object({
    ...productFields,
    ...variantFields,
    name: productFields.name.optional(),
    price: productFields.price.optional(),
  })
  .superRefine(salePriceRule)
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one field to change',
  });

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

export const importQuery = z.object({ atomic: queryBoolean });
export const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).default('csv'),
});

export const imageParams = z.object({
  id: idParam.shape.id,
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: 'Not an image of this product' }),
});

/** Columns of the product import template and export, in order. Money is in major units (1500.50). */
export const PRODUCT_FILE_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'price',
  'sale_price',
  'cost_price',
  'quantity',
  'track_stock',
  'low_stock_threshold',
  'unit',
  'categories',
  'description',
  'status',
  // Decision 0064: one row per variant; the rows of one product follow each other, share its
  // name and give each option's value. Packs in columns, up to three per variant.
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'pack1_name',
  'pack1_units',
  'pack1_barcode',
  'pack1_price',
  'pack2_name',
  'pack2_units',
  'pack2_barcode',
  'pack2_price',
  'pack3_name',
  'pack3_units',
  'pack3_barcode',
  'pack3_price',
] as const;

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
