import {
  MAX_PACKS,
  type ImportReport,
  type ProductOption,
  type ProductPack,
} from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newImportReport } from '../../lib/import-reply.js';
import { ANALYZE_AFTER_ROWS, refreshStatistics } from '../../lib/sql.js';
import { minorDigits, readSheetUpload } from '../../lib/spreadsheet.js';
import { validate } from './product-file-rows.js';
import { ALIASES } from './product-file.js';
import { productReads } from './product-reads.repository.js';
import type { CurrentVariant, ExistingProduct } from './products.import-group-rows.js';
import { matchUnits } from './products.import-match.js';
import { mergePacks, samePacks } from './products.import-packs.js';
import type { PlainRow } from './products.import-plan.js';
import { fileCodes, rejectGroup, unitsOf } from './products.import-units.js';
import { planGroup, type GroupPlan } from './products.import-variants.js';
import { writeImport } from './products.import-write.js';
import { productsRepository } from './products.repository.js';
import type { ProductsTable } from './products.tables.js';
import { variantsRepository } from './variants.repository.js';

const optionsOf = (row: Pick<ProductsTable, 'options'>) => JSON.parse(row.options || '[]') as ProductOption[];

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
  const codes = await fileCodes(ctx, sheet.rows);
  const units = unitsOf(sheet.rows, sheet.columns, digits, codes, report);
  const matched = await matchUnits(ctx, units, codes, report);
  const { barcodeOwners } = codes;

  const rows = new Map(
    (
      await productsRepository(ctx.db, ctx.storeId).rowsByIds(
        matched.flatMap((m) => (m.productId ? [m.productId] : [])),
      )
    ).map((r) => [r.id, r]),
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
          report,
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

  const result = await ctx.db.transaction().execute((trx) =>
    writeImport(trx, ctx, {
      fileName: sheet.fileName,
      valid,
      groups,
      categoryNames,
      currentCategories,
      codes,
      rejected: report.rejected.length,
    }),
  );
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
