import { DEFAULT_LOW_STOCK_THRESHOLD } from '@tillbook/contract/products';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import type { NewProductRow } from './product-rows.js';
import { auditImport } from './products.import-audit.js';
import { planImport, type PlainRow } from './products.import-plan.js';
import type { FileCodes } from './products.import-units.js';
import type { GroupPlan } from './products.import-variants.js';
import { productsRepository } from './products.repository.js';
import type { CategoriesTable } from './products.tables.js';
import { applyStockMovements, recordOpeningStock, type StockMovementInput } from './stock.service.js';
import { variantsRepository } from './variants.repository.js';
import { applyVariants } from './variants.service.js';

/**
 * An import's writes, all in its one transaction, once every row is checked: the categories the
 * file names, codes for what came without, new products and their opening stock, updates, packs,
 * the variants of products with options, the stock the file sets, then the audit rows. Apart
 * from `products.import.ts`, which reads and checks the file first.
 */

/** The checked rows and what the write needs beside them. */
export interface ImportWrite {
  fileName: string;
  valid: PlainRow[];
  groups: GroupPlan[];
  /** The categories the file names, one spelling each. */
  categoryNames: string[];
  currentCategories: ReadonlyMap<string, string[]>;
  /** The file's codes: generated ones keep clear of them. */
  codes: FileCodes;
  /** Rows rejected, for the audit's summary. */
  rejected: number;
}

/** An error `applyVariants` raises despite the checks names the line it came from. */
async function atLine<T>(line: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, `Line ${line}: ${error.message}`, {
      fields: { [`line ${line}`]: error.message },
      cause: error,
    });
  }
}

/**
 * A group's stock, set from its rows through the ledger (reason `import`), added to `stock`: new
 * variants are found by the SKU they were given.
 */
async function groupStock(
  trx: Transaction<Database>,
  storeId: string,
  fileName: string,
  productId: string,
  group: GroupPlan,
  stock: StockMovementInput[],
  stockLines: number[],
): Promise<void> {
  if (!group.stock.length) return;
  const ids = group.stock.some((s) => s.variantId === undefined && s.input.id === undefined)
    ? new Map(
        (await variantsRepository(trx, storeId).variantsOf(productId)).map((v) => [v.sku, v.id] as const),
      )
    : undefined;
  for (const s of group.stock) {
    const variantId = s.variantId ?? s.input.id ?? ids!.get(s.input.sku!)!;
    stock.push({
      productId,
      variantId,
      change: s.to - s.from,
      reason: 'import',
      note:
        s.variantId === undefined
          ? `Line ${s.line} of ${fileName}`
          : `Quantity of ${Object.values(s.input.options).join(' / ')} set from ${s.from} to ${s.to} by line ${s.line} of ${fileName}`,
    });
    stockLines.push(s.line);
  }
}

/** Writes the import in `trx`; returns the counts its report gives. */
export async function writeImport(
  trx: Transaction<Database>,
  ctx: StoreContext,
  { fileName, valid, groups, categoryNames, currentCategories, codes, rejected }: ImportWrite,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const r = productsRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  // Categories named in the file, created when missing.
  const categoryId = new Map((await r.categoriesByNames(categoryNames)).map((c) => [c.key, c.id]));
  const newCategories: CategoriesTable[] = categoryNames
    .filter((n) => !categoryId.has(n.toLowerCase()))
    .map((name) => ({
      id: newId(),
      store_id: ctx.storeId,
      name,
      description: null,
      created_at: now,
      updated_at: now,
    }));
  await r.insertCategories(newCategories);
  for (const c of newCategories) categoryId.set(c.name.toLowerCase(), c.id);
  const idsOf = (names: string[]) => names.map((n) => categoryId.get(n.toLowerCase())!);

  const plan = planImport(valid, groups, idsOf, currentCategories);

  // Codes for new products and variants that came without: generated clear of every code of
  // the file, including those of rows written after them.
  const taken = {
    sku: new Set(codes.skus),
    barcode: new Set(codes.barcodes),
  };
  const newVariants = [
    ...plan.groupCreates.flatMap((g) => g.rowVariants.slice(1)),
    ...plan.groupUpdates.flatMap(({ group }) => group.rowVariants.filter((v) => v.id === undefined)),
  ];
  const skus = await freshSkus(
    r,
    plan.creates.filter((c) => !c.input.sku).length +
      plan.groupCreates.filter((g) => !g.first.sku).length +
      newVariants.filter((v) => !v.sku).length,
    taken.sku,
  );
  const barcodes = await freshBarcodes(
    r,
    plan.creates.filter((c) => !c.input.barcode).length +
      plan.groupCreates.filter((g) => !g.first.barcode).length +
      newVariants.filter((v) => !v.barcode).length,
    taken.barcode,
  );
  for (const v of newVariants) {
    v.sku ||= skus.pop()!;
    v.barcode ||= barcodes.pop()!;
  }

  // New products: generated codes, then rows, then their opening stock through the ledger.
  const newRows: NewProductRow[] = plan.creates.map(({ input }) => ({
    id: newId(),
    store_id: ctx.storeId,
    name: input.name,
    description: input.description ?? null,
    sku: input.sku || skus.pop()!,
    barcode: input.barcode || barcodes.pop()!,
    unit: input.unit || 'piece',
    price: input.price,
    cost_price: input.cost_price ?? null,
    sale_price: input.sale_price ?? null,
    track_stock: input.track_stock === false ? 0 : 1,
    // New rows start with their opening stock, recorded in the ledger just below.
    quantity: input.track_stock === false ? 0 : (input.quantity ?? 0),
    low_stock_threshold: input.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    status: input.status ?? 'active',
    images: '[]',
    created_at: now,
    updated_at: now,
  }));
  await r.insert(newRows, new Map(newRows.map((row, i) => [row.id, plan.creates[i]!.categories])));

  await recordOpeningStock(
    trx,
    ctx,
    newRows.map((row, i) => ({
      productId: row.id,
      quantity: row.quantity,
      reason: 'import',
      note: `Line ${plan.creates[i]!.line} of ${fileName}`,
    })),
  );

  // New products with options: the product's row (its first variant's codes and prices), then
  // its variants. Their stock is set below, with the rest.
  const groupRows: NewProductRow[] = plan.groupCreates.map(({ sharedInput: shared, first }) => ({
    id: newId(),
    store_id: ctx.storeId,
    name: shared.name,
    description: shared.description ?? null,
    sku: first.sku || skus.pop()!,
    barcode: first.barcode || barcodes.pop()!,
    unit: shared.unit || 'piece',
    price: first.price,
    cost_price: first.cost_price ?? null,
    sale_price: first.sale_price ?? null,
    track_stock: shared.track_stock === false ? 0 : 1,
    quantity: 0,
    low_stock_threshold: first.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    status: shared.status ?? 'active',
    images: '[]',
    created_at: now,
    updated_at: now,
  }));
  await r.insert(
    groupRows,
    new Map(groupRows.map((row, i) => [row.id, idsOf(plan.groupCreates[i]!.shared.categories ?? [])])),
  );

  const stock: StockMovementInput[] = [];
  // The sheet line of each stock change, so a refusal names the line it came from.
  const stockLines: number[] = [];
  // The rows as they are now, locked (PostgreSQL) until the import commits: each updated
  // product's audit row says what it was before, as a product edit's does.
  const current = new Map(
    (
      await r.rowsByIds([
        ...plan.updates.map((u) => u.before.id),
        ...plan.groupUpdates.map((u) => u.before.id),
      ])
    ).map((p) => [p.id, p]),
  );
  for (const u of plan.updates) {
    await r.update(u.before, { ...u.patch, updated_at: now });
    if (u.categories) await r.setCategories(u.before.id, u.categories);
    if (u.quantity !== undefined) {
      stock.push({
        productId: u.before.id,
        change: u.quantity - u.before.quantity,
        reason: 'import',
        note: `Quantity set from ${u.before.quantity} to ${u.quantity} by line ${u.line} of ${fileName}`,
      });
      stockLines.push(u.line);
    }
  }

  // Packs of rows without options, on products as they now are: only rows that name packs.
  const packed = [
    ...plan.creates.flatMap((c, i) =>
      c.packs ? [{ id: newRows[i]!.id, line: c.line, packs: c.packs }] : [],
    ),
    ...plan.updates.flatMap((u) => (u.packs ? [{ id: u.before.id, line: u.line, packs: u.packs }] : [])),
  ];
  const packedRows = new Map((await r.rowsByIds(packed.map((p) => p.id))).map((p) => [p.id, p]));
  for (const p of packed) {
    await atLine(p.line, () => applyVariants(trx, ctx, packedRows.get(p.id)!, { packs: p.packs }, 'import'));
  }

  const createdRows = new Map((await r.rowsByIds(groupRows.map((g) => g.id))).map((p) => [p.id, p]));
  for (const [i, group] of plan.groupCreates.entries()) {
    const row = createdRows.get(groupRows[i]!.id)!;
    // The first line is the product's own variant, inserted with it.
    group.rowVariants[0]!.id = row.id;
    await atLine(group.rows[0]!.line, () =>
      applyVariants(trx, ctx, row, { options: group.options, variants: group.variants }, 'import', true),
    );
    await groupStock(trx, ctx.storeId, fileName, row.id, group, stock, stockLines);
  }
  for (const u of plan.groupUpdates) {
    await r.update(u.before, { ...u.patch, updated_at: now });
    if (u.categories) await r.setCategories(u.before.id, u.categories);
    if (u.group.variantsChanged) {
      const row = (await r.rowForUpdate(u.before.id))!;
      await atLine(u.group.rows[0]!.line, () =>
        applyVariants(trx, ctx, row, { options: u.group.options, variants: u.group.variants }, 'import'),
      );
    }
    await groupStock(trx, ctx.storeId, fileName, u.before.id, u.group, stock, stockLines);
  }
  if (stock.length) await applyStockMovements(trx, ctx, stock, { fieldKey: (i) => `line.${stockLines[i]}` });

  return auditImport(trx, ctx, {
    fileName,
    plan,
    current,
    currentCategories,
    created: newRows.length + groupRows.length,
    newCategories,
    rejected,
  });
}
