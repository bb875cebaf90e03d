import type { ImportReport, ImportRowError } from '@tillbook/contract/products';
import type { StoreContext } from '../../lib/context.js';
import type { ParsedRow } from './product-file-rows.js';
import { rejectGroup, type FileCodes, type Unit } from './products.import-units.js';
import { productsRepository } from './products.repository.js';
import type { CodeOwner } from './variants.repository.js';

/**
 * The product each unit of an import file is: rows match existing products by SKU, then barcode
 * (then by name when a row has neither); a row that repeats an earlier row's code or product,
 * or whose codes name two products, is rejected. Apart from `products.import.ts`, which runs the
 * import's steps.
 */

export type Matched =
  | { kind: 'plain'; row: ParsedRow; productId: string | undefined }
  | { kind: 'group'; rows: ParsedRow[]; productId: string | undefined };

const lower = (s: string) => s.toLowerCase();

/** The units matched to products, in file order; rejected rows go to the report. */
export async function matchUnits(
  ctx: StoreContext,
  units: Unit[],
  { skuOwners, barcodeOwners }: FileCodes,
  report: ImportReport,
): Promise<Matched[]> {
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
        report,
        rows.map((r) => r.line),
        errors,
      );
      continue;
    }
    keep(local);
    if (productId) firstLine.product.set(productId, first.line);
    matched.push({ kind: 'group', rows, productId });
  }
  return matched;
}
