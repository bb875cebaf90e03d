import { z } from 'zod';

/** A product and a category as the API answers them, and the catalogue's constants (`products.ts`). */

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
/** Options a product may have (Size, Colour, Material), values per option, variants, packs per variant. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const MAX_PACKS = 10;
/** How many base units one pack may hold (a pallet of 10,000 sachets fits). */
export const MAX_PACK_FACTOR = 100_000;
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

/** An option of a product (`Size` with `S`, `M`, `L`); a product has at most `MAX_PRODUCT_OPTIONS`. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * A pack a variant is also sold and bought in (decision 0064): a carton of 24 tins is
 * `{ name: 'carton', factor: 24 }`. Stock is kept in base units; a pack line takes
 * `factor × quantity` of them.
 */
export const productPackSchema = z.object({
  name: z.string(),
  factor: z.number().int(),
  barcode: z.string().nullable(),
  /** Minor units: the price of one whole pack. */
  price: z.number().int(),
});
export type ProductPack = z.infer<typeof productPackSchema>;

export const VARIANT_STATUSES = ['active', 'archived'] as const;

/**
 * One sellable combination of a product's options, with its own codes, prices and stock. A
 * product without options has exactly one variant, whose id is the product's id and whose
 * fields are the product's own.
 */
export const productVariantSchema = z.object({
  id: z.string(),
  /** The variant's value of each of the product's options, e.g. `{ "Size": "M" }`; `{}` without options. */
  options: z.record(z.string(), z.string()),
  /** The values joined, `M / Red`; empty for the one variant of a product without options. */
  name: z.string(),
  sku: z.string(),
  barcode: z.string(),
  price: z.number().int(),
  cost_price: z.number().int().nullable(),
  sale_price: z.number().int().nullable(),
  /** Base units on hand. */
  quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  stock_status: z.enum(STOCK_STATES),
  image: z.string().nullable(),
  /** Archived: removed from the product but kept, because sales or stock history refer to it. */
  status: z.enum(VARIANT_STATUSES),
  packs: z.array(productPackSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

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
  /** Empty for a product sold one way; up to 3 (Size, Colour…) for one with variants. */
  options: z.array(productOptionSchema),
  /**
   * Every variant, the first being the product's own (same id, sku, barcode and prices). `quantity`
   * above is the sum of the variants' base units.
   */
  variants: z.array(productVariantSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product as the list shows it: with what it has sold (completed orders, less refunds). Not its
 * variants (a page stays as small as before, decision 0064): how many are active, and the packs
 * of its only variant, to count its stock as "3 carton + 4 tin".
 */
export const productListItemSchema = productSchema.omit({ variants: true }).extend({
  variant_count: z.number().int(),
  packs: z.array(productPackSchema),
  units_sold: z.number().int(),
  /** Minor units: line totals of completed orders, less refunded quantities. */
  revenue: z.number().int(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Counting stock in packs, from a file without zod the till's first load can import. */
export { mixedUnits } from './stock-units.js';
