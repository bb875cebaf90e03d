import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MODULES = fileURLToPath(new URL('../modules', import.meta.url));

/** The Kysely calls that start a statement on a table. */
const STATEMENTS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);
/** Where a module keeps its SQL (architecture.md, "Adding an area"): its repositories and query files. */
const SQL_FILE = /\.(repository|queries)\.ts$/;
/** What tests use to look behind the API (a store's ledger balances), beside the tests. */
const TEST_SUPPORT = /-test-support\.ts$/;

/** The places in a file that start a statement: a builder call or a `sql` template. */
export function statementsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (STATEMENTS.has(name)) at(node, name);
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql')
      at(node, 'sql`…`');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function moduleFiles(): string[] {
  return readdirSync(MODULES, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(MODULES, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('SQL stays in repositories and query files (issue 30)', () => {
  it('finds statements: builder calls and sql templates', () => {
    const text = [
      "const a = db.selectFrom('products').selectAll();",
      'const b = sql`select 1`;',
      "const c = trx.updateTable('orders').set({ status: 'x' });",
      'const d = list.filter((x) => x.selected);',
    ].join('\n');
    expect(statementsIn('x.ts', text)).toEqual(['x.ts:1 selectFrom', 'x.ts:2 sql`…`', 'x.ts:3 updateTable']);
  });

  it('no module file but a *.repository.ts or *.queries.ts starts a statement', () => {
    const files = moduleFiles();
    expect(files.length).toBeGreaterThan(100);
    const misplaced = files
      .filter((f) => !SQL_FILE.test(f) && !TEST_SUPPORT.test(f))
      .flatMap((f) => statementsIn(f, readFileSync(path.join(MODULES, f), 'utf8')));
    expect(misplaced).toEqual([]);
  });
});
