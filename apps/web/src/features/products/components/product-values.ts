import {
  createProductBody,
  gtinCheckDigit,
  updateProductBody,
  type Product,
} from '@tillbook/contract/products';
import { schemaErrors, type SchemaFormOptions } from '../../../lib/forms';
import {
  blankOption,
  fromPack,
  fromVariant,
  ownVariant,
  removedCombos,
  type OptionValues,
  type PackValues,
  type VariantValues,
} from './variant-values';

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
  /** The "has options like size or colour" switch; off, the options below are kept but not sent. */
  has_options: boolean;
  options: OptionValues[];
  variants: VariantValues[];
  /** Combinations (`comboKey`) the person took out of the grid. */
  removed: string[];
  /** The packs of a product without options (its one variant's). */
  packs: PackValues[];
  /** What the saved product was: its own variant's id, whether it had options, and packs. */
  saved: { id: string; options: boolean; packs: boolean } | null;
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
  has_options: false,
  options: [],
  variants: [],
  removed: [],
  packs: [],
  saved: null,
};

export function fromProduct(p: Product): ProductValues {
  const own = ownVariant(p);
  const options = p.options.map((o) => ({ name: o.name, values: [...o.values] }));
  return {
    ...productFields(p),
    has_options: options.length > 0,
    options,
    variants: options.length
      ? p.variants.filter((v) => v.status === 'active').map((v) => fromVariant(v, p))
      : [],
    removed: options.length ? removedCombos(p.options, p.variants) : [],
    packs: options.length ? [] : (own?.packs ?? []).map(fromPack),
    saved: {
      id: own?.id ?? p.id,
      options: options.length > 0,
      packs: !options.length && Boolean(own?.packs.length),
    },
  };
}

const productFields = (p: Product) => ({
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

/**
 * The switch turned on: the options start with one blank option, and a saved product without
 * options brings itself in as the first row (its id, codes, stock and packs), so its history
 * stays with the first variant rather than the product losing it.
 */
export function optionsOn(values: ProductValues): Partial<ProductValues> {
  const seed: VariantValues[] =
    values.saved && !values.saved.options && !values.variants.length
      ? [
          {
            id: values.saved.id,
            values: [],
            price: null,
            quantity: values.quantity,
            stock: Number(values.quantity) || 0,
            sku: values.sku,
            barcode: values.barcode,
            packs: values.packs,
            kept: {},
          },
        ]
      : values.variants;
  return {
    has_options: true,
    options: values.options.length ? values.options : [{ ...blankOption }],
    variants: seed,
  };
}

export type PackBody = { name: string; factor: number; barcode: string | null; price: number };

export type VariantBody = {
  id?: string;
  options: Record<string, string>;
  sku?: string | null;
  barcode?: string | null;
  price?: number;
  cost_price?: number | null;
  sale_price?: number | null;
  quantity?: number;
  low_stock_threshold?: number;
  packs?: PackBody[];
};

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
  /** Left out with options: the first variant's codes are the product's. */
  sku?: string | null;
  barcode?: string | null;
  quantity?: number;
  options?: { name: string; values: string[] }[];
  variants?: VariantBody[];
  packs?: PackBody[];
};

/** A count as typed: a whole number, else NaN for the contract to name ("must be a whole number"). */
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** A pack as sent; an empty price is NaN for the checks to name. */
export const toPackBody = (p: PackValues): PackBody => ({
  name: p.name.trim(),
  factor: whole(p.factor),
  barcode: orNull(p.barcode),
  price: p.price ?? Number.NaN,
});

/**
 * A row as sent: by id when saved, by its values otherwise. An empty price box is the product's
 * price; stock is sent only for a row the form made (opening stock), as for the product itself.
 */
export function toVariantBody(row: VariantValues, options: OptionValues[], trackStock: boolean): VariantBody {
  const body: VariantBody = {
    options: Object.fromEntries(options.map((o, i) => [o.name.trim(), row.values[i] ?? ''])),
    sku: orNull(row.sku),
    barcode: orNull(row.barcode),
    ...row.kept,
    packs: row.packs.map(toPackBody),
  };
  if (row.id) body.id = row.id;
  if (row.price !== null) body.price = row.price;
  if (trackStock && !row.id) body.quantity = whole(row.quantity || '0');
  return body;
}

/**
 * The body as sent (amounts in minor units; an empty amount box is null, the price NaN for the
 * checks to name). Stock on hand is sent only for a new product: a saved product's stock changes
 * by adjustments, with a reason. Without options the body is the one the form always sent, with
 * `packs` once the product has or had any; with options, each variant carries its own stock and
 * codes. A saved product whose options are switched off keeps only its own variant.
 */
export function toProductBody(values: ProductValues, creating: boolean): ProductBody {
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
  if (values.has_options) {
    delete body.sku;
    delete body.barcode;
    body.options = values.options.map((o) => ({
      name: o.name.trim(),
      values: o.values.map((v) => v.trim()),
    }));
    body.variants = values.variants.map((row) => toVariantBody(row, values.options, values.track_stock));
    return body;
  }
  if (creating && values.track_stock) body.quantity = whole(values.quantity || '0');
  if (values.packs.length || values.saved?.packs) body.packs = values.packs.map(toPackBody);
  if (values.saved?.options) {
    body.options = [];
    // Its codes and packs are the product's own, sent above.
    body.variants = [{ id: values.saved.id, options: {} }];
  }
  return body;
}

const amountMessage = (label: string) => `Enter ${label} as a number, like 1500 or 1,500.50`;

/** A pack's price box: empty or words are named here, as for the product's own price. */
function packChecks(errors: Record<string, string>, path: string, packs: PackValues[]) {
  packs.forEach((p, i) => {
    if (p.price === null) errors[`${path}.${i}.price`] = 'Pack price is required';
    else if (Number.isNaN(p.price)) errors[`${path}.${i}.price`] = amountMessage('pack price');
  });
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
      if (Number.isNaN(v[field])) errors[field] = amountMessage(label.toLowerCase());
    }
    if (v.price !== null && v.sale_price !== null && v.sale_price > v.price)
      errors.sale_price ??= 'Sale price cannot be more than the price';
    if (v.has_options) {
      if (!v.options.length) errors.options = 'Add an option, like Size, with its values';
      v.variants.forEach((row, i) => {
        if (Number.isNaN(row.price)) errors[`variants.${i}.price`] = amountMessage('price');
        packChecks(errors, `variants.${i}.packs`, row.packs);
      });
    } else packChecks(errors, 'packs', v.packs);
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
