import type { ImportReport, ImportRowError } from '@tillbook/contract/products';
import type { StoreContext } from '../../lib/context.js';
import type { SheetRow } from '../../lib/spreadsheet.js';
import { parseRow, type ParsedRow } from './product-file-rows.js';
import { FILE_PACKS } from './product-file.js';
import { variantsRepository, type CodeOwner } from './variants.repository.js';

/**
 * The rows of an import file as units, before any is matched to a product: a plain row, or the
 * consecutive rows of one product with options (decision 0064), parsed; and who holds the
 * file's codes already. Apart from `products.import.ts`, which runs the import's steps.
 */

export type Unit = { kind: 'plain'; row: ParsedRow } | { kind: 'group'; rows: ParsedRow[] };

/** The file's codes, and the variants and packs that hold them already. */
export interface FileCodes {
  skus: Set<string>;
  barcodes: Set<string>;
  skuOwners: Map<string, CodeOwner>;
  barcodeOwners: Map<string, CodeOwner>;
}

const lower = (s: string) => s.toLowerCase();
const OPTION_VALUES = [1, 2, 3].map((i) => `option${i}_value`);
const PACK_BARCODES = Array.from({ length: FILE_PACKS }, (_, i) => `pack${i + 1}_barcode`);
const cell = (row: SheetRow, key: string) => row.values[key] ?? '';

/** Who holds the file's codes already: a variant (its SKU or barcode) or a pack (its barcode). */
export async function fileCodes(ctx: StoreContext, rows: SheetRow[]): Promise<FileCodes> {
  const fileSkus = new Set<string>();
  const fileBarcodes = new Set<string>();
  for (const row of rows) {
    if (cell(row, 'sku')) fileSkus.add(cell(row, 'sku'));
    for (const key of ['barcode', ...PACK_BARCODES]) if (cell(row, key)) fileBarcodes.add(cell(row, key));
  }
  const owners = await variantsRepository(ctx.db, ctx.storeId).owners([...fileSkus], [...fileBarcodes]);
  const skuOwners = new Map(owners.filter((o) => o.kind === 'sku').map((o) => [o.code, o]));
  const barcodeOwners = new Map<string, CodeOwner>();
  // A variant's barcode before a pack's (`owners` lists variants first).
  for (const o of owners) if (o.kind !== 'sku' && !barcodeOwners.has(o.code)) barcodeOwners.set(o.code, o);
  return { skus: fileSkus, barcodes: fileBarcodes, skuOwners, barcodeOwners };
}

/** A product's lines are imported together: an error on one rejects each of them. */
export function rejectGroup(report: ImportReport, lines: number[], errors: ImportRowError[]): void {
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
}

/** The file's rows parsed into units; a row with an error is rejected, with its product's other rows. */
export function unitsOf(
  rows: SheetRow[],
  columns: Set<string>,
  digits: number,
  { skuOwners, barcodeOwners }: FileCodes,
  report: ImportReport,
): Unit[] {
  // Rows with option values group into products: consecutive rows of one name, parted where their
  // codes belong to two products (an export of two products of the same name).
  const grouped: Array<{ rows: SheetRow[]; grouped: boolean }> = [];
  let open: { rows: SheetRow[]; name: string; productId: string | undefined } | undefined;
  for (const row of rows) {
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

  const units: Unit[] = [];
  for (const unit of grouped) {
    const results = unit.rows.map((row) => parseRow(row, columns, digits));
    const errors = results.flatMap((r) => (Array.isArray(r) ? r : []));
    if (!unit.grouped) {
      if (errors.length) report.rejected.push(...errors);
      else units.push({ kind: 'plain', row: results[0] as ParsedRow });
    } else if (errors.length) {
      rejectGroup(
        report,
        unit.rows.map((r) => r.line),
        errors,
      );
    } else units.push({ kind: 'group', rows: results as ParsedRow[] });
  }
  return units;
}
