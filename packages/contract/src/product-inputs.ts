import { z } from 'zod';
import { money, optionalTrimmed, trimmed } from './common.js';
import {
  MAX_OPTION_VALUES,
  MAX_PACK_FACTOR,
  MAX_PACKS,
  MAX_PRODUCT_OPTIONS,
  MAX_STOCK_QUANTITY,
  MAX_VARIANTS,
  PRODUCT_STATUSES,
} from './product-model.js';
import { barcodeSchema, skuSchema } from './product-codes.js';

/**
 * A product as a form sends it (`POST /product/create`, `PUT /product/{id}`): its own fields with
 * its options, variants and packs (decision 0064). Apart from `products.ts`, which re-exports it,
 * because the option, variant and pack rules read as one piece, beside the area's answers, queries
 * and routes.
 */

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
