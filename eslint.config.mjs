// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { join } from 'node:path';

/**
 * The service's layers, lowest first: a file imports from its own layer or lower ones, never from
 * a higher one (nothing below knows what is built on it).
 */
const API = join(import.meta.dirname, 'apps/api/src');
const LAYERS = [
  ['config', 'the configuration'],
  ['common', 'what every module needs'],
  ['infrastructure', 'connections and stores'],
  ['database', 'the database and the writes it announces'],
  ['modules', 'the resources'],
  ['redirects', 'the redirect side: what a visitor of a short link reaches'],
];
const layerZones = LAYERS.flatMap(([layer, what], index) => [
  {
    target: join(API, layer),
    from: [...LAYERS.slice(index + 1).map(([above]) => `${join(API, above)}/**`), `${API}/*.ts`],
    message: `${layer}/ (${what}) imports nothing from a layer above it.`,
  },
]);

/**
 * The service's modules, lowest first: a module's files import from modules before it, never from
 * one after it, so no two modules import each other (a module that must act on another's records
 * is told through a registry the lower one keeps: database/dependents.ts, channels' item kinds).
 * Tests (`*.spec.ts`) may wire modules together.
 */
const MODULES = [
  'docs',
  'auth',
  'webhooks',
  'clicks',
  'workspaces',
  'users',
  'sessions',
  'account',
  'admin',
  'channels',
  'domains',
  'campaigns',
  'overlays',
  'pixels',
  'qr',
  'splash',
  'links',
  'bio',
  'health',
  'live',
  'metrics',
  'sso',
  'https',
];
const moduleZones = MODULES.slice(0, -1).map((module, index) => ({
  target: `${API}/modules/${module}/**/!(*.spec).ts`,
  from: MODULES.slice(index + 1).map((above) => `${join(API, 'modules', above)}/**`),
  message: `modules/${module} imports no module listed after it in MODULES (eslint.config.mjs): invert the dependency instead.`,
}));

/** How import-x reads the workspace's files; only their own files are followed, not built ones. */
const importSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/ignore': ['node_modules', '/dist/'],
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '**/coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Control characters are what the input rules look for.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read answers as JSON of any shape: each one is checked against the OpenAPI document
    // when it arrives (test/support/contract.ts), so the unsafe-any rules add noise, not safety.
    files: ['**/test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Fakes of async interfaces (resolvers, drops) that have nothing to wait for.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The dashboard (React): the rules of hooks, and their dependencies.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The dashboard and the packages: no files import each other in a circle.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The service's structure: no file imports from a layer above its own, none import each other
    // in a circle, and migrations are frozen: they import nothing of the service's code.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...moduleZones,
            {
              target: join(API, 'database/migrations'),
              from: [`${API}/!(database)/**`, `${API}/*.ts`, `${API}/database/*.ts`],
              message: 'A migration is frozen: it imports nothing of the service (copy what it needs).',
            },
          ],
        },
      ],
    },
  },
  {
    // Every SQL statement of the service is in a repository (beside its entity) or a migration:
    // elsewhere nothing reaches the database but through a repository's methods (docs/development.md).
    // ClickHouse's statements are the click store's folder of their own, tested on real servers.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.entity.ts',
      '**/*.module.ts',
      'apps/api/src/database/**',
      'apps/api/src/modules/clicks/clickhouse/**',
      '**/*.spec.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', allowTypeImports: true, message: 'Statements live in a *.repository.ts file: call a repository.' },
            { name: '@nestjs/typeorm', allowTypeImports: true, message: 'Only repositories inject TypeORM repositories.' },
          ],
          patterns: [
            {
              group: ['../*/*.entity', '../modules/*/*.entity', '../../modules/*/*.entity'],
              allowTypeImports: true,
              message: "Another module's records are read through its exported service or repository, never its entity.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|createQueryBuilder|getRepository)$/]',
          message: 'Statements live in a *.repository.ts file: call a repository.',
        },
      ],
    },
  },
  {
    files: ['packages/client/tsup.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // What every module needs depends on nothing above it.
    files: ['apps/api/src/common/**/*.ts', 'apps/api/src/infrastructure/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/redirects/**'],
              message: 'common/ and infrastructure/ import nothing from modules/ or redirects/.',
            },
            { group: ['**/infrastructure/**'], message: 'common/ imports nothing from infrastructure/.' },
          ],
        },
      ],
    },
  },
);
