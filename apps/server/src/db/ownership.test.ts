import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS, type TableName } from './ownership.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const TABLES = new Set(Object.keys(TABLE_OWNERS));

/** Query-builder calls that read the tables their first argument names (`'products as p'`, or a list). */
const READS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);
/** Every query-builder call that names tables: the reads and the writes. */
const BUILDER_CALLS = new Set([
  ...READS,
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);
/** The app's own writers that take a table name: `insertRows(db, 'x', …)`, `batch.add('x', …)`. */
const TABLE_ARGUMENT: Record<string, number> = { insertRows: 1, add: 0, addTo: 0 };
/** A table named in SQL text (raw `sql` templates and strings). */
const RAW_SQL = /\b(delete\s+from|from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/gi;

export interface TableReference {
  table: TableName;
  access: 'read' | 'write';
  /** `modules/<name>` folder, or `platform` for the code outside the modules. */
  area: string;
  file: string;
  line: number;
}

function areaOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'modules' ? parts[1]! : 'platform';
}

function tablesIn(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim().split(/\s+/)[0]!)
    .filter((t) => TABLES.has(t));
}

/** Every table a source file names in a query, by the AST (comments are not read). */
export function tableReferences(file: string, text: string): TableReference[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: TableReference[] = [];
  const add = (node: ts.Node, tables: string[], access: TableReference['access']) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const table of tables)
      found.push({ table: table as TableName, access, area: areaOf(file), file, line });
  };
  const literal = (node: ts.Node | undefined): string[] => {
    if (!node) return [];
    if (ts.isStringLiteralLike(node)) return tablesIn(node.text);
    if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(literal);
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (BUILDER_CALLS.has(name)) add(node, literal(node.arguments[0]), READS.has(name) ? 'read' : 'write');
      else if (name in TABLE_ARGUMENT) add(node, literal(node.arguments[TABLE_ARGUMENT[name]!]), 'write');
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const m of node.text.matchAll(RAW_SQL)) {
        const verb = m[1]!.toLowerCase();
        const table = m[2]!.toLowerCase();
        if (TABLES.has(table)) add(node, [table], verb === 'from' || verb === 'join' ? 'read' : 'write');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Code that reads or writes every table on purpose, and so is not one area's. */
const NOT_SCANNED = [
  /\.test\.ts$/,
  /^test\//, // test harness and fixtures
  /^db\/migrations\//, // a migration makes tables for every module
  /^db\/generated\.ts$/,
  /^db\/(distribution|store-key-check)\.ts$/, // every table's distribution key (decision 0049)
  /^ops\//, // backup and restore copy every table
  /^seed\//, // demo data for every module
];

export function allReferences(): TableReference[] {
  return sourceFiles(SRC)
    .filter((f) => !NOT_SCANNED.some((re) => re.test(f)))
    .flatMap((f) => tableReferences(f, readFileSync(path.join(SRC, f), 'utf8')));
}

interface Allowed {
  /** The module (or `platform`) that touches a table it does not own; `*` for any. */
  area: string;
  tables: TableName[];
  /** `read`: selects and joins only. `write`: anything. */
  access: 'read' | 'write';
  /** Only these files (relative to `src/`), when given. */
  files?: string[];
  why: string;
}

/**
 * The reads and writes of another module's tables that stay, each with its reason. Most go the
 * other way from the module floors (decision 0025: a lower module cannot call a higher one's
 * public face), or are joins for a name in a list's one statement. Keep it short: a new entry
 * is a decision, not a way to make the test pass.
 */
const ALLOWED: Allowed[] = [
  {
    area: 'shifts',
    tables: ['till_settings'],
    access: 'read',
    files: ['modules/shifts/shifts.repository.ts'],
    why: "every sale asks for the seller's open shift and the till's shift rule in one statement (decision 0063); the rule is a till setting, kept with the others the till reads",
  },
  {
    area: '*',
    tables: ['audits'],
    access: 'write',
    why: 'the audit trail is written in the acting transaction, by `lib/audit.ts` or in a batch (`insertRows`, `InsertBatch`); only `audits` reads it',
  },
  {
    area: 'platform',
    tables: ['sessions', 'users', 'stores', 'memberships', 'roles', 'webhook_endpoints'],
    access: 'read',
    files: ['plugins/request-context.ts'],
    why: "a request's session, user, store and permissions are read in one statement per request; plugins import no module",
  },
  {
    area: 'platform',
    tables: [
      'stores',
      'orders',
      'order_items',
      'sales_days',
      'sales_product_days',
      'sales_customer_days',
      'sales_products',
      'sales_customers',
    ],
    access: 'write',
    files: ['db/sales-figures-rebuild.ts'],
    why: "rebuilds reports' figures from the orders (decision 0031): used by reports' change of time zone and the figures' tests; reads orders, writes only the sales tables",
  },
  {
    area: 'orders',
    tables: ['payments_received'],
    access: 'write',
    files: ['modules/orders/order-placing.service.ts'],
    why: "the sale's payment row, made by payments-received's public face, joins the sale's one batched insert (the order path's statement budget)",
  },
  {
    area: 'subscriptions',
    tables: ['memberships', 'stores', 'users'],
    access: 'read',
    files: ['modules/subscriptions/plan-usage.queries.ts'],
    why: "decision 0025's read-only plan-usage reads: counting members and stores for a plan's limits, in one named file",
  },
  {
    area: 'wallet',
    tables: ['users'],
    access: 'read',
    files: ['modules/wallet/wallet-user-password.queries.ts'],
    why: 'decision 0025: a transfer asks for the password again; wallet sits below users and cannot call its public face',
  },
  {
    area: 'reports',
    tables: ['orders', 'order_items', 'payments_received', 'order_refunds'],
    access: 'read',
    files: ['modules/reports/report-orders.queries.ts'],
    why: "the reports of single orders and payments (recent orders, a range's counts) and the takings by payment type and cashier (money paid back is the refunds' amount, decision 0062); reports sits below orders, which calls it",
  },
  {
    area: 'customers',
    tables: ['orders'],
    access: 'read',
    files: ['modules/customers/customer-orders.queries.ts'],
    why: "a customer's orders and totals; customers sits below orders",
  },
  {
    area: 'products',
    tables: ['orders', 'order_items', 'purchase_order_items'],
    access: 'read',
    files: ['modules/products/product-orders.queries.ts'],
    why: "a product's sales and purchase history; products sits below orders and purchase-orders",
  },
  {
    area: 'products',
    tables: ['counters'],
    access: 'read',
    files: ['modules/products/product-reads.repository.ts'],
    why: "the list's total rides in the page's statement from the products' own counters (`lib/counters.ts` names them)",
  },
  {
    area: 'vendors',
    tables: ['purchase_orders'],
    access: 'read',
    files: ['modules/vendors/vendor-purchases.queries.ts', 'modules/vendors/vendors.repository.ts'],
    why: "a vendor's open purchase orders and totals; vendors sits below purchase-orders",
  },
  {
    area: 'purchase-orders',
    tables: ['vendors'],
    access: 'read',
    files: ['modules/purchase-orders/purchase-orders.repository.ts'],
    why: "the vendor's name joined in the purchase orders' list statement",
  },
  {
    area: 'members',
    tables: ['users', 'stores'],
    access: 'read',
    files: ['modules/members/members.repository.ts', 'modules/members/invitations.repository.ts'],
    why: 'names and emails joined in the members list and the invitation read, one statement each',
  },
  {
    area: 'developers',
    tables: ['stores'],
    access: 'read',
    files: ['modules/developers/developers.repository.ts'],
    why: "an API key's store joined in the key's one look-up per request",
  },
  {
    area: 'stores',
    tables: ['roles', 'memberships'],
    access: 'write',
    files: ['modules/stores/stores.repository.ts'],
    why: "a new store's built-in roles and owner membership are written in the store's transaction, and the store list joins them; stores sits below members",
  },
  {
    area: 'stores',
    tables: ['sessions'],
    access: 'write',
    files: ['modules/stores/stores.repository.ts'],
    why: "switching store sets the session's current store; stores sits below users",
  },
];

const allowed = (r: TableReference) =>
  ALLOWED.some(
    (a) =>
      (a.area === '*' || a.area === r.area) &&
      a.tables.includes(r.table) &&
      (a.access === 'write' || r.access === 'read') &&
      (!a.files || a.files.includes(r.file)),
  );

describe('table ownership (decision 0055)', () => {
  const references = allReferences();

  it('finds the queries (the scan reads builder calls, batch writers and SQL text)', () => {
    const at = (file: string) =>
      references.filter((r) => r.file === file).map((r) => `${r.access} ${r.table}`);
    expect(at('modules/products/stock.repository.ts')).toEqual(
      expect.arrayContaining(['write stock_movements', 'read products']),
    );
    // The stock update's fixed texts (SQL in template strings).
    expect(at('modules/products/stock-statements.ts')).toEqual(
      expect.arrayContaining(['read products', 'write products']),
    );
    expect(at('lib/idempotency.ts')).toEqual(expect.arrayContaining(['read idempotency_keys']));
    expect(new Set(references.map((r) => r.area)).size).toBeGreaterThan(15);
  });

  it('no module queries a table it does not own, but for the allow-list', () => {
    const foreign = references
      .filter((r) => TABLE_OWNERS[r.table] !== r.area && !allowed(r))
      .map(
        (r) => `${r.file}:${r.line} ${r.area} ${r.access}s ${r.table} (owned by ${TABLE_OWNERS[r.table]})`,
      );
    expect(foreign).toEqual([]);
  });

  it('every allow-list entry is still needed', () => {
    const unused = ALLOWED.filter(
      (a) =>
        !references.some(
          (r) =>
            TABLE_OWNERS[r.table] !== r.area &&
            (a.area === '*' || a.area === r.area) &&
            a.tables.includes(r.table),
        ),
    ).map((a) => `${a.area}: ${a.tables.join(', ')}`);
    expect(unused).toEqual([]);
  });

  it('every owner is a module folder or the platform', () => {
    const modules = new Set(readdirSync(path.join(SRC, 'modules')));
    const owners = new Set<string>(Object.values(TABLE_OWNERS));
    expect([...owners].filter((o) => o !== 'platform' && !modules.has(o))).toEqual([]);
  });
});
