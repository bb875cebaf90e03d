// The house's circle rule (eslint-rules/no-import-circle.js, decision 0052): a circle closed by a
// type-only import is reported; a chain without a circle, and a lazy import(), are not.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from '../eslint-rules/no-import-circle.js';

function lint(files, entry, options = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'circle-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const linter = new Linter({ cwd: dir });
    const config = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { tillbook: { rules: { 'no-import-circle': rule } } },
        rules: { 'tillbook/no-import-circle': ['error', options] },
      },
    ];
    const file = path.join(dir, entry);
    return linter.verify(files[entry], config, { filename: file }).map((m) => m.message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const circle = {
  'quote.ts':
    "import { localQuote } from './local';\nexport type QuoteBody = { items: string[] };\nexport const q = localQuote;\n",
  'local.ts': "import type { QuoteBody } from './quote';\nexport const localQuote = (b: QuoteBody) => b;\n",
};

test('a circle closed by a type-only import is reported, from either end', () => {
  assert.deepEqual(lint(circle, 'quote.ts'), [
    'Import circle (type-only imports count): quote.ts → local.ts → quote.ts',
  ]);
  assert.deepEqual(lint(circle, 'local.ts'), [
    'Import circle (type-only imports count): local.ts → quote.ts → local.ts',
  ]);
});

test('a longer circle through a re-export is reported', () => {
  const files = {
    'a.ts': "import type { C } from './b';\nexport type A = C;\n",
    'b.ts': "export * from './c';\n",
    'c.ts': "import type { A } from './a.js';\nexport type C = A | string;\n",
  };
  assert.deepEqual(lint(files, 'a.ts'), [
    'Import circle (type-only imports count): a.ts → b.ts → c.ts → a.ts',
  ]);
});

test('no circle, or one closed only by import(), is not reported', () => {
  const files = {
    'a.ts': "import { b } from './b';\nexport const a = b;\n",
    'b.ts': "export const b = 1;\nexport const later = () => import('./a');\n",
  };
  assert.deepEqual(lint(files, 'a.ts'), []);
  assert.deepEqual(lint(files, 'b.ts'), []);
});

test('a circle listed as allowed is not reported; one that leaves the list is', () => {
  assert.deepEqual(lint(circle, 'quote.ts', { allowed: [['quote.ts', 'local.ts']] }), []);
  assert.equal(lint(circle, 'quote.ts', { allowed: [['quote.ts', 'other.ts']] }).length, 1);
});
