import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { limitCount } from './sql.js';

/**
 * Word search shared by searchable records (products, customers …).
 *
 * Each record's searchable text is cut into normalised words (lower case, accents removed,
 * split on anything that is not a letter or digit) stored in `search_terms`. A search matches the
 * records having, for every word typed, a stored word that starts with it: "peak 400" finds
 * "Peak Milk 400g". A prefix is a range on the primary key (`term >= 'peak' and term < 'peak\u{10ffff}'`),
 * so a search costs an index range scan on both engines, where `lower(name) like '%peak%'` reads
 * every row of the store. Terms compare byte-wise: SQLite's BINARY collation and the "C"
 * collation declared for the column on PostgreSQL. Customers are also found by a part inside a
 * word ("bayo" finds "Adebayo", "4567" a phone number's last digits): see `search_suffixes`.
 */
export interface SearchTermsTable {
  store_id: string;
  kind: string;
  term: string;
  record_id: string;
  /** The record's normalised name, so matches can be ordered without reading the records. */
  sort_key: string;
}

/**
 * The inner suffixes of the terms of kinds searched inside words (customers): `bayo` →
 * `adebayo` (one row per suffix and term, shared by every record having the term). A search
 * word of 3 or more letters matches a term starting with it, or a term having a suffix starting
 * with it: a key range here, then the term's key range in `search_terms`.
 */
export interface SearchSuffixesTable {
  store_id: string;
  kind: string;
  suffix: string;
  term: string;
}

declare module '../db/schema.js' {
  interface Database {
    search_terms: SearchTermsTable;
    search_suffixes: SearchSuffixesTable;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** What a term belongs to; archived products are kept apart so a search of active ones never reads them. */
export type SearchKind = 'product' | 'product_archived' | 'customer';

/** Kinds whose terms are found by a part inside them, not only by their start (issue 15). */
const INSIDE_WORD_KINDS: ReadonlySet<SearchKind> = new Set(['customer']);
/** Shorter search words match word starts only: one or two letters inside words match nearly everything. */
export const MIN_INSIDE_WORD_LENGTH = 3;
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

/**
 * The inner suffixes (3 characters or more, not the term itself) of some terms, each with the
 * first term that holds it. A suffix that is itself one of the terms is left out: the term's own
 * key range finds it (a phone's `8031234567` is a term, and a suffix of `2348031234567`).
 */
export function innerSuffixes(terms: readonly string[]): Array<{ suffix: string; term: string }> {
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

async function insertSuffixes(db: Db, storeId: string, kind: SearchKind, terms: Iterable<readonly string[]>) {
  const rows = new Map<string, { store_id: string; kind: string; suffix: string; term: string }>();
  for (const recordTerms of terms) {
    for (const { suffix, term } of innerSuffixes(recordTerms)) {
      rows.set(`${suffix}\n${term}`, { store_id: storeId, kind, suffix, term });
    }
  }
  const values = [...rows.values()];
  for (let i = 0; i < values.length; i += BATCH) {
    await db
      .insertInto('search_suffixes')
      .values(values.slice(i, i + BATCH))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Forgets the suffixes of terms no record of the kind has any more (a renamed customer's old name). */
async function pruneSuffixes(db: Db, storeId: string, kind: SearchKind, terms: string[]): Promise<void> {
  if (!terms.length) return;
  await db
    .deleteFrom('search_suffixes')
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('term', 'in', terms)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('search_terms as t')
            .select(sql.lit(1).as('one'))
            .where('t.store_id', '=', storeId)
            .where('t.kind', '=', kind)
            .whereRef('t.term', '=', 'search_suffixes.term'),
        ),
      ),
    )
    .execute();
}

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
  if (INSIDE_WORD_KINDS.has(kind))
    await insertSuffixes(
      db,
      storeId,
      kind,
      records.map((r) => r.terms),
    );
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

/**
 * Replaces a record's terms (its text, name or kind changed). `previousTerms` lets the suffixes
 * of terms that no record has any more go too.
 */
export async function setSearchTerms(
  db: Db,
  storeId: string,
  kind: SearchKind,
  record: SearchRecord,
  previousTerms: readonly string[] = [],
): Promise<void> {
  await deleteSearchTerms(db, storeId, [record.recordId]);
  await insertSearchTerms(db, storeId, kind, [record]);
  if (INSIDE_WORD_KINDS.has(kind)) {
    const kept = new Set(record.terms);
    await pruneSuffixes(
      db,
      storeId,
      kind,
      previousTerms.filter((t) => !kept.has(t)),
    );
  }
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

/**
 * The `search_terms` rows (`columns`) a search word matches: terms starting with it and, for a
 * word of 3 or more letters and kinds searched inside words, terms having an inner suffix that
 * starts with it. Two key ranges joined by `union all`: an `or` between them made both engines
 * read every term of the store. A term found both ways comes twice; callers group by record.
 */
function matchingRows(
  storeId: string,
  kinds: SearchKind[],
  word: string,
  columns: string,
): RawBuilder<unknown> {
  const from = sql`select ${sql.raw(columns)} from search_terms where store_id = ${storeId} and kind in (${sql.join(kinds)})`;
  const starts = sql`${from} and term >= ${word} and term < ${word + TOP}`;
  const inside = insideWordKinds(kinds, word);
  if (!inside.length) return starts;
  return sql`${starts} union all ${from} and term in (select term from search_suffixes where store_id = ${storeId} and kind in (${sql.join(inside)}) and suffix >= ${word} and suffix < ${word + TOP})`;
}

/** The kinds a word is looked for inside words of (none for a word of one or two letters). */
const insideWordKinds = (kinds: SearchKind[], word: string) =>
  [...word].length < MIN_INSIDE_WORD_LENGTH ? [] : kinds.filter((k) => INSIDE_WORD_KINDS.has(k));

const wordRange = (storeId: string, kinds: SearchKind[], word: string) =>
  matchingRows(storeId, kinds, word, 'record_id');

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
  const [first, ...rest] = words as [string, ...string[]];
  const others = rest.map((word) => sql`t.record_id in (${wordRange(storeId, kinds, word)})`);
  if (!insideWordKinds(kinds, first).length) {
    // Word starts only (products): the terms' key range itself, as measured in decision 0004.
    return sql`search_terms t where t.store_id = ${storeId} and t.kind in (${sql.join(kinds)}) and t.term >= ${first} and t.term < ${first + TOP}${sql.join(
      others.map((o) => sql` and ${o}`),
      sql``,
    )}`;
  }
  const rows = sql`(${matchingRows(storeId, kinds, first, 'record_id, sort_key')}) t`;
  return others.length ? sql`${rows} where ${sql.join(others, sql` and `)}` : rows;
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
): RawBuilder<{ id: string; sort_key: string; total: number }> {
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
    n: number;
  }>`select count(distinct t.record_id) as n from ${matchedTerms(storeId, kinds, words)}`.execute(db);
  return rows[0]?.n ?? 0;
}
