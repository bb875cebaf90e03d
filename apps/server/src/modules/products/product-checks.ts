import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { uniqueViolationText } from '../../lib/sql.js';
import type { ProductsRepository } from './products.repository.js';
import { variantsRepository } from './variants.repository.js';
import type { VariantsBody } from './variants.service.js';

/**
 * The checks a product's create and update share, before and around their transaction: codes
 * free in the store, categories of the store, and a unique violation turned into the 409 that
 * names the code. Apart from `products.service.ts` so the use cases read on their own.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Which of a product's unique fields a database unique violation is about, if any. */
export function duplicateProductField(error: unknown): 'sku' | 'barcode' | null {
  const text = uniqueViolationText(error);
  if (/sku/.test(text)) return 'sku';
  if (/barcode/.test(text)) return 'barcode';
  return null;
}

const duplicateError = (field: 'sku' | 'barcode', value: string, owner?: string) =>
  conflict(
    `${field === 'sku' ? 'SKU' : 'Barcode'} "${value}" is already used${owner ? ` by "${owner}"` : ''}.`,
    { [field]: `This ${field === 'sku' ? 'SKU' : 'barcode'} is already used by another product` },
  );

export async function rethrowDuplicate<T>(
  work: Promise<T>,
  codes: { sku?: string | null; barcode?: string | null },
) {
  try {
    return await work;
  } catch (error) {
    const field = duplicateProductField(error);
    if (field) throw duplicateError(field, codes[field] ?? '');
    throw error;
  }
}

/** A product's codes against every variant's and pack's of the store (decision 0064). */
export async function assertCodesFree(
  db: Db,
  storeId: string,
  codes: { sku?: string | null; barcode?: string | null },
  exceptId?: string,
): Promise<void> {
  const found = await variantsRepository(db, storeId).owners(
    codes.sku ? [codes.sku] : [],
    codes.barcode ? [codes.barcode] : [],
  );
  for (const o of found) {
    if (o.productId === exceptId) continue;
    if (o.kind === 'sku') throw duplicateError('sku', o.code, o.productName);
    throw duplicateError('barcode', o.code, o.productName);
  }
}

/** The body names options, variants or packs: the product's variants change with it. */
export const touchesVariants = (body: VariantsBody) =>
  body.options !== undefined || body.variants !== undefined || body.packs !== undefined;

export async function checkCategoryIds(
  repo: ProductsRepository,
  ids: string[] | null | undefined,
): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) return [];
  const found = new Set((await repo.categoriesByIds(unique)).map((c) => c.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', 'Choose categories of this store.', {
      fields: { category_ids: `Unknown category: ${missing.join(', ')}` },
    });
  }
  return unique;
}
