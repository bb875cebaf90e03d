import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `tillbook/no-import-circle`: no file may reach itself through its imports, **type-only imports
 * included** (decision 0052). `import-x/no-cycle` skips `import type` by design (it asks whether
 * a cycle can break at run time), so a circle of types went unseen: `quote-order.ts` ↔
 * `local-quote.ts` in the web till. A circle of types is still two files that cannot be
 * understood, moved or split one without the other.
 *
 * Static imports and re-exports count (`import`, `import type`, `export … from`); `import()`
 * does not (a lazy screen is loaded by the router that names it). Only relative specifiers are
 * followed: the workspace packages never import the apps. Other files are read from disk with
 * TypeScript's parser and kept for the run (by modification time); the file being linted is read
 * from its own syntax tree, so an unsaved edit counts.
 *
 * Option `allowed`: lists of files (relative to the repository) whose circle among themselves is
 * known and not yet removed. A circle that leaves such a list is reported as any other.
 */

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const cache = new Map();

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const bare = path.resolve(path.dirname(from), specifier.replace(/[?#].*$/, ''));
  const stem = bare.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    bare,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${bare}/index.ts`,
    `${bare}/index.tsx`,
  ];
  for (const file of candidates) {
    if (!SOURCE.test(file)) continue;
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The files a file imports statically (type-only included), read from disk. */
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = cache.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const imports = [];
  for (const statement of source.statements) {
    let specifier;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference)
    ) {
      specifier = statement.moduleReference.expression;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolve(file, specifier.text);
      if (target) imports.push(target);
    }
  }
  cache.set(file, { mtime, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `home`, or null. */
function routeBack(start, home) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === home) {
        const route = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included' },
    schema: [
      {
        type: 'object',
        properties: {
          allowed: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: { circle: 'Import circle (type-only imports count): {{route}}' },
  },
  create(context) {
    const home = context.physicalFilename;
    if (!SOURCE.test(home)) return {};
    const root = context.cwd;
    const allowed = (context.options[0]?.allowed ?? []).map(
      (files) => new Set(files.map((f) => path.resolve(root, f))),
    );
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolve(home, node.source.value);
      if (!target || target === home) return;
      const route = routeBack(target, home);
      if (!route) return;
      const circle = [home, ...route];
      if (allowed.some((set) => circle.every((f) => set.has(f)))) return;
      context.report({
        node,
        messageId: 'circle',
        data: { route: [...circle, home].map((f) => path.relative(root, f)).join(' → ') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      TSImportEqualsDeclaration(node) {
        const ref = node.moduleReference;
        if (ref.type === 'TSExternalModuleReference') check({ ...node, source: ref.expression });
      },
    };
  },
};
