import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 18 (top customers, top products and sales by item over a range, at a million orders): a
 * range's customer or product days are read in key order (store, day, …) and added up per
 * customer or product, so the key alone should carry what is added up.
 *
 * PostgreSQL: the primary key includes the numbers, so the read is an index-only scan of the
 * range instead of a visit to every row (the bench's year of 155,000 customer days: 190 ms to
 * 67 ms). An update of the numbers then moves the row's key entry (no HOT update), which the
 * half-empty pages of migration 0011 were for; the rows are now written by the roll-up (decision
 * 0031, addendum "Changes rolled up after the commit"), a few hundred a store every two seconds
 * at most, so pages are filled instead.
 *
 * SQLite: the tables are rebuilt `without rowid`, their rows kept in the key's order, so a range
 * is one scan of the table instead of the key's index and a row lookup per entry, and the
 * roll-up's upsert finds and writes one B-tree instead of two.
 */
const TABLES = [
  { table: 'sales_customer_days', key: 'customer_id', numbers: ['orders', 'spent'] },
  { table: 'sales_product_days', key: 'product_id', numbers: ['units', 'revenue', 'cost'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, key, numbers } of TABLES) {
    const pkey = `${table}_pkey`;
    if (postgres) {
      await sql`alter table ${sql.table(table)}
        drop constraint ${sql.ref(pkey)},
        add constraint ${sql.ref(pkey)} primary key (store_id, day, ${sql.ref(key)})
        include (${sql.join(numbers.map((n) => sql.ref(n)))})`.execute(db);
      await sql`alter table ${sql.table(table)} set (fillfactor = 100)`.execute(db);
      continue;
    }
    const keyed = `${table}_keyed`;
    await db.schema
      .createTable(keyed)
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn(key, 'text', (c) => c.notNull())
      .$call((b) => {
        let t = b;
        for (const n of numbers) t = t.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0));
        return t;
      })
      .addPrimaryKeyConstraint(pkey, ['store_id', 'day', key])
      .modifyEnd(sql`without rowid`)
      .execute();
    const columns = sql.join(['store_id', 'day', key, ...numbers].map((c) => sql.ref(c)));
    await sql`insert into ${sql.table(keyed)} (${columns})
      select ${columns} from ${sql.table(table)} order by store_id, day, ${sql.ref(key)}`.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(keyed).renameTo(table).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { table, key } of TABLES) {
    const pkey = `${table}_pkey`;
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(pkey)},
      add constraint ${sql.ref(pkey)} primary key (store_id, day, ${sql.ref(key)})`.execute(db);
    await sql`alter table ${sql.table(table)} set (fillfactor = 50)`.execute(db);
  }
}
