import { DEFAULT_LOW_STOCK_THRESHOLD, type ImportReport } from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { auditRow, writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { newImportReport } from '../../lib/import-reply.js';
import { insertRows } from '../../lib/insert-rows.js';
import { ANALYZE_AFTER_ROWS, refreshStatistics } from '../../lib/sql.js';
import { minorDigits, readSheetUpload } from '../../lib/spreadsheet.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import { ALIASES, parseRow, validate, type ParsedRow, type ProductInput } from './product-file.js';
import { productReads } from './product-reads.repository.js';
import type { NewProductRow } from './product-rows.js';
import { productsRepository } from './products.repository.js';
import { auditable } from './products.service.js';
import type { CategoriesTable, ProductsTable } from './products.tables.js';
import { applyStockMovements, recordOpeningStock, type StockMovementInput } from './stock.service.js';

interface Plan {
  creates: Array<{ line: number; input: ProductInput; categories: string[] }>;
  updates: Array<{
    line: number;
    before: ProductsTable;
    patch: Partial<ProductsTable>;
    categories: string[] | undefined;
    quantity: number | undefined;
  }>;
  unchanged: number;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Imports products from a CSV or XLSX upload. Every row is checked before anything is written;
 * rows match existing products by SKU, then barcode (then by name when a row has neither), and
 * update them, so uploading the same file again creates nothing new. All accepted rows are
 * written in one transaction; with `atomic`, nothing is written when any row is rejected.
 */
export async function importProducts(
  ctx: StoreContext,
  request: FastifyRequest,
  atomic: boolean,
): Promise<ImportReport> {
  const sheet = await readSheetUpload(ctx, request, ALIASES);
  const report = newImportReport(sheet.rows.length, atomic);
  if (!sheet.columns.has('name') && !sheet.columns.has('sku') && !sheet.columns.has('barcode')) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The file has no "name" column. Download the template to see the columns.',
      {
        fields: { file: 'No "name" column' },
      },
    );
  }
  if (!sheet.rows.length) {
    throw new AppError('VALIDATION_FAILED', 'The file has no rows below the header.', {
      fields: { file: 'No rows to import' },
    });
  }
  const digits = minorDigits(ctx.access.store.currency);
  const parsed: ParsedRow[] = [];
  for (const row of sheet.rows) {
    const result = parseRow(row, sheet.columns, digits);
    if (Array.isArray(result)) report.rejected.push(...result);
    else parsed.push(result);
  }

  const repo = productsRepository(ctx.db, ctx.storeId);
  const existing = await repo.findByCodes(
    [...new Set(parsed.map((p) => p.input.sku).filter((s): s is string => !!s))],
    [...new Set(parsed.map((p) => p.input.barcode).filter((s): s is string => !!s))],
  );
  const bySku = new Map(existing.map((p) => [p.sku, p]));
  const byBarcode = new Map(existing.map((p) => [p.barcode, p]));
  const nameKeys = parsed
    .filter((p) => !p.input.sku && !p.input.barcode && p.input.name)
    .map((p) => p.input.name!.toLowerCase());
  const byName = new Map<string, string[]>();
  for (const { id, key } of await repo.idsByNames([...new Set(nameKeys)])) {
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }

  // Match rows to products and reject rows that repeat an earlier row of the file.
  const firstLine = {
    sku: new Map<string, number>(),
    barcode: new Map<string, number>(),
    product: new Map<string, number>(),
    name: new Map<string, number>(),
  };
  const matched: Array<{ row: ParsedRow; productId: string | undefined }> = [];
  for (const row of parsed) {
    const { sku, barcode, name } = row.input;
    const reject = (field: string, reason: string) => report.rejected.push({ line: row.line, field, reason });
    if (sku && firstLine.sku.has(sku)) {
      reject('sku', `SKU "${sku}" is already on line ${firstLine.sku.get(sku)}`);
      continue;
    }
    if (barcode && firstLine.barcode.has(barcode)) {
      reject('barcode', `Barcode "${barcode}" is already on line ${firstLine.barcode.get(barcode)}`);
      continue;
    }
    const skuOwner = sku ? bySku.get(sku) : undefined;
    const barcodeOwner = barcode ? byBarcode.get(barcode) : undefined;
    if (skuOwner && barcodeOwner && skuOwner.id !== barcodeOwner.id) {
      reject(
        'barcode',
        `SKU "${sku}" is "${skuOwner.name}" but barcode "${barcode}" belongs to "${barcodeOwner.name}"`,
      );
      continue;
    }
    let productId = (skuOwner ?? barcodeOwner)?.id;
    if (!sku && !barcode && name) {
      const key = name.toLowerCase();
      const ids = byName.get(key) ?? [];
      if (ids.length > 1) {
        reject('sku', `Several products are named "${name}"; add their SKU to say which one this row is`);
        continue;
      }
      if (firstLine.name.has(key)) {
        reject(
          'name',
          `"${name}" is already on line ${firstLine.name.get(key)}; add a SKU to tell them apart`,
        );
        continue;
      }
      firstLine.name.set(key, row.line);
      productId = ids[0];
    }
    if (productId && firstLine.product.has(productId)) {
      reject('sku', `This row is the same product as line ${firstLine.product.get(productId)}`);
      continue;
    }
    if (sku) firstLine.sku.set(sku, row.line);
    if (barcode) firstLine.barcode.set(barcode, row.line);
    if (productId) firstLine.product.set(productId, row.line);
    matched.push({ row, productId });
  }

  const rows = new Map(
    (await repo.rowsByIds(matched.flatMap((m) => (m.productId ? [m.productId] : [])))).map((r) => [r.id, r]),
  );
  const currentCategories = new Map<string, string[]>();
  for (const p of await productReads(ctx.db, ctx.storeId).forSale([...rows.keys()]))
    currentCategories.set(p.id, p.category_ids);

  const valid: Array<{ row: ParsedRow; before: ProductsTable | undefined; input: ProductInput }> = [];
  for (const { row, productId } of matched) {
    const before = productId ? rows.get(productId) : undefined;
    const result = validate(row, before);
    if (Array.isArray(result)) report.rejected.push(...result);
    else valid.push({ row, before, input: result });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  if ((atomic && report.rejected.length) || !valid.length) return report;

  const categoryNames = [
    ...new Map(valid.flatMap((v) => v.row.categories ?? []).map((c) => [c.toLowerCase(), c])).values(),
  ];

  const result = await ctx.db.transaction().execute(async (trx) => {
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

    const plan: Plan = { creates: [], updates: [], unchanged: 0 };
    for (const { row, before, input } of valid) {
      if (!before) {
        plan.creates.push({ line: row.line, input, categories: idsOf(row.categories ?? []) });
        continue;
      }
      const patch: Partial<ProductsTable> = {};
      const set = <K extends keyof ProductsTable>(key: K, value: ProductsTable[K]) => {
        if (value !== before[key]) patch[key] = value;
      };
      const given = row.input;
      if (given.name !== undefined) set('name', input.name);
      if (given.sku) set('sku', input.sku!);
      if (given.barcode) set('barcode', input.barcode!);
      if (given.unit) set('unit', input.unit!);
      if (given.price !== undefined) set('price', input.price);
      for (const key of ['sale_price', 'cost_price'] as const) {
        if (given[key] !== undefined) set(key, input[key] ?? null);
        else if (row.cleared.has(key)) set(key, null);
      }
      if (given.description !== undefined) set('description', input.description ?? null);
      else if (row.cleared.has('description')) set('description', null);
      if (given.track_stock !== undefined) set('track_stock', input.track_stock ? 1 : 0);
      if (given.low_stock_threshold !== undefined) set('low_stock_threshold', input.low_stock_threshold!);
      if (given.status !== undefined) set('status', input.status!);
      const categories = row.categories ? idsOf(row.categories) : undefined;
      const categoriesChanged =
        categories !== undefined && !sameSet(categories, currentCategories.get(before.id) ?? []);
      const tracked = (patch.track_stock ?? before.track_stock) === 1;
      const quantity =
        tracked && given.quantity != null && given.quantity !== before.quantity ? given.quantity : undefined;
      if (!Object.keys(patch).length && !categoriesChanged && quantity === undefined) {
        plan.unchanged++;
        continue;
      }
      plan.updates.push({
        line: row.line,
        before,
        patch,
        categories: categoriesChanged ? categories : undefined,
        quantity,
      });
    }

    // New products: generated codes, then rows, then their opening stock through the ledger.
    const taken = {
      sku: new Set(valid.map((v) => v.input.sku).filter((s): s is string => !!s)),
      barcode: new Set(valid.map((v) => v.input.barcode).filter((s): s is string => !!s)),
    };
    const skus = await freshSkus(r, plan.creates.filter((c) => !c.input.sku).length, taken.sku);
    const barcodes = await freshBarcodes(
      r,
      plan.creates.filter((c) => !c.input.barcode).length,
      taken.barcode,
    );
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
        note: `Line ${plan.creates[i]!.line} of ${sheet.fileName}`,
      })),
    );
    const stock: StockMovementInput[] = [];
    // The sheet line of each stock change, so a refusal names the line it came from.
    const stockLines: number[] = [];
    // The rows as they are now, locked (PostgreSQL) until the import commits: each updated
    // product's audit row says what it was before, as a product edit's does.
    const current = new Map((await r.rowsByIds(plan.updates.map((u) => u.before.id))).map((p) => [p.id, p]));
    for (const u of plan.updates) {
      await r.update(u.before, { ...u.patch, updated_at: now });
      if (u.categories) await r.setCategories(u.before.id, u.categories);
      if (u.quantity !== undefined) {
        stock.push({
          productId: u.before.id,
          change: u.quantity - u.before.quantity,
          reason: 'import',
          note: `Quantity set from ${u.before.quantity} to ${u.quantity} by line ${u.line} of ${sheet.fileName}`,
        });
        stockLines.push(u.line);
      }
    }
    if (stock.length)
      await applyStockMovements(trx, ctx, stock, { fieldKey: (i) => `line.${stockLines[i]}` });

    // One `product.updated` row per updated product, as a product edit writes, in the import's
    // transaction: the price history (`sellingPricesAt`, which checks a till's offline prices,
    // decision 0036) and the product's own history see an imported price like an edited one.
    const productAudits = plan.updates.map((u) => {
      const was = current.get(u.before.id) ?? u.before;
      const is = { ...was, ...u.patch };
      const categories = currentCategories.get(u.before.id) ?? [];
      return auditRow(ctx, {
        action: 'product.updated',
        entity: 'product',
        entityId: u.before.id,
        summary: `Product "${is.name}" updated by line ${u.line} of the import "${sheet.fileName}"`,
        before: { ...auditable(was), quantity: was.quantity, category_ids: categories },
        after: {
          ...auditable(is),
          quantity: u.quantity ?? was.quantity,
          category_ids: u.categories ?? categories,
        },
      });
    });
    for (let i = 0; i < productAudits.length; i += 1000)
      await insertRows(trx, 'audits', productAudits.slice(i, i + 1000));

    const summary = `Imported products from "${sheet.fileName}": ${newRows.length} created, ${plan.updates.length} updated, ${plan.unchanged} unchanged, ${report.rejected.length} rejected`;
    await writeAudit(trx, ctx, {
      action: 'product.imported',
      entity: 'product',
      summary,
      after: {
        file: sheet.fileName,
        created: newRows.length,
        updated: plan.updates.length,
        unchanged: plan.unchanged,
        rejected: report.rejected.length,
        categories_created: newCategories.map((c) => c.name),
        updated_ids: plan.updates.slice(0, 500).map((u) => u.before.id),
      },
    });
    return { created: newRows.length, updated: plan.updates.length, unchanged: plan.unchanged };
  });
  if (result.created >= ANALYZE_AFTER_ROWS) {
    await refreshStatistics(ctx.db, [
      'products',
      'product_categories',
      'categories',
      'search_terms',
      'stock_movements',
    ]);
  }
  return { ...report, ...result, written: true };
}
