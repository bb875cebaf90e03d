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

export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Untracked products (`track_stock = false`) always count as in stock. */
export const STOCK_STATES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** Why stock moved. Every change of a product's quantity is one stock movement with one of these. */
export const STOCK_REASONS = [
  'initial',
  'sale',
  'cancellation',
  'refund',
  'purchase_receipt',
  'adjustment_count',
  'adjustment_damage',
  'adjustment_loss',
  'adjustment_return',
  'adjustment_other',
  'import',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Reasons a person may give for a manual adjustment (`POST /product/{id}/adjust-stock`). */
export const ADJUSTMENT_REASONS = ['count', 'damage', 'loss', 'return', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  initial: 'Opening stock',
  sale: 'Sale',
  cancellation: 'Order cancelled',
  refund: 'Refund',
  purchase_receipt: 'Purchase order received',
  adjustment_count: 'Stock count',
  adjustment_damage: 'Damaged',
  adjustment_loss: 'Lost or stolen',
  adjustment_return: 'Returned',
  adjustment_other: 'Other adjustment',
  import: 'Import',
};

/** Units offered in forms; any short text is accepted. */
export const PRODUCT_UNITS = [
  'piece',
  'pack',
  'carton',
  'crate',
  'bag',
  'bottle',
  'tin',
  'sachet',
  'dozen',
  'kg',
  'g',
  'litre',
  'ml',
  'metre',
  'pair',
  'set',
] as const;

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_STOCK_QUANTITY = 1_000_000_000;

export const categoryRefSchema = z.object({ id: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const categorySchema = categoryRefSchema.extend({
  description: z.string().nullable(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string(),
  barcode: z.string(),
  unit: z.string(),
  /** Minor units (kobo for NGN). */
  price: z.number().int(),
  cost_price: z.number().int().nullable(),
  sale_price: z.number().int().nullable(),
  track_stock: z.boolean(),
  quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  stock_status: z.enum(STOCK_STATES),
  status: z.enum(PRODUCT_STATUSES),
  images: z.array(z.string()),
  category_ids: z.array(z.string()),
  categories: z.array(categoryRefSchema),
  /** The first category's name (the spec's product "category"), or null. */
  category: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A product as the list shows it: with what it has sold (completed orders, less refunds). */
export const productListItemSchema = productSchema.extend({
  units_sold: z.number().int(),
  /** Minor units: line totals of completed orders, less refunded quantities. */
  revenue: z.number().int(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/**
 * A product as a public key (`pk_…`, in a storefront's page source) sees it: what a shop window
 * shows, nothing the shop keeps to itself (decision 0046). No cost price, quantity, low-stock
 * threshold or stock state (a low-stock flag would reveal the threshold), no sales figures, no
 * status (a public key sees active products only) and no `updated_at` (stock changes move it).
 */
export const publicProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Printed on the shelf label and the pack: a storefront's own code for the product. */
  sku: z.string(),
  barcode: z.string(),
  unit: z.string(),
  /** Minor units (kobo for NGN). */
  price: z.number().int(),
  /** The price while on sale (minor units), or null. */
  sale_price: z.number().int().nullable(),
  in_stock: z
    .boolean()
    .describe('Whether it can be bought now: stock above zero, or stock not tracked. Never how many.'),
  images: z.array(z.string()),
  category_ids: z.array(z.string()),
  categories: z.array(categoryRefSchema),
  category: z.string().nullable(),
  created_at: z.string(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

/** The public projection of a product: every field a public key reads is named here. */
export function toPublicProduct(p: Product): PublicProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    sku: p.sku,
    barcode: p.barcode,
    unit: p.unit,
    price: p.price,
    sale_price: p.sale_price,
    in_stock: p.stock_status !== 'out_of_stock',
    images: p.images,
    category_ids: p.category_ids,
    categories: p.categories.map((c) => ({ id: c.id, name: c.name })),
    category: p.category,
    created_at: p.created_at,
  };
}

/** A category as a public key sees it: no product count (it counts archived products too). */
export const publicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const toPublicCategories = (list: Category[]): PublicCategory[] =>
  list.map((c) => ({ id: c.id, name: c.name, description: c.description }));

export const stockMovementSchema = z.object({
  id: z.string(),
  product_id: z.string(),
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

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit for the digits of a GTIN without its last digit. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A barcode is either a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) with a correct check digit, or a
 * shop's own code (letters, digits, `-`, `.`, `_`, `/`) as printed for Code 128 labels.
 */
export function barcodeProblem(value: string): string | null {
  if (/^\d+$/.test(value) && GTIN_LENGTHS.has(value.length)) {
    const expected = gtinCheckDigit(value.slice(0, -1));
    return Number(value.at(-1)) === expected
      ? null
      : `Barcode check digit is wrong (the last digit should be ${expected}); check it was typed correctly`;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value)) {
    return 'Barcode may contain only letters, digits and - . _ /';
  }
  return null;
}

export const barcodeSchema = z
  .string({ error: 'Barcode must be text' })
  .trim()
  .max(64, { error: 'Barcode must be at most 64 characters' })
  .superRefine((v, ctx) => {
    if (v === '') return;
    const problem = barcodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .max(64, { error: 'SKU must be at most 64 characters' })
  .regex(/^[^\p{Cc}]*$/u, { error: 'SKU cannot contain control characters' });

const stockQuantity = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(MAX_STOCK_QUANTITY, { error: `${label} is too large` });

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

export const createProductBody = z.object(productFields).superRefine(salePriceRule);

/** `PUT /product/{id}`: the fields to change; a `quantity` different from stock on hand is a stock count. */
export const updateProductBody = z
  .object({ ...productFields, name: productFields.name.optional(), price: productFields.price.optional() })
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
    summary: 'The one product with this barcode or SKU (exact)',
    query: barcodeQuery,
    response: productSchema,
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
