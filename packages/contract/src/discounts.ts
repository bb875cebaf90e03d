import { z } from 'zod';
import {
  defineRoutes,
  idParam,
  isoDate,
  isoDateTime,
  money,
  paginationQuery,
  queryBoolean,
  trimmed,
} from './common.js';
import { discountCodeInput, orderQuoteBody, orderQuoteSchema } from './orders.js';

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_SCOPES = ['order', 'products', 'categories'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/**
 * Shown and filtered (`GET /discounts/filter/{f}`): `inactive` when switched off; otherwise
 * `scheduled` before its start, `expired` after its end or once its usage limit is used up,
 * else `active`.
 */
export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const discountSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  /** Percent (up to two decimals, e.g. 12.5) for `percentage`; minor units for `fixed`. */
  value: z.number(),
  applies_to: z.enum(DISCOUNT_SCOPES),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
  min_order_amount: z.number().int(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(DISCOUNT_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** `POST /discounts/validate`: the code checked against a cart, and the cart priced with it. */
export const discountCheckSchema = z.object({
  discount: discountSchema,
  amount: z.number().int(),
  quote: orderQuoteSchema,
});
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

/** A date (`2026-12-24`, a whole day in the store's time zone) or a date and time. */
const dateOrDateTime = (label: string) =>
  z
    .union([isoDate, isoDateTime], {
      error: `${label} must be a date like 2026-12-24 or an ISO date and time`,
    })
    .optional()
    .nullable();

const idList = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be text` })
        .trim()
        .min(1)
        .max(64),
      {
        error: `${label} must be a list of ids`,
      },
    )
    .max(500, { error: `At most 500 ${label.toLowerCase()}` })
    .optional()
    .nullable();

const discountFields = {
  name: trimmed('Discount name', 120),
  code: z
    .union([
      z.literal(''),
      discountCodeInput.pipe(
        z.string().regex(DISCOUNT_CODE_PATTERN, {
          error: 'Code must be 3 to 32 letters, digits, - or _',
        }),
      ),
    ])
    .optional()
    .nullable(),
  type: z.enum(DISCOUNT_TYPES, { error: 'Type must be percentage or fixed' }),
  value: z
    .number({ error: 'Value must be a number' })
    .positive({ error: 'Value must be more than 0' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Value is too large' }),
  applies_to: z
    .enum(DISCOUNT_SCOPES, { error: 'Applies to must be order, products or categories' })
    .optional(),
  product_ids: idList('Products'),
  category_ids: idList('Categories'),
  min_order_amount: money('Minimum order amount').optional().nullable(),
  usage_limit: z
    .number({ error: 'Usage limit must be a whole number' })
    .int({ error: 'Usage limit must be a whole number' })
    .min(1, { error: 'Usage limit must be at least 1' })
    .max(1_000_000_000, { error: 'Usage limit is too large' })
    .optional()
    .nullable(),
  starts_at: dateOrDateTime('Start'),
  ends_at: dateOrDateTime('End'),
  is_active: z.boolean({ error: 'Active must be true or false' }).optional(),
};

type DiscountShape = {
  type?: DiscountType | undefined;
  value?: number | undefined;
  applies_to?: DiscountScope | undefined;
  product_ids?: string[] | null | undefined;
  category_ids?: string[] | null | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

/** Rules across fields, shared by the create and edit bodies and re-checked on the merged record. */
export function discountProblems(v: DiscountShape): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  if (v.type === 'percentage' && v.value !== undefined) {
    if (v.value > 100) problems.push({ path: 'value', message: 'A percentage cannot be more than 100' });
    else if (Math.round(v.value * 100) !== Number((v.value * 100).toFixed(6))) {
      problems.push({ path: 'value', message: 'A percentage can have at most two decimals' });
    }
  }
  if (v.type === 'fixed' && v.value !== undefined && !Number.isInteger(v.value)) {
    problems.push({
      path: 'value',
      message: 'A fixed discount must be a whole number of minor units (kobo)',
    });
  }
  if (v.applies_to === 'products' && !v.product_ids?.length) {
    problems.push({ path: 'product_ids', message: 'Choose at least one product' });
  }
  if (v.applies_to === 'categories' && !v.category_ids?.length) {
    problems.push({ path: 'category_ids', message: 'Choose at least one category' });
  }
  if (v.starts_at && v.ends_at) {
    const bothTimes = v.starts_at.length > 10 && v.ends_at.length > 10;
    const endsBefore = bothTimes
      ? Date.parse(v.ends_at) <= Date.parse(v.starts_at)
      : v.ends_at.slice(0, 10) < v.starts_at.slice(0, 10);
    if (endsBefore) problems.push({ path: 'ends_at', message: 'The end must be after the start' });
  }
  return problems;
}

const crossFieldRules = (v: DiscountShape, ctx: z.RefinementCtx) => {
  for (const p of discountProblems(v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

export const createDiscountBody = z.object(discountFields).superRefine(crossFieldRules);

export const updateDiscountBody = z
  .object({
    ...discountFields,
    name: discountFields.name.optional(),
    type: discountFields.type.optional(),
    value: discountFields.value.optional(),
  })
  .superRefine(crossFieldRules)
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one field to change',
  });

export const discountListQuery = paginationQuery.extend({
  status: z
    .enum(DISCOUNT_STATES, { error: 'Status must be active, scheduled, expired or inactive' })
    .optional(),
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  isActive: queryBoolean,
});
/** The export's query: the list's filters, every row. */
export const discountExportQuery = discountListQuery.omit({ page: true, perPage: true });

export const discountSearchParams = z.object({
  term: z
    .string()
    .trim()
    .min(1, { error: 'Type a name or code to search' })
    .max(100, { error: 'Search must be at most 100 characters' }),
});

export const discountFilterParams = z.object({
  f: z.enum(DISCOUNT_STATES, { error: 'Filter must be active, scheduled, expired or inactive' }),
});

export const validateDiscountBody = orderQuoteBody.extend({
  discount_code: discountCodeInput.min(1, { error: 'Enter a discount code' }),
});

export const discountsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/discounts',
    access: 'orders.view',
    summary: 'Discounts, newest first',
    query: discountListQuery,
    response: discountSchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/discounts/export',
    access: 'orders.view',
    summary: 'Discounts matching the list filters, as CSV',
    query: discountExportQuery,
    file: 'text/csv',
  },

  create: {
    method: 'POST',
    path: '/discounts',
    access: 'discounts.manage',
    summary: 'Create a discount; a code is generated when empty',
    body: createDiscountBody,
    response: discountSchema,
  },
  autoCreate: {
    method: 'POST',
    path: '/discounts/auto-create',
    access: 'discounts.manage',
    summary: 'Create one sample discount with a fresh code',
    response: discountSchema,
  },
  search: {
    method: 'GET',
    path: '/discounts/search/:term',
    access: 'orders.view',
    summary: 'Discounts whose name or code contains the term',
    params: discountSearchParams,
    query: paginationQuery,
    response: discountSchema,
    paginated: true,
  },
  filter: {
    method: 'GET',
    path: '/discounts/filter/:f',
    access: 'orders.view',
    summary: 'Discounts in one state: active, scheduled, expired or inactive',
    params: discountFilterParams,
    query: paginationQuery,
    response: discountSchema,
    paginated: true,
  },
  validate: {
    method: 'POST',
    path: '/discounts/validate',
    access: 'orders.create',
    summary: 'Check a code against a cart (dates, usage, minimum) and price the cart with it',
    body: validateDiscountBody,
    response: discountCheckSchema,
  },
  get: {
    method: 'GET',
    path: '/discounts/:id',
    access: 'orders.view',
    summary: 'One discount',
    params: idParam,
    response: discountSchema,
  },
  update: {
    method: 'PATCH',
    path: '/discounts/:id',
    access: 'discounts.manage',
    summary: 'Change a discount',
    params: idParam,
    body: updateDiscountBody,
    response: discountSchema,
  },
});
