import type { PackInput, ProductOption, StockReason, VariantInput } from '@tillbook/contract/products';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import { productsRepository } from './products.repository.js';
import type { ProductPacksTable, ProductsTable } from './products.tables.js';
import { applyStockMovements, type StockMovementInput } from './stock.service.js';
import { checkRepeats, parseValues, pathOf, targetsOf, variantName, type Target } from './variant-targets.js';
import { variantsRepository } from './variants.repository.js';

/**
 * Options, variants and packs of a product (decision 0064): what a create or an update asks for,
 * checked and written in the caller's transaction. The product's own row keeps the sum of its
 * variants' stock and mirrors its first active variant. Which variants a body asks for, and the
 * checks on them, are worked out in `variant-targets.ts`.
 */

/** What a product body says about variants (create and update share it). */
export interface VariantsBody {
  options?: Array<{ name: string; values: string[] }>;
  variants?: VariantInput[];
  packs?: PackInput[];
  quantity?: number | null;
}

/** The product's fields new variants start from. */
export interface VariantDefaults {
  price: number;
  cost_price: number | null;
  sale_price: number | null;
  low_stock_threshold: number;
  track_stock: number;
}

export interface AppliedVariants {
  /** The stock movements the change makes (opening stock of new variants, counts of others). */
  stock: StockMovementInput[];
  options: ProductOption[];
}

/**
 * Brings a product's variants and packs to what the body asks for, in the caller's transaction:
 * inserts new variants, updates kept ones, removes the rest (archived when they have history,
 * refused while they hold stock), replaces the packs sent, then mirrors the first active variant
 * into the product row and recounts. Stock goes through the ledger: new variants' opening
 * stock (`openingReason`) and counted quantities of kept ones.
 */
export async function applyVariants(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'actor'>,
  product: ProductsTable,
  body: VariantsBody,
  openingReason: StockReason,
  /** The product was inserted in this transaction (its own variant's stock is opening stock). */
  creating = false,
): Promise<AppliedVariants> {
  const variants = variantsRepository(trx, ctx.storeId);
  const products = productsRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  const current = await variants.variantsOf(product.id);
  const currentOptions = JSON.parse(product.options || '[]') as ProductOption[];
  const options = body.options ?? currentOptions;
  const active = current.filter((v) => v.status === 'active');

  if (options.length && body.quantity && body.options !== undefined) {
    throw unprocessable("A product with options keeps stock per variant: give each variant's quantity.", {
      quantity: "Give each variant's quantity",
    });
  }
  if (
    options.length &&
    body.packs !== undefined &&
    body.variants === undefined &&
    body.options !== undefined
  ) {
    throw unprocessable('A product with options keeps packs per variant: give each variant its packs.', {
      packs: 'Give each variant its packs',
    });
  }

  // Only packs of a product sold one way: its one variant's packs.
  const onlyPacks = body.options === undefined && body.variants === undefined;
  let targets: Target[];
  if (onlyPacks) {
    if (active.length !== 1) {
      throw unprocessable('This product has several variants: give each variant its packs.', {
        packs: 'Give each variant its packs',
      });
    }
    targets = [
      { index: null, existing: active[0]!, values: parseValues(active[0]!), input: null, packs: body.packs },
    ];
  } else {
    targets = targetsOf(options, body, current);
    if (!options.length && targets.length !== 1) {
      throw unprocessable('A product without options has exactly one variant.', {
        variants: 'Send one variant, or give the product options',
      });
    }
    if (!options.length && body.packs !== undefined) targets[0]!.packs ??= body.packs;
  }
  // A product sold one way that gains options: its own variant (its stock and history) becomes
  // the first new combination.
  const plain = current.find((v) => v.id === product.id && v.status === 'active' && v.option_values === '{}');
  if (plain && options.length && !targets.some((t) => t.existing?.id === plain.id)) {
    const first = targets.find((t) => !t.existing);
    if (first) first.existing = plain;
  }
  checkRepeats(targets, body.packs !== undefined);

  // Codes typed that another product, variant or pack holds already.
  const keptIds = new Set(targets.map((t) => t.existing?.id).filter(Boolean));
  const typedSkus = targets.map((t) => t.input?.sku).filter((c): c is string => !!c);
  const typedBarcodes = targets.flatMap((t) => [
    ...(t.input?.barcode ? [t.input.barcode] : []),
    ...(t.packs ?? []).map((p) => p.barcode).filter((c): c is string => !!c),
  ]);
  const ownPacks = new Map<string, ProductPacksTable[]>();
  for (const p of await variants.packsOf(product.id)) {
    ownPacks.set(p.variant_id, [...(ownPacks.get(p.variant_id) ?? []), p]);
  }
  for (const owner of await variants.owners(typedSkus, typedBarcodes)) {
    // A code moving within this product is its own (a clash inside it is the unique key's 409).
    if (owner.productId === product.id) continue;
    const target = targets.find(
      (t) =>
        t.input?.sku === owner.code ||
        t.input?.barcode === owner.code ||
        t.packs?.some((p) => p.barcode === owner.code),
    )!;
    const label = owner.kind === 'sku' ? 'SKU' : 'Barcode';
    const field =
      owner.kind === 'sku'
        ? pathOf(target, 'sku')
        : target.input?.barcode === owner.code
          ? pathOf(target, 'barcode')
          : pathOf(target, `packs.${target.packs!.findIndex((p) => p.barcode === owner.code)}.barcode`);
    throw conflict(`${label} "${owner.code}" is already used by "${owner.productName}".`, {
      [field]: `This ${label === 'SKU' ? 'SKU' : 'barcode'} is already used by another product`,
    });
  }

  // Removed variants: refused while they hold stock, archived with history, deleted otherwise.
  const removed = current.filter((v) => v.status === 'active' && !keptIds.has(v.id));
  const holding = removed.filter((v) => v.track_stock === 1 && v.quantity !== 0);
  if (holding.length) {
    const v = holding[0]!;
    throw conflict(
      `${v.name || 'The variant'} still has ${v.quantity} in stock. Count its stock to 0 before removing it.`,
      { variants: `${v.name || 'A removed variant'} still holds stock` },
    );
  }
  const history = await variants.withHistory(removed.map((v) => v.id));
  // The product's own variant is never deleted: its id is the product's, and reads rely on it.
  const archive = removed.filter((v) => history.has(v.id) || v.id === product.id);
  await variants.deleteVariants(removed.filter((v) => !archive.includes(v)).map((v) => v.id));

  // Codes for new variants and packs that came without one.
  const needSkus = targets.filter((t) => !t.existing && !t.input?.sku).length;
  const needBarcodes =
    targets.filter((t) => !t.existing && !t.input?.barcode).length +
    targets.reduce(
      (n, t) =>
        n +
        (t.packs ?? []).filter(
          (p) =>
            !p.barcode &&
            !(ownPacks.get(t.existing?.id ?? '') ?? []).some(
              (o) => o.name.toLowerCase() === p.name.toLowerCase() && o.barcode,
            ),
        ).length,
      0,
    );
  const taken = new Set(typedBarcodes);
  const skus = needSkus ? await freshSkus(products, needSkus, new Set(typedSkus)) : [];
  const barcodes = needBarcodes ? await freshBarcodes(products, needBarcodes, taken) : [];

  const defaults: VariantDefaults = {
    price: product.price,
    cost_price: product.cost_price,
    sale_price: product.sale_price,
    low_stock_threshold: product.low_stock_threshold,
    track_stock: product.track_stock,
  };
  const stock: StockMovementInput[] = [];
  let position = 0;
  for (const t of targets) {
    const input = t.input;
    const price = input?.price ?? t.existing?.price ?? defaults.price;
    const salePrice =
      input?.sale_price !== undefined
        ? input.sale_price
        : (t.existing?.sale_price ??
          (defaults.sale_price !== null && defaults.sale_price <= price ? defaults.sale_price : null));
    if (salePrice != null && salePrice > price) {
      throw unprocessable('Sale price cannot be more than the price', {
        [pathOf(t, 'sale_price')]: 'Sale price cannot be more than the price',
      });
    }
    const fields = {
      position: position++,
      option_values: JSON.stringify(t.values),
      name: variantName(options, t.values),
      price,
      cost_price:
        input?.cost_price !== undefined ? input.cost_price : (t.existing?.cost_price ?? defaults.cost_price),
      sale_price: salePrice,
      low_stock_threshold:
        input?.low_stock_threshold ?? t.existing?.low_stock_threshold ?? defaults.low_stock_threshold,
      status: 'active' as const,
      updated_at: now,
    };
    let id: string;
    if (t.existing) {
      id = t.existing.id;
      await variants.updateVariant(id, {
        ...fields,
        ...(input?.sku ? { sku: input.sku } : {}),
        ...(input?.barcode ? { barcode: input.barcode } : {}),
      });
      const wanted = input?.quantity;
      if (wanted != null && product.track_stock === 1 && wanted !== t.existing.quantity) {
        stock.push(
          creating
            ? { productId: product.id, variantId: id, change: wanted, reason: openingReason }
            : {
                productId: product.id,
                variantId: id,
                change: wanted - t.existing.quantity,
                reason: 'adjustment_count',
                note: `Quantity of ${fields.name || 'the product'} set from ${t.existing.quantity} to ${wanted} on the product form`,
              },
        );
      }
    } else {
      id = newId();
      await variants.insertVariants([
        {
          store_id: ctx.storeId,
          id,
          product_id: product.id,
          ...fields,
          sku: input?.sku || skus.shift()!,
          barcode: input?.barcode || barcodes.shift()!,
          track_stock: defaults.track_stock,
          quantity: 0,
          image: null,
          created_at: now,
        },
      ]);
      const opening = input?.quantity ?? 0;
      if (opening > 0 && product.track_stock === 1) {
        stock.push({ productId: product.id, variantId: id, change: opening, reason: openingReason });
      }
    }
    if (t.packs !== undefined) {
      const before = ownPacks.get(t.existing?.id ?? '') ?? [];
      await variants.replacePacks(
        id,
        t.packs.map((p, i) => ({
          store_id: ctx.storeId,
          id: newId(),
          product_id: product.id,
          variant_id: id,
          position: i,
          name: p.name,
          factor: p.factor,
          barcode:
            p.barcode ||
            before.find((o) => o.name.toLowerCase() === p.name.toLowerCase())?.barcode ||
            barcodes.shift()!,
          price: p.price,
          created_at: now,
        })),
      );
    }
  }
  for (const a of archive) {
    await variants.updateVariant(a.id, { status: 'archived', position: position++, updated_at: now });
  }

  // The product row mirrors its first active variant and keeps its options and counts.
  const head = (await variants.variantsOf(product.id)).find((v) => v.status === 'active')!;
  await products.update(product, {
    sku: head.sku,
    barcode: head.barcode,
    price: head.price,
    cost_price: head.cost_price,
    sale_price: head.sale_price,
    low_stock_threshold: head.low_stock_threshold,
    options: JSON.stringify(options),
    updated_at: now,
  });
  await variants.recount(product.id);
  if (stock.length) await applyStockMovements(trx, ctx, stock, { fieldKey: () => 'variants' });
  return { stock, options };
}
