import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const DATA_LAYER =
  'Use tenantData / platformData / crossTenantData from api/src/db, not repositories or entity managers.';

/** One lint config for the whole monorepo. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.atendo/**',
      'charts/**',
      'cdk8s/dist/**',
      'api/src/db/migrations/*-initial.ts',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // Workspaces depend on each other through their package names (and exports), never by
      // reaching into another workspace's files.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}(api|web|workflows|session|operator|cli|cdk8s|e2e|bench|packages)/',
              message: 'Import another workspace by its package name, not by a relative path.',
            },
            {
              regex: '^(\\.\\./)+(domain|contract|api-client|testing)/src/',
              message: 'Import another workspace by its package name, not by a relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tenancy wall 1: use cases reach the database only through the data layer of api/src/db
    // (tenantData for a company's rows, platformData for the platform's tables, crossTenantData
    // for a named bypass), never through raw repositories or entity managers.
    files: ['api/src/**/*.ts', 'workflows/src/**/*.ts'],
    ignores: [
      'api/src/db/**',
      // The outbox writes its row on the entity manager of the caller's transaction.
      'api/src/events/outbox.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getRepository']",
          message: DATA_LAYER,
        },
        {
          selector:
            "CallExpression[callee.property.name='createQueryBuilder'][callee.object.name=/^(ds|dataSource|db|em|manager|entityManager)$/]",
          message: DATA_LAYER,
        },
        {
          selector:
            "CallExpression[callee.property.name='createQueryBuilder'][callee.object.property.name=/^(ds|dataSource|manager)$/]",
          message: DATA_LAYER,
        },
        { selector: "MemberExpression[property.name='manager']", message: DATA_LAYER },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
