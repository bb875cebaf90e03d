import { z } from 'zod';
import { categoryRefSchema, type Category, type Product } from './product-model.js';

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
