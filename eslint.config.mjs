// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
            { group: ['**/modules/**', '**/public/**'], message: 'common/ and infrastructure/ import nothing from modules/ or public/.' },
            { group: ['**/infrastructure/**'], message: 'common/ imports nothing from infrastructure/.' },
          ],
        },
      ],
    },
  },
);
