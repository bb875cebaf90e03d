import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { limitCount } from './sql.js';

/**
 * Word-prefix search shared by searchable records (products, customers …).
 *
 * Each record's searchable text is cut into normalised words (lower case, accents removed,
 * split on anything that is not a letter or digit) stored in `search_terms`. A search matches the
 * records having, for every word typed, a stored word that starts with it: "peak 400" finds
 * "Peak Milk 400g". A prefix is a range on the primary key (`term >= 'peak' and term < 'peak\u{10ffff}'`),
 * so a search costs an index range scan on both engines, where `lower(name) like '%peak%'` reads
 * every row of the store. Terms compare byte-wise: SQLite's BINARY collation and the "C"
 * collation declared for the column on PostgreSQL.
 */
export interface SearchTermsTable {
  store_id: string;
  kind: string;
  term: string;
  record_id: string;
  /** The record's normalised name, so matches can be ordered without reading the records. */
  sort_key: string;
}

declare module '../db/schema.js' {
  interface Database {
    search_terms: SearchTermsTable;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** What a term belongs to; archived products are kept apart so a search of active ones never reads them. */
export type SearchKind = 'product' | 'product_archived' | 'customer';

const MAX_TERM_LENGTH = 40;
const MAX_TERMS_PER_RECORD = 48;
const MAX_QUERY_WORDS = 6;
const SORT_KEY_LENGTH = 60;
/** The largest code point: every string starting with a prefix sorts before prefix + this. */
const TOP = '\u{10FFFF}';

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export const sortKeyOf = (text: string) => normaliseText(text).slice(0, SORT_KEY_LENGTH);

/** The distinct words of some texts, as stored and as searched. */
export function wordsOf(...texts: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of normaliseText(text).split(/[^\p{L}\p{N}]+/u)) {
      if (word) words.add(word.slice(0, MAX_TERM_LENGTH));
    }
  }
  return [...words].slice(0, MAX_TERMS_PER_RECORD);
}

export interface SearchRecord {
  recordId: string;
  terms: string[];
  sortKey: string;
}

const BATCH = 1000;

/** Adds the terms of new records. */
export async function insertSearchTerms(
  db: Db,
  storeId: string,
  kind: SearchKind,
  records: SearchRecord[],
): Promise<void> {
  const rows = records.flatMap((r) =>
    r.terms.map((term) => ({ store_id: storeId, kind, term, record_id: r.recordId, sort_key: r.sortKey })),
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('search_terms')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Removes every term of some records, of any kind. */
export async function deleteSearchTerms(db: Db, storeId: string, recordIds: string[]): Promise<void> {
  for (let i = 0; i < recordIds.length; i += BATCH) {
    await db
      .deleteFrom('search_terms')
      .where('store_id', '=', storeId)
      .where('record_id', 'in', recordIds.slice(i, i + BATCH))
      .execute();
  }
}

/** Replaces a record's terms (its text, name or kind changed). */
export async function setSearchTerms(
  db: Db,
  storeId: string,
  kind: SearchKind,
  record: SearchRecord,
): Promise<void> {
  await deleteSearchTerms(db, storeId, [record.recordId]);
  await insertSearchTerms(db, storeId, kind, [record]);
}

/**
 * The words of a search, at most a few, longest first (the most selective drives the lookup);
 * empty when the text has no letter or digit. A search of only digits and separators
 * ("0803 123 4567") is one number.
 */
export function queryWords(query: string): string[] {
  if (/^[\d\s()+.-]+$/.test(query) && /\d/.test(query)) {
    return [query.replace(/\D/g, '').slice(0, MAX_TERM_LENGTH)];
  }
  return wordsOf(query)
    .slice(0, MAX_QUERY_WORDS)
    .sort((a, b) => b.length - a.length);
}

/**
 * The terms a phone number is found by: its digits as stored, and for a Nigerian number both the
 * international (234803…) and the local (0803…, 803…) forms people type.
 */
export function phoneTerms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return [];
  const terms = new Set([digits]);
  if (digits.startsWith('234') && digits.length === 13) {
    terms.add(`0${digits.slice(3)}`);
    terms.add(digits.slice(3));
  } else if (digits.startsWith('0') && digits.length === 11) {
    terms.add(digits.slice(1));
    terms.add(`234${digits.slice(1)}`);
  }
  return [...terms];
}

const wordRange = (storeId: string, kinds: SearchKind[], word: string) =>
  sql`select record_id from search_terms where store_id = ${storeId} and kind in (${sql.join(kinds)}) and term >= ${word} and term < ${word + TOP}`;

/**
 * A condition on `idColumn` (a `<table>.id` reference) matching the records that have, for every
 * word of the search, a term starting with it.
 */
export function matchesSearch(
  idColumn: string,
  storeId: string,
  kinds: SearchKind[],
  words: string[],
): RawBuilder<SqlBool> {
  if (!words.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.join(
    words.map((word) => sql`${sql.ref(idColumn)} in (${wordRange(storeId, kinds, word)})`),
    sql` and `,
  )}`;
}

/** The `from … where …` of the terms matching every word (the first, longest, drives). */
function matchedTerms(storeId: string, kinds: SearchKind[], words: string[]): RawBuilder<unknown> {
  const [first, ...rest] = words;
  const others = rest.length
    ? sql.join(
        rest.map((word) => sql`and t.record_id in (${wordRange(storeId, kinds, word)})`),
        sql` `,
      )
    : sql``;
  return sql`search_terms t where t.store_id = ${storeId} and t.kind in (${sql.join(kinds)}) and t.term >= ${first} and t.term < ${first + TOP} ${others}`;
}

/**
 * One page of matching record ids with their sort keys and the number of matches, from the
 * index alone: by name (`sort_key`) or newest first (ids are time-ordered). Ordering needs every
 * match anyway, so the total comes with the page (`count(*) over ()`), in the same statement.
 */
export function searchPage(
  storeId: string,
  kinds: SearchKind[],
  words: string[],
  page: { order: 'name' | 'newest'; dir: 'asc' | 'desc'; limit: number; offset: number },
): RawBuilder<{ id: string; sort_key: string; total: number | string }> {
  const order =
    page.order === 'name'
      ? sql.raw(`min(t.sort_key) ${page.dir}, t.record_id ${page.dir}`)
      : sql.raw(`t.record_id ${page.dir}`);
  return sql`select t.record_id as id, min(t.sort_key) as sort_key, count(*) over () as total from ${matchedTerms(storeId, kinds, words)} group by t.record_id order by ${order} limit ${limitCount(page.limit)} offset ${page.offset}`;
}

/** How many records match, from the index alone (when a page past the end left no row to tell). */
export async function searchCount(
  db: Db,
  storeId: string,
  kinds: SearchKind[],
  words: string[],
): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(distinct t.record_id) as n from ${matchedTerms(storeId, kinds, words)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
