import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_PACKS,
  type ImportReport,
  type ImportRowError,
  type PackInput,
  type ProductOption,
  type ProductPack,
} from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { auditRow, writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { newImportReport } from '../../lib/import-reply.js';
import { insertRows } from '../../lib/insert-rows.js';
import { ANALYZE_AFTER_ROWS, refreshStatistics } from '../../lib/sql.js';
import { minorDigits, readSheetUpload, type SheetRow } from '../../lib/spreadsheet.js';
import { freshBarcodes, freshSkus } from './product-codes.js';
import {
  ALIASES,
  FILE_PACKS,
  parseRow,
  validate,
  type ParsedRow,
  type ProductInput,
} from './product-file.js';
import { productReads } from './product-reads.repository.js';
import type { NewProductRow } from './product-rows.js';
import {
  mergePacks,
  planGroup,
  samePacks,
  type CurrentVariant,
  type ExistingProduct,
  type GroupPlan,
} from './products.import-variants.js';
import { productsRepository } from './products.repository.js';
import { auditable } from './products.service.js';
import type { CategoriesTable, ProductsTable } from './products.tables.js';
import { applyStockMovements, recordOpeningStock, type StockMovementInput } from './stock.service.js';
import { variantsRepository, type CodeOwner } from './variants.repository.js';
import { applyVariants } from './variants.service.js';

interface PlainRow {
  row: ParsedRow;
  before: ProductsTable | undefined;
  input: ProductInput;
  /** The product's packs after the import, when the row names any. */
  packs: PackInput[] | undefined;
  packsChanged: boolean;
}

interface Plan {
  creates: Array<{ line: number; input: ProductInput; categories: string[]; packs: PackInput[] | undefined }>;
  updates: Array<{
    line: number;
    before: ProductsTable;
    patch: Partial<ProductsTable>;
    categories: string[] | undefined;
    quantity: number | undefined;
    packs: PackInput[] | undefined;
  }>;
  groupCreates: GroupPlan[];
  groupUpdates: Array<{
    group: GroupPlan;
    before: ProductsTable;
    patch: Partial<ProductsTable>;
    categories: string[] | undefined;
  }>;
  unchanged: number;
}

type Unit = { kind: 'plain'; row: ParsedRow } | { kind: 'group'; rows: ParsedRow[] };
type Matched =
  | { kind: 'plain'; row: ParsedRow; productId: string | undefined }
  | { kind: 'group'; rows: ParsedRow[]; productId: string | undefined };

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const lower = (s: string) => s.toLowerCase();
const OPTION_VALUES = [1, 2, 3].map((i) => `option${i}_value`);
const PACK_BARCODES = Array.from({ length: FILE_PACKS }, (_, i) => `pack${i + 1}_barcode`);
const optionsOf = (row: Pick<ProductsTable, 'options'>) => JSON.parse(row.options || '[]') as ProductOption[];

/** The fields of a product an import row changes; `variantFields` false for the rows of a product with options. */
function patchOf(
  row: ParsedRow,
  input: ProductInput,
  before: ProductsTable,
  variantFields: boolean,
): Partial<ProductsTable> {
  const patch: Partial<ProductsTable> = {};
  const set = <K extends keyof ProductsTable>(key: K, value: ProductsTable[K]) => {
    if (value !== before[key]) patch[key] = value;
  };
  const given = row.input;
  if (given.name !== undefined) set('name', input.name);
  if (given.unit) set('unit', input.unit!);
  if (given.description !== undefined) set('description', input.description ?? null);
  else if (row.cleared.has('description')) set('description', null);
  if (given.track_stock !== undefined) set('track_stock', input.track_stock ? 1 : 0);
  if (given.status !== undefined) set('status', input.status!);
  // A product with options mirrors its first variant's codes and prices: those change through it.
  if (!variantFields) return patch;
  if (given.sku) set('sku', input.sku!);
  if (given.barcode) set('barcode', input.barcode!);
  if (given.price !== undefined) set('price', input.price);
  for (const key of ['sale_price', 'cost_price'] as const) {
    if (given[key] !== undefined) set(key, input[key] ?? null);
    else if (row.cleared.has(key)) set(key, null);
  }
  if (given.low_stock_threshold !== undefined) set('low_stock_threshold', input.low_stock_threshold!);
  return patch;
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

/**
 * Imports products from a CSV or XLSX upload. Every row is checked before anything is written;
 * rows match existing products by SKU, then barcode (then by name when a row has neither), and
 * update them, so uploading the same file again creates nothing new. All accepted rows are
 * written in one transaction; with `atomic`, nothing is written when any row is rejected.
 *
 * Rows with option values are the variants of a product with options (decision 0064): the
 * consecutive rows of one name make one product, written through `applyVariants` (see
 * `products.import-variants.ts`); other rows take the batched path, their packs set after it.
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
  const cell = (row: SheetRow, key: string) => row.values[key] ?? '';

  // Who holds the file's codes already: a variant (its SKU or barcode) or a pack (its barcode).
  const fileSkus = new Set<string>();
  const fileBarcodes = new Set<string>();
  for (const row of sheet.rows) {
    if (cell(row, 'sku')) fileSkus.add(cell(row, 'sku'));
    for (const key of ['barcode', ...PACK_BARCODES]) if (cell(row, key)) fileBarcodes.add(cell(row, key));
  }
  const owners = await variantsRepository(ctx.db, ctx.storeId).owners([...fileSkus], [...fileBarcodes]);
  const skuOwners = new Map(owners.filter((o) => o.kind === 'sku').map((o) => [o.code, o]));
  const barcodeOwners = new Map<string, CodeOwner>();
  // A variant's barcode before a pack's (`owners` lists variants first).
  for (const o of owners) if (o.kind !== 'sku' && !barcodeOwners.has(o.code)) barcodeOwners.set(o.code, o);

  // Rows with option values group into products: consecutive rows of one name, parted where their
  // codes belong to two products (an export of two products of the same name).
  const grouped: Array<{ rows: SheetRow[]; grouped: boolean }> = [];
  let open: { rows: SheetRow[]; name: string; productId: string | undefined } | undefined;
  for (const row of sheet.rows) {
    if (!OPTION_VALUES.some((key) => cell(row, key))) {
      grouped.push({ rows: [row], grouped: false });
      open = undefined;
      continue;
    }
    const name = lower(cell(row, 'name'));
    const byBarcode = barcodeOwners.get(cell(row, 'barcode'));
    const productId =
      skuOwners.get(cell(row, 'sku'))?.productId ??
      (byBarcode?.kind === 'barcode' ? byBarcode.productId : undefined);
    if (open && open.name === name && !(productId && open.productId && productId !== open.productId)) {
      open.rows.push(row);
      open.productId ??= productId;
      continue;
    }
    open = { rows: [row], name, productId };
    grouped.push({ rows: open.rows, grouped: true });
  }

  // A product's lines are imported together: an error on one rejects each of them.
  const rejectGroup = (lines: number[], errors: ImportRowError[]) => {
    report.rejected.push(...errors);
    const bad = Math.min(...errors.map((e) => e.line));
    for (const line of lines) {
      if (!errors.some((e) => e.line === line)) {
        report.rejected.push({
          line,
          field: null,
          reason: `Not imported: line ${bad} of the same product has an error`,
        });
      }
    }
  };

  const units: Unit[] = [];
  for (const unit of grouped) {
    const results = unit.rows.map((row) => parseRow(row, sheet.columns, digits));
    const errors = results.flatMap((r) => (Array.isArray(r) ? r : []));
    if (!unit.grouped) {
      if (errors.length) report.rejected.push(...errors);
      else units.push({ kind: 'plain', row: results[0] as ParsedRow });
    } else if (errors.length) {
      rejectGroup(
        unit.rows.map((r) => r.line),
        errors,
      );
    } else units.push({ kind: 'group', rows: results as ParsedRow[] });
  }

  const repo = productsRepository(ctx.db, ctx.storeId);
  const hasCode = (row: ParsedRow) => !!row.input.sku || !!row.input.barcode;
  const nameKeys = units.flatMap((u) => {
    const rows = u.kind === 'plain' ? [u.row] : u.rows;
    return rows.some(hasCode) || !rows[0]!.input.name ? [] : [lower(rows[0]!.input.name)];
  });
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
  /** A code of the row (its SKU, barcode or a pack's barcode) already on an earlier row, or on this one. */
  const repeated = (
    row: ParsedRow,
    local: { sku: Map<string, number>; barcode: Map<string, number> },
  ): ImportRowError | undefined => {
    const codes: Array<['sku' | 'barcode', string | null | undefined, string]> = [
      ['sku', row.input.sku, 'sku'],
      ['barcode', row.input.barcode, 'barcode'],
      ...(row.packs ?? []).map(
        (p) => ['barcode', p.barcode, `pack${p.column}_barcode`] as ['barcode', string | null, string],
      ),
    ];
    for (const [kind, code, field] of codes) {
      if (!code) continue;
      const at = firstLine[kind].get(code) ?? local[kind].get(code);
      const label = kind === 'sku' ? 'SKU' : 'Barcode';
      if (at === row.line)
        return { line: row.line, field, reason: `${label} "${code}" is given twice on this line` };
      if (at !== undefined)
        return { line: row.line, field, reason: `${label} "${code}" is already on line ${at}` };
      local[kind].set(code, row.line);
    }
    return undefined;
  };
  const keep = (local: { sku: Map<string, number>; barcode: Map<string, number> }) => {
    for (const [code, line] of local.sku) firstLine.sku.set(code, line);
    for (const [code, line] of local.barcode) firstLine.barcode.set(code, line);
  };
  /** The product a row with neither SKU nor barcode names, by name; a sentence when it cannot say. */
  const byNameOf = (
    name: string,
    line: number,
    what: string,
  ): string | undefined | { error: ImportRowError } => {
    const key = lower(name);
    const ids = byName.get(key) ?? [];
    if (ids.length > 1) {
      return {
        error: {
          line,
          field: 'sku',
          reason: `Several products are named "${name}"; add their SKU to say which one ${what}`,
        },
      };
    }
    const at = firstLine.name.get(key);
    if (at !== undefined) {
      return {
        error: {
          line,
          field: 'name',
          reason: `"${name}" is already on line ${at}; add a SKU to tell them apart`,
        },
      };
    }
    firstLine.name.set(key, line);
    return ids[0];
  };

  const matched: Matched[] = [];
  for (const unit of units) {
    if (unit.kind === 'plain') {
      const row = unit.row;
      const { sku, barcode, name } = row.input;
      const reject = (field: string, reason: string) =>
        report.rejected.push({ line: row.line, field, reason });
      const local = { sku: new Map<string, number>(), barcode: new Map<string, number>() };
      const repeat = repeated(row, local);
      if (repeat) {
        report.rejected.push(repeat);
        continue;
      }
      const skuOwner = sku ? skuOwners.get(sku) : undefined;
      const barcodeOwner = barcode ? barcodeOwners.get(barcode) : undefined;
      if (barcodeOwner?.kind === 'pack') {
        reject('barcode', `Barcode "${barcode}" is already used by a pack of "${barcodeOwner.productName}"`);
        continue;
      }
      if (skuOwner && barcodeOwner && skuOwner.productId !== barcodeOwner.productId) {
        reject(
          'barcode',
          `SKU "${sku}" is "${skuOwner.productName}" but barcode "${barcode}" belongs to "${barcodeOwner.productName}"`,
        );
        continue;
      }
      let productId = (skuOwner ?? barcodeOwner)?.productId;
      if (!sku && !barcode && name) {
        const found = byNameOf(name, row.line, 'this row is');
        if (typeof found === 'object') {
          report.rejected.push(found.error);
          continue;
        }
        productId = found;
      }
      if (productId && firstLine.product.has(productId)) {
        reject('sku', `This row is the same product as line ${firstLine.product.get(productId)}`);
        continue;
      }
      const packOwned = (row.packs ?? []).find((p) => {
        const owner = p.barcode ? barcodeOwners.get(p.barcode) : undefined;
        return owner && !(owner.kind === 'pack' && owner.productId === productId);
      });
      if (packOwned) {
        reject(
          `pack${packOwned.column}_barcode`,
          `Barcode "${packOwned.barcode}" is already used by "${barcodeOwners.get(packOwned.barcode!)!.productName}"`,
        );
        continue;
      }
      keep(local);
      if (productId) firstLine.product.set(productId, row.line);
      matched.push({ kind: 'plain', row, productId });
      continue;
    }

    const rows = unit.rows;
    const first = rows[0]!;
    const errors: ImportRowError[] = [];
    const local = { sku: new Map<string, number>(), barcode: new Map<string, number>() };
    let productId: string | undefined;
    let via: { line: number; name: string } | undefined;
    for (const row of rows) {
      const repeat = repeated(row, local);
      if (repeat) errors.push(repeat);
      const { sku, barcode } = row.input;
      const barcodeOwner = barcode ? barcodeOwners.get(barcode) : undefined;
      if (barcodeOwner?.kind === 'pack') {
        errors.push({
          line: row.line,
          field: 'barcode',
          reason: `Barcode "${barcode}" is already used by a pack of "${barcodeOwner.productName}"`,
        });
      }
      const held: Array<[CodeOwner | undefined, string, string | undefined]> = [
        [sku ? skuOwners.get(sku) : undefined, 'sku', sku ?? undefined],
        [barcodeOwner?.kind === 'barcode' ? barcodeOwner : undefined, 'barcode', barcode ?? undefined],
      ];
      for (const [owner, field, code] of held) {
        if (!owner) continue;
        if (productId && owner.productId !== productId) {
          errors.push({
            line: row.line,
            field,
            reason: `${field === 'sku' ? 'SKU' : 'Barcode'} "${code}" belongs to "${owner.productName}", but line ${via!.line} is "${via!.name}"`,
          });
        } else if (!productId) {
          productId = owner.productId;
          via = { line: row.line, name: owner.productName };
        }
      }
    }
    if (!productId && !rows.some(hasCode) && first.input.name) {
      const found = byNameOf(first.input.name, first.line, 'these lines are');
      if (typeof found === 'object') errors.push(found.error);
      else productId = found;
    }
    if (productId && firstLine.product.has(productId)) {
      errors.push({
        line: first.line,
        field: 'sku',
        reason: `These lines are the same product as line ${firstLine.product.get(productId)}`,
      });
    }
    if (errors.length) {
      rejectGroup(
        rows.map((r) => r.line),
        errors,
      );
      continue;
    }
    keep(local);
    if (productId) firstLine.product.set(productId, first.line);
    matched.push({ kind: 'group', rows, productId });
  }

  const rows = new Map(
    (await repo.rowsByIds(matched.flatMap((m) => (m.productId ? [m.productId] : [])))).map((r) => [r.id, r]),
  );
  const currentCategories = new Map<string, string[]>();
  const currentVariants = new Map<string, CurrentVariant[]>();
  for (const p of await productReads(ctx.db, ctx.storeId).forSale([...rows.keys()])) {
    currentCategories.set(p.id, p.category_ids);
    currentVariants.set(
      p.id,
      p.variants.map((v) => ({
        id: v.id,
        values: v.options,
        sku: v.sku,
        barcode: v.barcode,
        price: v.price,
        cost_price: v.cost_price,
        sale_price: v.sale_price,
        quantity: v.quantity,
        low_stock_threshold: v.low_stock_threshold,
        status: v.status,
        packs: v.packs,
      })),
    );
  }
  /** An existing product as a group compares it, with its variants' option values. */
  const existingOf = async (row: ProductsTable): Promise<ExistingProduct> => {
    const options = optionsOf(row);
    let variants = currentVariants.get(row.id) ?? [];
    // Read with the product only when it has several: a single one comes back without its values.
    if (options.length && variants.length === 1) {
      const values = new Map(
        (await variantsRepository(ctx.db, ctx.storeId).variantsOf(row.id)).map(
          (v) => [v.id, JSON.parse(v.option_values) as Record<string, string>] as const,
        ),
      );
      variants = variants.map((v) => ({ ...v, values: values.get(v.id) ?? v.values }));
    }
    return { row, options, variants };
  };
  const activePacks = (productId: string): ProductPack[] =>
    (currentVariants.get(productId) ?? []).find((v) => v.status === 'active')?.packs ?? [];

  const valid: PlainRow[] = [];
  const groups: GroupPlan[] = [];
  for (const m of matched) {
    const before = m.productId ? rows.get(m.productId) : undefined;
    if (m.kind === 'group') {
      const result = planGroup(m.rows, before && (await existingOf(before)), barcodeOwners);
      if ('errors' in result) {
        rejectGroup(
          m.rows.map((r) => r.line),
          result.errors,
        );
      } else groups.push(result.plan);
      continue;
    }
    const row = m.row;
    const options = before ? optionsOf(before) : [];
    if (options.length) {
      report.rejected.push({
        line: row.line,
        field: 'option1_value',
        reason: `"${before!.name}" has options (${options.map((o) => o.name).join(', ')}): give one line per variant, with its option values`,
      });
      continue;
    }
    const result = validate(row, before);
    if (Array.isArray(result)) {
      report.rejected.push(...result);
      continue;
    }
    const current = before ? activePacks(before.id) : [];
    const packs = row.packs && mergePacks(current, row.packs);
    if (packs && packs.length > MAX_PACKS) {
      report.rejected.push({
        line: row.line,
        field: `pack${row.packs![0]!.column}_name`,
        reason: `A product has at most ${MAX_PACKS} packs`,
      });
      continue;
    }
    valid.push({ row, before, input: result, packs, packsChanged: !!packs && !samePacks(current, packs) });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  if ((atomic && report.rejected.length) || (!valid.length && !groups.length)) return report;

  const categoryNames = [
    ...new Map(
      [...valid.map((v) => v.row), ...groups.map((g) => g.shared)]
        .flatMap((r) => r.categories ?? [])
        .map((c) => [c.toLowerCase(), c]),
    ).values(),
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
    const categoriesChange = (row: ParsedRow, before: ProductsTable) => {
      const categories = row.categories ? idsOf(row.categories) : undefined;
      return categories !== undefined && !sameSet(categories, currentCategories.get(before.id) ?? [])
        ? categories
        : undefined;
    };

    const plan: Plan = { creates: [], updates: [], groupCreates: [], groupUpdates: [], unchanged: 0 };
    for (const { row, before, input, packs, packsChanged } of valid) {
      if (!before) {
        plan.creates.push({ line: row.line, input, categories: idsOf(row.categories ?? []), packs });
        continue;
      }
      const patch = patchOf(row, input, before, true);
      const categories = categoriesChange(row, before);
      const tracked = (patch.track_stock ?? before.track_stock) === 1;
      const given = row.input.quantity;
      const quantity = tracked && given != null && given !== before.quantity ? given : undefined;
      if (!Object.keys(patch).length && !categories && quantity === undefined && !packsChanged) {
        plan.unchanged++;
        continue;
      }
      plan.updates.push({
        line: row.line,
        before,
        patch,
        categories,
        quantity,
        packs: packsChanged ? packs : undefined,
      });
    }
    for (const group of groups) {
      const before = group.existing?.row;
      if (!before) {
        plan.groupCreates.push(group);
        continue;
      }
      const patch = patchOf(group.shared, group.sharedInput, before, false);
      const categories = categoriesChange(group.shared, before);
      if (!Object.keys(patch).length && !categories && !group.variantsChanged && !group.stock.length) {
        plan.unchanged++;
        continue;
      }
      plan.groupUpdates.push({ group, before, patch, categories });
    }

    // Codes for new products and variants that came without: generated clear of every code of
    // the file, including those of rows written after them.
    const taken = {
      sku: new Set(fileSkus),
      barcode: new Set(fileBarcodes),
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
        note: `Line ${plan.creates[i]!.line} of ${sheet.fileName}`,
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
          note: `Quantity set from ${u.before.quantity} to ${u.quantity} by line ${u.line} of ${sheet.fileName}`,
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
      await atLine(p.line, () =>
        applyVariants(trx, ctx, packedRows.get(p.id)!, { packs: p.packs }, 'import'),
      );
    }

    const createdRows = new Map((await r.rowsByIds(groupRows.map((g) => g.id))).map((p) => [p.id, p]));
    for (const [i, group] of plan.groupCreates.entries()) {
      const row = createdRows.get(groupRows[i]!.id)!;
      // The first line is the product's own variant, inserted with it.
      group.rowVariants[0]!.id = row.id;
      await atLine(group.rows[0]!.line, () =>
        applyVariants(trx, ctx, row, { options: group.options, variants: group.variants }, 'import', true),
      );
      await groupStock(trx, ctx.storeId, sheet.fileName, row.id, group, stock, stockLines);
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
      await groupStock(trx, ctx.storeId, sheet.fileName, u.before.id, u.group, stock, stockLines);
    }
    if (stock.length)
      await applyStockMovements(trx, ctx, stock, { fieldKey: (i) => `line.${stockLines[i]}` });

    // One `product.updated` row per updated product, as a product edit writes, in the import's
    // transaction: the price history (`sellingPricesAt`, which checks a till's offline prices,
    // decision 0036) and the product's own history see an imported price like an edited one.
    const after = new Map(
      (await r.rowsByIds(plan.groupUpdates.map((u) => u.before.id))).map((p) => [p.id, p]),
    );
    const updated = [
      ...plan.updates.map((u) => {
        const was = current.get(u.before.id) ?? u.before;
        return {
          line: u.line,
          was,
          is: { ...was, ...u.patch, quantity: u.quantity ?? was.quantity },
          categories: u.categories,
        };
      }),
      ...plan.groupUpdates.map((u) => ({
        line: u.group.rows[0]!.line,
        was: current.get(u.before.id) ?? u.before,
        is: after.get(u.before.id) ?? u.before,
        categories: u.categories,
      })),
    ];
    const productAudits = updated.map(({ line, was, is, categories }) => {
      const before = currentCategories.get(was.id) ?? [];
      return auditRow(ctx, {
        action: 'product.updated',
        entity: 'product',
        entityId: was.id,
        summary: `Product "${is.name}" updated by line ${line} of the import "${sheet.fileName}"`,
        before: { ...auditable(was), quantity: was.quantity, category_ids: before },
        after: { ...auditable(is), quantity: is.quantity, category_ids: categories ?? before },
      });
    });
    for (let i = 0; i < productAudits.length; i += 1000)
      await insertRows(trx, 'audits', productAudits.slice(i, i + 1000));

    const created = newRows.length + groupRows.length;
    const updates = updated.length;
    const summary = `Imported products from "${sheet.fileName}": ${created} created, ${updates} updated, ${plan.unchanged} unchanged, ${report.rejected.length} rejected`;
    await writeAudit(trx, ctx, {
      action: 'product.imported',
      entity: 'product',
      summary,
      after: {
        file: sheet.fileName,
        created,
        updated: updates,
        unchanged: plan.unchanged,
        rejected: report.rejected.length,
        categories_created: newCategories.map((c) => c.name),
        updated_ids: updated.slice(0, 500).map((u) => u.was.id),
      },
    });
    return { created, updated: updates, unchanged: plan.unchanged };
  });
  if (result.created >= ANALYZE_AFTER_ROWS) {
    await refreshStatistics(ctx.db, [
      'products',
      'product_variants',
      'product_packs',
      'product_categories',
      'categories',
      'search_terms',
      'stock_movements',
    ]);
  }
  return { ...report, ...result, written: true };
}
