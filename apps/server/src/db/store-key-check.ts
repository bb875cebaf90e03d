import { appendFileSync } from 'node:fs';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
  type CompiledQuery,
} from 'kysely';
import { TENANT_TABLES } from './distribution.js';

/**
 * The mark of a statement that reads or writes several stores' rows on purpose (a user's list of
 * stores, a background worker's round over every store). Citus runs such a statement on every
 * worker; the check below lets it through and flags every other statement that names a tenant
 * table without its store.
 */
export const ACROSS_STORES_MARK = '/* across stores */';

/** Appends the mark to a query builder: `acrossStores(db.selectFrom('memberships')…)`. */
export function acrossStores<Q extends { modifyEnd(modifier: RawBuilder<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(` ${ACROSS_STORES_MARK}`));
}

const tenant = new Set(TENANT_TABLES);
const KEYWORDS = new Set([
  'where',
  'on',
  'set',
  'inner',
  'left',
  'right',
  'cross',
  'full',
  'join',
  'order',
  'group',
  'limit',
  'offset',
  'values',
  'select',
  'using',
  'returning',
  'for',
  'union',
  'default',
  'natural',
  'lateral',
  'having',
  'window',
]);

/** `from`/`join`/`update`/`into`/`delete from` followed by a table name and an optional alias. */
const TABLE_USE =
  /\b(from|join|update|into)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?"?([a-z_][a-z0-9_]*)"?)?/gi;

export interface StoreKeyProblem {
  table: string;
  sql: string;
}

/**
 * The tenant tables a statement names without filtering (or, for an insert, writing) their
 * `store_id`. A reading of the SQL text, not a parser: it asks that each use of a tenant table
 * `t` (or its alias `a`) is matched somewhere by `a.store_id =`, `a.store_id in`, or an
 * unqualified `store_id =` when the statement names one table. Good enough to keep the rule:
 * every query of a tenant table is built from the context's store id (architecture.md, Data).
 */
export function storeKeyProblems(statement: string): StoreKeyProblem[] {
  if (statement.includes(ACROSS_STORES_MARK)) return [];
  const text = statement.replace(/\s+/g, ' ');
  const scopeAt = scopes(text);
  const uses: Array<{ verb: string; table: string; alias: string; scope: number }> = [];
  for (const m of text.matchAll(TABLE_USE)) {
    const verb = m[1]!.toLowerCase();
    const table = m[2]!;
    const maybeAlias = m[3];
    const alias = maybeAlias && !KEYWORDS.has(maybeAlias.toLowerCase()) ? maybeAlias : table;
    uses.push({ verb, table, alias, scope: scopeAt(m.index) });
  }
  const tenantUses = uses.filter((u) => tenant.has(u.table));
  if (tenantUses.length === 0) return [];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A value: a parameter, a list, or a literal string.
  const VALUE = `(?:=\\s*(?:\\?|\\$\\d+|'[^']*')|in\\s*\\(|is not distinct from\\s*(?:\\?|\\$\\d+))`;
  const key = (alias: string, scope: number) => `${scope}:${alias}`;
  // A use is covered by a filter on its alias's store_id by value in the same (sub)query.
  const covered = new Set<string>();
  for (const alias of new Set(tenantUses.map((u) => u.alias)))
    for (const m of text.matchAll(new RegExp(`"?${esc(alias)}"?\\."?store_id"?\\s*${VALUE}`, 'gi')))
      covered.add(key(alias, scopeAt(m.index)));
  // `a.store_id = b.store_id` between two tables of the same (sub)query: a co-located join,
  // routed with b. Between a subquery's table and one of the query around it (a correlation) it
  // is not: Citus prunes a subquery's shards by values, so such a subquery runs on every shard
  // and must name the store by value itself.
  const here = new Set(tenantUses.map((u) => key(u.alias, u.scope)));
  const edges = [
    ...text.matchAll(/"?([a-z_][a-z0-9_]*)"?\."?store_id"?\s*=\s*"?([a-z_][a-z0-9_]*)"?\."?store_id"?/gi),
  ]
    .map((m) => [key(m[1]!, scopeAt(m.index)), key(m[2]!, scopeAt(m.index))] as const)
    .filter(([a, b]) => here.has(a) && here.has(b));
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of edges)
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const)
        if (covered.has(y) && !covered.has(x)) {
          covered.add(x);
          grew = true;
        }
  }
  // An unqualified `store_id = ?` belongs to the one table of its (sub)query: count them against
  // the uses nothing else covers.
  const bareCount = [...text.matchAll(new RegExp(`(?:^|[^."\\w])"?store_id"?\\s*${VALUE}`, 'gi'))].length;
  const problems: StoreKeyProblem[] = [];
  const uncovered: StoreKeyProblem[] = [];
  for (const use of tenantUses) {
    if (use.verb === 'into') {
      const columns =
        text.slice(text.toLowerCase().indexOf('into')).match(/^into\s+[^(]*\(([^)]*)\)/i)?.[1] ?? '';
      if (!/"?store_id"?/.test(columns)) problems.push({ table: use.table, sql: statement });
      continue;
    }
    if (covered.has(key(use.alias, use.scope))) continue;
    uncovered.push({ table: use.table, sql: statement });
  }
  if (uncovered.length > bareCount) problems.push(...uncovered);
  return problems;
}

/**
 * Which (sub)query a position of the text is in: the position of the `(` opening the innermost
 * `(select …)` around it, or -1 at the top. Parentheses inside string literals are skipped.
 */
function scopes(text: string): (position: number) => number {
  const opens: number[] = [];
  const spans: Array<[start: number, end: number]> = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') opens.push(i);
    else if (c === ')') {
      const start = opens.pop();
      if (start !== undefined && /^\(\s*select\b/i.test(text.slice(start, start + 12)))
        spans.push([start, i]);
    }
  }
  return (position) => {
    let best = -1;
    let bestStart = -1;
    for (const [start, end] of spans)
      if (start < position && position < end && start > bestStart) {
        best = start;
        bestStart = start;
      }
    return best;
  };
}

/**
 * Fails every statement that names a tenant table without its store (tests run with it on every
 * engine, decision 0049): on Citus such a statement runs on every worker, the slow path a store's
 * request must never take. `compile` is the database's own compiler, so the check reads the SQL
 * the engine receives.
 */
export class StoreKeyCheck implements KyselyPlugin {
  readonly problems: StoreKeyProblem[] = [];
  constructor(private readonly compile: (node: RootOperationNode) => CompiledQuery) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.check(this.compile(args.node).sql);
    return args.node;
  }

  /** Throws for a statement breaking the rule (or lists it, with STORE_KEY_REPORT). */
  check(statement: string): void {
    const found = storeKeyProblems(statement);
    if (found.length) {
      this.problems.push(...found);
      // STORE_KEY_REPORT=<file> lists them instead of failing (to survey a whole suite at once).
      const report = process.env.STORE_KEY_REPORT;
      if (report) {
        for (const p of found) appendFileSync(report, `${JSON.stringify(p)}\n`);
        return;
      }
      throw new Error(
        `statement on ${found.map((p) => p.table).join(', ')} without its store_id (every statement on a tenant table filters by the store, or is marked ${ACROSS_STORES_MARK}): ${found[0]!.sql}`,
      );
    }
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
