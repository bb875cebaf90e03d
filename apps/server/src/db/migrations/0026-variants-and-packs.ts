import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 33 (decision 0064): variants and packs.
 * - `products.options`: the product's options as JSON, `[{ "name": "Size", "values": ["S", "M"] }]`;
 *   `variant_count` (active variants) and `pack_count` (their packs) kept beside them.
 * - `product_variants`: each sellable combination with its own codes, prices and stock in base
 *   units. Every product gets one; the first of each product has the product's own id, so every
 *   existing reference to a product (an order line, a ledger row, a till's cached sale) names its
 *   variant too. `products.quantity` stays the sum of its variants' quantities, moved in the same
 *   statement group as theirs.
 * - `product_packs`: the packs a variant is also sold and bought in (`carton` = 24 units).
 * - `stock_movements.variant_id`, and on order and purchase-order lines the variant, its name as
 *   sold, the pack and its factor; existing rows name the product's own variant and factor 1.
 *
 * On PostgreSQL the keys lead with `store_id` and, on Citus, the new tables are distributed with
 * the store's other rows (decision 0049). Self-contained (decision 0050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('products')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Kept with the variants and packs: a product with one variant and no pack (most) is answered
  // from its own row, with no read of the variant tables.
  await db.schema
    .alterTable('products')
    .addColumn('variant_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('pack_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('store_id', 'text', (c) =>
      postgres ? c.notNull() : c.notNull().references('stores.id').onDelete('cascade'),
    )
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) =>
      postgres ? c.notNull() : c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('option_values', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('barcode', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost_price', 'bigint')
    .addColumn('sale_price', 'bigint')
    .addColumn('track_stock', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('low_stock_threshold', 'bigint', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_variants_pkey', ['store_id', 'id'])
    .addUniqueConstraint('product_variants_store_sku_key', ['store_id', 'sku'])
    .addUniqueConstraint('product_variants_store_barcode_key', ['store_id', 'barcode'])
    .execute();
  await db.schema
    .createIndex('product_variants_product')
    .on('product_variants')
    .columns(['store_id', 'product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_packs')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('factor', 'integer', (c) => c.notNull())
    .addColumn('barcode', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_packs_pkey', ['store_id', 'id'])
    .addUniqueConstraint('product_packs_variant_name_key', ['store_id', 'variant_id', 'name'])
    .$call((t) =>
      postgres
        ? t
        : t.addForeignKeyConstraint(
            'product_packs_variant_fkey',
            ['store_id', 'variant_id'],
            'product_variants',
            ['store_id', 'id'],
            (c) => c.onDelete('cascade'),
          ),
    )
    .execute();
  await db.schema
    .createIndex('product_packs_store_barcode_key')
    .on('product_packs')
    .columns(['store_id', 'barcode'])
    .unique()
    .where(sql.ref('barcode'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('product_packs_product')
    .on('product_packs')
    .columns(['store_id', 'product_id'])
    .execute();

  if (postgres) {
    const { rows } = await sql<{ citus: boolean }>`
      select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
    if (rows[0]?.citus) {
      await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
      const { rows: names } = await sql<{ variants: string; packs: string; roles: string }>`
        select 'product_variants'::regclass::text as variants, 'product_packs'::regclass::text as packs,
          'roles'::regclass::text as roles`.execute(db);
      for (const table of [names[0]!.variants, names[0]!.packs]) {
        await sql`select create_distributed_table(${sql.lit(table)}, 'store_id',
          colocate_with => ${sql.lit(names[0]!.roles)})`.execute(db);
      }
    }
    // Added after distribution: Citus distributes a table that references no local table.
    await sql`alter table product_variants add constraint product_variants_store_id_fkey
      foreign key (store_id) references stores (id) on delete cascade`.execute(db);
    await sql`alter table product_variants add constraint product_variants_product_fkey
      foreign key (store_id, product_id) references products (store_id, id) on delete cascade`.execute(db);
    await sql`alter table product_packs add constraint product_packs_variant_fkey
      foreign key (store_id, variant_id) references product_variants (store_id, id) on delete cascade`.execute(
      db,
    );
  }

  // Every product's own variant: its id, codes, prices and stock.
  await sql`insert into product_variants (store_id, id, product_id, position, option_values, name, sku,
      barcode, price, cost_price, sale_price, track_stock, quantity, low_stock_threshold, image, status,
      created_at, updated_at)
    select store_id, id, id, 0, '{}', '', sku, barcode, price, cost_price, sale_price, track_stock,
      quantity, low_stock_threshold, null, 'active', created_at, updated_at
    from products`.execute(db);

  await db.schema.alterTable('stock_movements').addColumn('variant_id', 'text').execute();
  await sql`update stock_movements set variant_id = product_id`.execute(db);

  for (const table of ['order_items', 'purchase_order_items'] as const) {
    await db.schema.alterTable(table).addColumn('variant_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('variant_name', 'text').execute();
    await db.schema.alterTable(table).addColumn('pack', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('pack_factor', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update ${sql.table(table)} set variant_id = product_id`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_items', 'purchase_order_items'] as const) {
    for (const column of ['pack_factor', 'pack', 'variant_name', 'variant_id']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.alterTable('stock_movements').dropColumn('variant_id').execute();
  await db.schema.dropTable('product_packs').execute();
  await db.schema.dropTable('product_variants').execute();
  for (const column of ['pack_count', 'variant_count', 'options']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
