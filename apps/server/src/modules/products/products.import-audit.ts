import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { auditRow, writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { insertRows } from '../../lib/insert-rows.js';
import type { Plan } from './products.import-plan.js';
import { productsRepository } from './products.repository.js';
import { auditable } from './products.service.js';
import type { CategoriesTable, ProductsTable } from './products.tables.js';

/**
 * An import's audit rows, written last in its transaction: one per updated product, and the
 * import's own. Apart from `products.import-write.ts`, whose writes they record.
 */

/** What the import did, as its audit rows tell it. */
export interface ImportDone {
  fileName: string;
  plan: Plan;
  /** The updated products as they were before the import, by id. */
  current: ReadonlyMap<string, ProductsTable>;
  currentCategories: ReadonlyMap<string, string[]>;
  created: number;
  newCategories: CategoriesTable[];
  rejected: number;
}

/** Writes the import's audit rows; returns the counts its report gives. */
export async function auditImport(
  trx: Transaction<Database>,
  ctx: StoreContext,
  { fileName, plan, current, currentCategories, created, newCategories, rejected }: ImportDone,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const r = productsRepository(trx, ctx.storeId);
  // One `product.updated` row per updated product, as a product edit writes, in the import's
  // transaction: the price history (`sellingPricesAt`, which checks a till's offline prices,
  // decision 0036) and the product's own history see an imported price like an edited one.
  const after = new Map((await r.rowsByIds(plan.groupUpdates.map((u) => u.before.id))).map((p) => [p.id, p]));
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
      summary: `Product "${is.name}" updated by line ${line} of the import "${fileName}"`,
      before: { ...auditable(was), quantity: was.quantity, category_ids: before },
      after: { ...auditable(is), quantity: is.quantity, category_ids: categories ?? before },
    });
  });
  for (let i = 0; i < productAudits.length; i += 1000)
    await insertRows(trx, 'audits', productAudits.slice(i, i + 1000));

  const updates = updated.length;
  const summary = `Imported products from "${fileName}": ${created} created, ${updates} updated, ${plan.unchanged} unchanged, ${rejected} rejected`;
  await writeAudit(trx, ctx, {
    action: 'product.imported',
    entity: 'product',
    summary,
    after: {
      file: fileName,
      created,
      updated: updates,
      unchanged: plan.unchanged,
      rejected,
      categories_created: newCategories.map((c) => c.name),
      updated_ids: updated.slice(0, 500).map((u) => u.was.id),
    },
  });
  return { created, updated: updates, unchanged: plan.unchanged };
}
