import {
  MAX_VARIANTS,
  type PackInput,
  type ProductOption,
  type VariantInput,
} from '@tillbook/contract/products';
import { unprocessable } from '../../lib/app-error.js';
import type { ProductVariantsTable } from './products.tables.js';

/**
 * The variants a product body asks for (decision 0064), worked out before anything is written:
 * the combinations of the options, each matched with the product's current variant, and the
 * checks that name the field at fault (unknown values, repeated combinations, codes typed twice).
 * Apart from `variants.service.ts`, which writes what these plan.
 */

/** One variant the product should have after the change. */
export interface Target {
  index: number | null;
  existing: ProductVariantsTable | null;
  values: Record<string, string>;
  input: VariantInput | null;
  packs: PackInput[] | undefined;
}

const valuesKey = (options: ProductOption[], values: Record<string, string>) =>
  options.map((o) => (values[o.name] ?? '').toLowerCase()).join('\u0000');

export const variantName = (options: ProductOption[], values: Record<string, string>) =>
  options.map((o) => values[o.name] ?? '').join(' / ');

export const parseValues = (row: ProductVariantsTable): Record<string, string> =>
  JSON.parse(row.option_values || '{}') as Record<string, string>;

/** Every combination of the options' values, first option slowest (S/Red, S/Blue, M/Red…). */
export function combinations(options: ProductOption[]): Array<Record<string, string>> {
  let out: Array<Record<string, string>> = [{}];
  for (const option of options) {
    out = out.flatMap((partial) => option.values.map((value) => ({ ...partial, [option.name]: value })));
  }
  return out;
}

/**
 * The value each input variant gives for each option, as the option spells it; 422 naming the
 * field when a variant names an option the product lacks, misses one, or gives an unknown value.
 */
function checkValues(options: ProductOption[], input: VariantInput, index: number): Record<string, string> {
  const given = Object.entries(input.options);
  const out: Record<string, string> = {};
  for (const [name, value] of given) {
    const option = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) {
      throw unprocessable(`The product has no option "${name}".`, {
        [`variants.${index}.options`]: `Unknown option "${name}"`,
      });
    }
    const known = option.values.find((v) => v.toLowerCase() === value.toLowerCase());
    if (!known) {
      throw unprocessable(`"${value}" is not one of the values of ${option.name}.`, {
        [`variants.${index}.options`]: `Choose one of ${option.values.join(', ')}`,
      });
    }
    out[option.name] = known;
  }
  const missing = options.filter((o) => out[o.name] === undefined);
  if (missing.length) {
    throw unprocessable(`Variant ${index + 1} needs a value for ${missing.map((o) => o.name).join(', ')}.`, {
      [`variants.${index}.options`]: `Give a value for ${missing.map((o) => o.name).join(', ')}`,
    });
  }
  return out;
}

/** The variants the body asks for, matched with the product's current ones. */
export function targetsOf(
  options: ProductOption[],
  /** The body's variants, if it sends them (a `VariantsBody` of `variants.service.ts`). */
  body: { variants?: VariantInput[] },
  current: ProductVariantsTable[],
): Target[] {
  const byKey = new Map(current.map((v) => [valuesKey(options, parseValues(v)), v]));
  const seen = new Map<string, number>();
  const claim = (key: string, index: number | null) => {
    const first = seen.get(key);
    if (first !== undefined) {
      throw unprocessable('Each combination of options can be one variant only.', {
        [`variants.${index ?? 0}.options`]: `The same as variant ${first + 1}`,
      });
    }
    seen.set(key, index ?? seen.size);
  };
  if (body.variants) {
    return body.variants.map((input, index) => {
      const values = checkValues(options, input, index);
      const key = valuesKey(options, values);
      claim(key, index);
      let existing: ProductVariantsTable | null = null;
      if (input.id !== undefined) {
        existing = current.find((v) => v.id === input.id) ?? null;
        if (!existing) {
          throw unprocessable('A variant sent is not one of this product.', {
            [`variants.${index}.id`]: 'Not a variant of this product',
          });
        }
      } else existing = byKey.get(key) ?? null;
      return { index, existing, values, input, packs: input.packs };
    });
  }
  const combos = combinations(options);
  if (combos.length > MAX_VARIANTS) {
    throw unprocessable(
      `These options make ${combos.length} variants; a product has at most ${MAX_VARIANTS}.`,
      {
        options: `At most ${MAX_VARIANTS} combinations`,
      },
    );
  }
  return combos.map((values) => {
    const key = valuesKey(options, values);
    claim(key, null);
    return { index: null, existing: byKey.get(key) ?? null, values, input: null, packs: undefined };
  });
}

/** Field path of a target's field, for errors: `variants.2.barcode` or, without variants, `barcode`. */
export const pathOf = (t: Target, field: string) =>
  t.index === null ? field : `variants.${t.index}.${field}`;

/** Codes typed twice in one body: 422 naming the second. */
export function checkRepeats(targets: Target[], topPacks: boolean): void {
  const seen = new Map<string, string>();
  const see = (code: string | null | undefined, path: string, label: string) => {
    if (!code) return;
    const first = seen.get(code);
    if (first) {
      throw unprocessable(`${label} "${code}" is given twice.`, { [path]: `Already given at ${first}` });
    }
    seen.set(code, path);
  };
  for (const t of targets) {
    see(t.input?.sku, pathOf(t, 'sku'), 'SKU');
    see(t.input?.barcode, pathOf(t, 'barcode'), 'Barcode');
    t.packs?.forEach((p, i) =>
      see(
        p.barcode,
        topPacks && t.index === null ? `packs.${i}.barcode` : pathOf(t, `packs.${i}.barcode`),
        'Barcode',
      ),
    );
  }
}
