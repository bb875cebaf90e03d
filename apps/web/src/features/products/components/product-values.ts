import {
  createProductBody,
  gtinCheckDigit,
  updateProductBody,
  type Product,
} from '@tillbook/contract/products';
import { schemaErrors, type SchemaFormOptions } from '../../../lib/forms';

/** The product form: amounts in minor units (`MoneyInput`; NaN while not an amount), counts as text. */
export type ProductValues = {
  name: string;
  description: string;
  category_ids: string[];
  unit: string;
  price: number | null;
  sale_price: number | null;
  cost_price: number | null;
  track_stock: boolean;
  quantity: string;
  low_stock_threshold: string;
  sku: string;
  barcode: string;
};

export const blankProduct: ProductValues = {
  name: '',
  description: '',
  category_ids: [],
  unit: 'piece',
  price: null,
  sale_price: null,
  cost_price: null,
  track_stock: true,
  quantity: '0',
  low_stock_threshold: '5',
  sku: '',
  barcode: '',
};

export const fromProduct = (p: Product): ProductValues => ({
  name: p.name,
  description: p.description ?? '',
  category_ids: p.category_ids,
  unit: p.unit,
  price: p.price,
  sale_price: p.sale_price,
  cost_price: p.cost_price,
  track_stock: p.track_stock,
  quantity: String(p.quantity),
  low_stock_threshold: String(p.low_stock_threshold),
  sku: p.sku,
  barcode: p.barcode,
});

export type ProductBody = {
  name: string;
  price: number;
  description: string | null;
  category_ids: string[];
  unit: string | null;
  sale_price: number | null;
  cost_price: number | null;
  track_stock: boolean;
  low_stock_threshold: number;
  sku: string | null;
  barcode: string | null;
  quantity?: number;
};

/** A count as typed: a whole number, else NaN for the contract to name ("must be a whole number"). */
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

/**
 * The body as sent (amounts in minor units; an empty amount box is null, the price NaN for the
 * checks to name). Stock on hand is sent only for a new product: a saved product's stock changes
 * by adjustments, with a reason.
 */
export function toProductBody(values: ProductValues, creating: boolean): ProductBody {
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  const body: ProductBody = {
    name: values.name.trim(),
    price: values.price ?? Number.NaN,
    description: orNull(values.description),
    category_ids: values.category_ids,
    unit: orNull(values.unit),
    sale_price: values.sale_price,
    cost_price: values.cost_price,
    track_stock: values.track_stock,
    low_stock_threshold: whole(values.low_stock_threshold || '0'),
    sku: orNull(values.sku),
    barcode: orNull(values.barcode),
  };
  if (creating && values.track_stock) body.quantity = whole(values.quantity || '0');
  return body;
}

const MONEY_FIELDS = [
  ['price', 'Price'],
  ['sale_price', 'Sale price'],
  ['cost_price', 'Cost price'],
] as const;

/**
 * How the schema form helper checks the form: the body against the contract, and what the
 * contract cannot say about the boxes: an empty price, an amount box holding words, and the sale
 * price rule (the contract checks it only once every field is valid; here it shows with the rest).
 */
export const productChecks = (creating: boolean): SchemaFormOptions<ProductValues> => ({
  toBody: (v) => toProductBody(v, creating),
  check: (v) => {
    const errors: Record<string, string> = {};
    if (v.price === null) errors.price = 'Price is required';
    for (const [field, label] of MONEY_FIELDS) {
      if (Number.isNaN(v[field]))
        errors[field] = `Enter ${label.toLowerCase()} as a number, like 1500 or 1,500.50`;
    }
    if (v.price !== null && v.sale_price !== null && v.sale_price > v.price)
      errors.sale_price ??= 'Sale price cannot be more than the price';
    return errors;
  },
});

/** The contract's messages for the form, keyed by field; null when it can be sent. */
export function productErrors(values: ProductValues, creating: boolean): Record<string, string> | null {
  const errors = schemaErrors(
    creating ? createProductBody : updateProductBody,
    values,
    productChecks(creating),
  );
  return Object.keys(errors).length ? errors : null;
}

/** The checked body, or the messages for the fields. */
export function productBody(
  values: ProductValues,
  creating: boolean,
): { body: ProductBody; errors: null } | { body: null; errors: Record<string, string> } {
  const errors = productErrors(values, creating);
  return errors ? { body: null, errors } : { body: toProductBody(values, creating), errors: null };
}

/**
 * A new EAN-13 in the GS1 range for in-store codes (starting with 2), so it never collides with
 * a manufacturer's barcode.
 */
export function generateBarcode(random: () => number = Math.random): string {
  let body = '2';
  for (let i = 0; i < 11; i++) body += Math.floor(random() * 10);
  return `${body}${gtinCheckDigit(body)}`;
}
