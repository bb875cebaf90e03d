import {
  discountProblems,
  type Discount,
  type DiscountScope,
  type DiscountType,
} from '@tillbook/contract/discounts';
import type { SchemaFormOptions } from '../../../lib/forms';
import type { CreateDiscountBody } from '../api/discounts';
import { localDay } from './discount-text';

/** The discount form: a percentage as typed, an amount off and a minimum in minor units (`MoneyInput`). */
export type DiscountValues = {
  name: string;
  code: string;
  type: DiscountType;
  /** The percentage off, as typed ("12.5"). */
  value: string;
  /** The amount off in minor units: null when empty, NaN while not an amount. */
  amount: number | null;
  applies_to: DiscountScope;
  product_ids: string[];
  category_ids: string[];
  /** Minor units: null for no minimum, NaN while not an amount. */
  min_order_amount: number | null;
  usage_limit: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
};

export const blankDiscount: DiscountValues = {
  name: '',
  code: '',
  type: 'percentage',
  value: '',
  amount: null,
  applies_to: 'order',
  product_ids: [],
  category_ids: [],
  min_order_amount: null,
  usage_limit: '',
  starts_at: '',
  ends_at: '',
  is_active: true,
};

export function fromDiscount(d: Discount, timezone: string): DiscountValues {
  return {
    name: d.name,
    code: d.code,
    type: d.type,
    value: d.type === 'percentage' ? String(d.value) : '',
    amount: d.type === 'fixed' ? d.value : null,
    applies_to: d.applies_to,
    product_ids: d.product_ids,
    category_ids: d.category_ids,
    min_order_amount: d.min_order_amount ? d.min_order_amount : null,
    usage_limit: d.usage_limit ? String(d.usage_limit) : '',
    starts_at: localDay(d.starts_at, timezone),
    ends_at: localDay(d.ends_at, timezone),
    is_active: d.is_active,
  };
}

/** The body as sent: on edit, cleared optional fields are sent as null so they are cleared. */
export function toDiscountBody(v: DiscountValues, editing: boolean): CreateDiscountBody {
  const orNull = <T>(value: T | null) => (value === null ? (editing ? null : undefined) : value);
  const code = v.code.trim().toUpperCase();
  const percent = v.value.trim() ? Number(v.value.trim()) : Number.NaN;
  return {
    name: v.name.trim(),
    ...(code ? { code } : {}),
    type: v.type,
    value: v.type === 'percentage' ? percent : (v.amount ?? Number.NaN),
    applies_to: v.applies_to,
    product_ids: v.applies_to === 'products' ? v.product_ids : [],
    category_ids: v.applies_to === 'categories' ? v.category_ids : [],
    min_order_amount: orNull(v.min_order_amount),
    usage_limit: orNull(v.usage_limit.trim() ? Number(v.usage_limit.trim()) : null),
    starts_at: orNull(v.starts_at || null),
    ends_at: orNull(v.ends_at || null),
    is_active: v.is_active,
  };
}

/**
 * How the schema form helper checks the form: the body as sent on create against the contract;
 * the contract's rules across fields (`discountProblems`), which its schema only reaches once every
 * field is valid, so that all problems show at once; and the boxes' own words for what was typed.
 */
export const discountChecks: SchemaFormOptions<DiscountValues> = {
  toBody: (v) => toDiscountBody(v, false),
  check: (v) => {
    const body = toDiscountBody(v, false);
    const errors: Record<string, string | undefined> = {};
    const value = Number.isFinite(body.value) ? body.value : undefined;
    for (const problem of discountProblems({ ...body, value })) errors[problem.path] ??= problem.message;
    if (v.type === 'percentage' && !(Number(v.value) > 0))
      errors.value = 'Enter a percentage like 10 or 12.5';
    if (v.type === 'fixed' && !((v.amount ?? Number.NaN) > 0))
      errors.value = 'Enter an amount like 500 or 500.50';
    if (v.min_order_amount !== null && Number.isNaN(v.min_order_amount))
      errors.min_order_amount = 'Enter an amount like 5000';
    return errors;
  },
};
