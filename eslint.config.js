import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const DATA_LAYER =
  'Use tenantData / platformData / crossTenantData from packages/core/src/db, not repositories or entity managers.';

/** Workspaces depend on each other through their package names, never by relative paths. */
const WORKSPACE_PATTERNS = [
  {
    regex: '^(\\.\\./){2,}(api|web|workflows|session|operator|cli|cdk8s|e2e|bench|packages)/',
    message: 'Import another workspace by its package name, not by a relative path.',
  },
  {
    regex: '^(\\.\\./)+(domain|contract|api-client|testing|core)/src/',
    message: 'Import another workspace by its package name, not by a relative path.',
  },
];

/** One lint config for the whole monorepo. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.atendo/**',
      'charts/**',
      'cdk8s/dist/**',
      'packages/core/src/db/migrations/*-initial.ts',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // Workspaces depend on each other through their package names (and exports), never by
      // reaching into another workspace's files.
      'no-restricted-imports': [
        'error',
        {
          patterns: WORKSPACE_PATTERNS,
        },
      ],
    },
  },
  {
    // Layers (docs/architecture.md#layers): the business core knows no edge. packages/core
    // never imports the HTTP or Socket.IO edge (api), the Temporal edge (workflows), nor the
    // web server's libraries; the edges import the core by its package name.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'express',
            'multer',
            'socket.io',
            'cors',
            'cookie-parser',
            'express-rate-limit',
          ].map((name) => ({ name, message: 'The core serves no HTTP: this belongs in api/.' })),
          patterns: [
            ...WORKSPACE_PATTERNS,
            {
              regex: '^@atendo/(api|workflows|session|operator|cli|web)(/|$)',
              message:
                'The core imports no edge: invert the dependency (an interface in the core).',
            },
            {
              regex: '^@temporalio/(worker|workflow|activity)',
              message: 'Temporal workers and workflows are the workflows/ edge.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's use cases live in the core; only the api's route layer (api/src/routes,
    // api/src/http) may import http/ helpers. The Temporal edge reaches the core through its
    // package, never the api.
    files: ['workflows/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WORKSPACE_PATTERNS,
            {
              regex: '^@atendo/api(/|$)',
              message: 'The worker imports the core (@atendo/core), never the HTTP edge.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tenancy wall 1: use cases reach the database only through the data layer of
    // packages/core/src/db (tenantData for a company's rows, platformData for the platform's
    // tables, crossTenantData for a named bypass), never through raw repositories or entity
    // managers.
    files: ['packages/core/src/**/*.ts', 'api/src/**/*.ts', 'workflows/src/**/*.ts'],
    ignores: [
      'packages/core/src/db/**',
      // The seed builds the first rows on the entity manager, before any tenant exists.
      'packages/core/src/seed.ts',
      // The outbox writes its row on the entity manager of the caller's transaction.
      'packages/core/src/events/outbox.ts',
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
