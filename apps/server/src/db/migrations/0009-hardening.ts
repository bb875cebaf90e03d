/* eslint-disable @typescript-eslint/no-explicit-any -- written for both engines, before the tables have types */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const BATCH = 5000;

/**
 * Issue 15.
 * - `search_suffixes`: customers are found by a part inside a word (decision 0017); filled here
 *   from the customers' terms already in `search_terms`.
 * - Web addresses other than http(s) (a `javascript:` store website) are cleared: the API takes
 *   only http and https now, and such an address must not reach a link or an invoice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const byteOrder = (c: { notNull(): any }) =>
    postgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull();
  await db.schema
    .createTable('search_suffixes')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('suffix', 'text', byteOrder)
    .addColumn('term', 'text', byteOrder)
    .addPrimaryKeyConstraint('search_suffixes_pk', ['store_id', 'kind', 'suffix', 'term'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute();

  // The customers' terms, record by record (keyset pages on the primary key's order).
  let after: { store_id: string; term: string; record_id: string } | null = null;
  const pending = new Map<string, { store_id: string; suffix: string; term: string }>();
  const flush = async () => {
    const rows = [...pending.values()].map((r) => ({ ...r, kind: 'customer' }));
    pending.clear();
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('search_suffixes')
        .values(rows.slice(i, i + 1000))
        .onConflict((oc: any) => oc.doNothing())
        .execute();
    }
  };
  for (;;) {
    let q = db
      .selectFrom('search_terms')
      .select(['store_id', 'term', 'record_id'])
      .where('kind', '=', 'customer')
      .orderBy('store_id')
      .orderBy('term')
      .orderBy('record_id')
      .limit(BATCH);
    if (after) {
      const a: { store_id: string; term: string; record_id: string } = after;
      q = q.where((eb: any) =>
        eb.or([
          eb('store_id', '>', a.store_id),
          eb.and([eb('store_id', '=', a.store_id), eb('term', '>', a.term)]),
          eb.and([
            eb('store_id', '=', a.store_id),
            eb('term', '=', a.term),
            eb('record_id', '>', a.record_id),
          ]),
        ]),
      );
    }
    const rows = (await q.execute()) as Array<{ store_id: string; term: string; record_id: string }>;
    if (!rows.length) break;
    // Suffixes depend on the term alone except for those equal to another term of the same
    // record, which only saves rows: each term is cut on its own here.
    for (const row of rows) {
      for (const { suffix, term } of innerSuffixes([row.term])) {
        pending.set(`${row.store_id}\n${suffix}\n${term}`, { store_id: row.store_id, suffix, term });
      }
    }
    if (pending.size >= BATCH) await flush();
    after = rows[rows.length - 1]!;
  }
  await flush();

  for (const table of ['stores', 'users', 'vendors']) {
    await sql`update ${sql.table(table)} set website = null where website is not null and lower(website) not like 'http://%' and lower(website) not like 'https://%'`.execute(
      db,
    );
  }
}

/**
 * The inner suffixes (3 characters or more, not the term itself) of some terms, each with the
 * first term that holds it. A copy of `innerSuffixes` in `lib/search-index.ts` as it was when
 * this migration shipped (decision 0050: a migration imports no live code): the app keeps its
 * suffixes with its own copy, and this one says what the migration filled, for good.
 */
function innerSuffixes(terms: readonly string[]): Array<{ suffix: string; term: string }> {
  const own = new Set(terms);
  const found = new Map<string, string>();
  for (const term of terms) {
    const chars = [...term];
    for (let i = 1; i + MIN_INSIDE_WORD_LENGTH <= chars.length; i++) {
      const suffix = chars.slice(i).join('');
      if (!own.has(suffix) && !found.has(suffix)) found.set(suffix, term);
    }
  }
  return [...found].map(([suffix, term]) => ({ suffix, term }));
}
const MIN_INSIDE_WORD_LENGTH = 3;

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_suffixes').ifExists().execute();
}
