import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync, readFileSync } from 'node:fs';

// Modules own their tables: a server module's tables are in db/schema/<module>.ts and only that module
// (apps/server/src/modules/<module>/**) imports them; another module asks the owner's service.
// db/schema/index.ts is for the database client and drizzle-kit. Tests, the seed and db/ itself see
// every table: they arrange and inspect the whole system. docs/architecture.md has the owners.
const serverModules = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// Read models: reports that join several modules' tables in one query for speed. Each says so at its
// top, and these are the only files that may. apps/server/read-models.json lists them (file: what it
// reads), for this rule and for the test that holds raw SQL to the same walls (src/sql-walls.test.ts).
const readModels = Object.keys(JSON.parse(readFileSync(new URL('./apps/server/read-models.json', import.meta.url), 'utf8')));
const seesEveryTable = [
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.test-helper.ts',
  'apps/server/src/db/**',
  'apps/server/src/seed/**',
  ...readModels,
];
const ownTablesOnly = (owner) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        owner
          ? {
              regex: `(^|/)db/schema(/index)?$|(^|/)db/schema/(?!${owner}$)[^/]+$`,
              message: `A module imports only its own tables (db/schema/${owner}); ask the owning module's service for the rest.`,
            }
          : { regex: '(^|/)db/schema(/|$)', message: 'Only a module imports its tables (db/schema/<module>); ask its service.' },
      ],
    },
  ],
});
const moduleWalls = [
  { files: ['apps/server/src/**/*.ts'], ignores: seesEveryTable, rules: ownTablesOnly(null) },
  // The console SMS provider writes the dev outbox that the platform module serves.
  { files: ['apps/server/src/providers/**/*.ts'], ignores: seesEveryTable, rules: ownTablesOnly('platform') },
  ...serverModules.map((m) => ({ files: [`apps/server/src/modules/${m}/**/*.ts`], ignores: seesEveryTable, rules: ownTablesOnly(m) })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist.building/**', '**/node_modules/**', '.tmp/**', 'data/**', 'apps/server/drizzle/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other; shared code lives in src/shared.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'Features do not import each other: move shared code to src/shared.' }] },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fastify', 'react', 'drizzle-orm*'], message: 'The contract package has no I/O and no framework.' },
          ],
        },
      ],
    },
  },
  {
    // A cycle between modules makes the order they load in matter, and hides which one owns what.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...moduleWalls,
  // Layout is Prettier's job: ESLint keeps to what code means.
  prettier,
);
