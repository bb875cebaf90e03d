import { sql, type Kysely } from 'kysely';

/**
 * Search without reading the products: each search word row carries the record's sort key
 * (its normalised name), and archived products' words are kept apart (`product_archived`), so a
 * search is answered, ordered and counted from `search_terms` alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_terms')
    .addColumn('sort_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update search_terms set sort_key = coalesce((select lower(substr(p.name, 1, 60)) from products p where p.id = search_terms.record_id), '') where kind = 'product'`.execute(
    db,
  );
  await sql`update search_terms set sort_key = coalesce((select lower(substr(c.first_name || ' ' || c.last_name, 1, 60)) from customers c where c.id = search_terms.record_id), '') where kind = 'customer'`.execute(
    db,
  );
  await sql`update search_terms set kind = 'product_archived' where kind = 'product' and record_id in (select id from products where status = 'archived')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update search_terms set kind = 'product' where kind = 'product_archived'`.execute(db);
  await db.schema.alterTable('search_terms').dropColumn('sort_key').execute();
}
