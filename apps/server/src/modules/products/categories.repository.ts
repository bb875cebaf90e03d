import type { Category, CategoryRef } from '@tillbook/contract/products';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CategoriesTable } from './products.tables.js';

/**
 * The categories of one store and their links to products. `productsRepository` carries these
 * queries (callers reach them there); they are kept apart so the products' own statements stay
 * one readable file.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per insert statement, as for products (within both engines' parameter limits). */
const BATCH = 1000;

export function categoriesRepository(db: Db, storeId: string) {
  return {
    async listCategories(): Promise<Category[]> {
      // A count per category from the (store_id, category_id) index, rather than grouping
      // every product link of the store.
      const { rows } = await sql<
        Omit<Category, 'products_count'> & { products_count: number }
      >`select c.id, c.name, c.description, c.created_at, c.updated_at,
          (select count(*) from product_categories pc where pc.store_id = ${storeId} and pc.category_id = c.id) as products_count
        from categories c where c.store_id = ${storeId} order by c.id desc`.execute(db);
      return rows.map((r) => ({ ...r, products_count: r.products_count }));
    },

    async categoriesByIds(ids: string[]): Promise<CategoryRef[]> {
      if (!ids.length) return [];
      return db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .execute();
    },

    async categoriesByNames(names: string[]): Promise<Array<CategoryRef & { key: string }>> {
      if (!names.length) return [];
      return db
        .selectFrom('categories')
        .select(['id', 'name', sql<string>`lower(name)`.as('key')])
        .where('store_id', '=', storeId)
        .where(
          sql`lower(name)`,
          'in',
          names.map((n) => n.toLowerCase()),
        )
        .execute();
    },

    async productIdsInCategory(categoryId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('product_categories')
        .select('product_id')
        .where('store_id', '=', storeId)
        .where('category_id', '=', categoryId)
        .execute();
      return new Set(rows.map((r) => r.product_id));
    },

    async insertCategories(rows: CategoriesTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insertInto('categories')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    },
  };
}
