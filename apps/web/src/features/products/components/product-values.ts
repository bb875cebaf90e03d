import { gtinCheckDigit, type Product } from '@tillbook/contract/products';

/** The product form: amounts in minor units (`MoneyInput`; NaN while not an amount), counts as text. */
export interface ProductValues {
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
}

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

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : null);

/**
 * Checks what the browser can and builds the body (amounts in minor units). Stock on hand is
 * sent only for a new product: a saved product's stock changes by adjustments, with a reason.
 */
export function productBody(
  values: ProductValues,
  creating: boolean,
): { body: ProductBody; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const money = (field: 'price' | 'sale_price' | 'cost_price', label: string, required: boolean) => {
    const minor = values[field];
    if (minor === null) {
      if (required) errors[field] = `${label} is required`;
      return null;
    }
    if (Number.isNaN(minor)) {
      errors[field] = `Enter ${label.toLowerCase()} as a number, like 1500 or 1,500.50`;
      return null;
    }
    return minor;
  };
  if (!values.name.trim()) errors.name = 'Product name is required';
  const price = money('price', 'Price', true);
  const sale = money('sale_price', 'Sale price', false);
  const cost = money('cost_price', 'Cost price', false);
  if (price !== null && sale !== null && sale > price)
    errors.sale_price = 'Sale price cannot be more than the price';
  const threshold = whole(values.low_stock_threshold || '0');
  if (threshold === null) errors.low_stock_threshold = 'Low-stock threshold must be a whole number';
  const quantity = whole(values.quantity || '0');
  if (creating && values.track_stock && quantity === null)
    errors.quantity = 'Quantity must be a whole number';
  if (Object.keys(errors).length) return { body: null, errors };
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  const body: ProductBody = {
    name: values.name.trim(),
    price: price!,
    description: orNull(values.description),
    category_ids: values.category_ids,
    unit: orNull(values.unit),
    sale_price: sale,
    cost_price: cost,
    track_stock: values.track_stock,
    low_stock_threshold: threshold!,
    sku: orNull(values.sku),
    barcode: orNull(values.barcode),
  };
  if (creating && values.track_stock) body.quantity = quantity!;
  return { body, errors: null };
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
