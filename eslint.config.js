import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import noImportCircle from './eslint-rules/no-import-circle.js';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const folders = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const MODULES = 'apps/server/src/modules';
const FEATURES = 'apps/web/src/features';
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * Module boundaries (decision 0025): a server module uses another only through its public face
 * (`<area>.public.ts`); lib, db, plugins and providers sit below every module; a web feature
 * never imports another feature (shared code lives in components/ and lib/). One zone per
 * module or feature folder, read from the tree, so a new one is covered without editing this.
 */
const serverZones = [
  ...folders(MODULES).map((area) => ({
    target: `${MODULES}/${area}/**`,
    from: `${MODULES}/!(${area})/**`,
    except: [`**/${MODULES}/*/*.public.ts`],
    message: `Use another module only through its public face (<area>.public.ts); see docs/decisions/0025.`,
  })),
  {
    target: 'apps/server/src/{lib,db,plugins,providers}/**',
    from: `${MODULES}/**`,
    message: 'lib, db, plugins and providers sit below the modules and never import them (decision 0025).',
  },
  {
    target: 'apps/server/src/!(modules)/**',
    from: [`${MODULES}/**/*.repository.ts`, `${MODULES}/**/*.tables.ts`],
    message: 'A repository is its own module’s: use the module’s public face or service (decision 0025).',
  },
];

const webZones = [
  ...folders(FEATURES).map((feature) => ({
    target: `${FEATURES}/${feature}/**`,
    from: `${FEATURES}/!(${feature})/**`,
    message:
      'A feature never imports another feature: move shared code to components/ or lib/ (decision 0025).',
  })),
  {
    target: 'apps/web/src/{components,lib}/**',
    from: `${FEATURES}/**`,
    message: 'components/ and lib/ are shared by the features and never import one (decision 0025).',
  },
  {
    target: 'apps/web/src/{features,components,lib,config}/**',
    from: 'apps/web/src/app/**',
    message:
      'app/ composes the features (router, layout, providers) and nothing below imports it: shared code goes in components/, lib/ or config/ (the paths are in config/paths.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'import', 'types', 'default'],
        }),
      ],
    },
    plugins: { 'import-x': importX, tillbook: { rules: { 'no-import-circle': noImportCircle } } },
    rules: {
      // A circle of types is still a circle of modules: import-x/no-cycle skips `import type`
      // by design, so the house's own rule counts every static import (decision 0052).
      'tillbook/no-import-circle': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.flat.recommended.rules },
  },
  {
    // Issue 30: a source file says one thing and stays readable in one sitting; the order path's
    // functions, which every sale runs and every feature touches, stay short enough to follow.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [...TESTS, '**/test/**', 'apps/server/src/db/generated.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // A repository's factory is a namespace of short queries, not one function; its queries are
    // held to the file limit above.
    files: ['apps/server/src/modules/orders/**/*.ts'],
    ignores: [...TESTS, '**/*.repository.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**', '**/scripts/**', 'bench/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
