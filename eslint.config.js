// One flat config for the workspace. Imports run one way (contracts ← auth ← ui ← sections), enforced with
// no-restricted-imports: remotes never import each other or Chakra directly, the API never imports a frontend.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const chakraOnlyInSharedUi = {
  paths: [
    { name: '@chakra-ui/react', message: 'Import UI from shared-ui: it is the shared design unit.' },
    { name: '@emotion/react', message: 'Import UI from shared-ui: it is the shared design unit.' },
  ],
};
// The API's layers. Lowest first: a module may import only modules before it, so no two import each
// other; a module reads another through its service, never its repository; flows (cross-module use
// cases) sit above the modules and are called by routes, jobs and the seed, never by a service or
// repository; plugins, db, sessions, http, security and ports sit below every module.
const ROOT = import.meta.dirname;
const API_MODULE_ORDER = [
  'live',
  'activity',
  'users',
  'companies',
  'bills',
  'payments',
  'approvals',
  'quickbooks',
  'managers',
  'auth',
  'second-factors',
  'audit',
  'dashboard',
  'health',
];
const modulePath = (name) => `${ROOT}/api/src/modules/${name}`;
const apiLayerZones = [
  ...API_MODULE_ORDER.map((name, index) => ({
    target: `api/src/modules/${name}`,
    from: API_MODULE_ORDER.slice(index + 1).map(modulePath),
    message: `modules/${name} sits below these modules (${API_MODULE_ORDER.join(' < ')}): meet through a flow in api/src/flows instead.`,
  })).filter((zone) => zone.from.length > 0),
  ...API_MODULE_ORDER.map((name) => ({
    target: `api/src/modules/${name}`,
    from: `${ROOT}/api/src/modules/**/*.repository.ts`,
    except: [`${modulePath(name)}/*.repository.ts`],
    message: 'Read another module through its service, never its repository.',
  })),
  {
    target: 'api/src/flows/**',
    from: `${ROOT}/api/src/modules/**/*.repository.ts`,
    message: 'A flow uses the modules through their services, never their repositories.',
  },
  {
    target: 'api/src/modules/*/*.{service,repository}.ts',
    from: `${ROOT}/api/src/flows`,
    message: 'Flows call services; a service or repository never calls a flow (routes and jobs do).',
  },
  {
    target: [
      'api/src/plugins',
      'api/src/db',
      'api/src/sessions',
      'api/src/http',
      'api/src/security',
      'api/src/ports',
      'api/src/jobs',
    ],
    from: [`${ROOT}/api/src/modules`, `${ROOT}/api/src/flows`],
    message: 'plugins, db, sessions, http, security, ports and jobs sit below every module.',
  },
];
const noRemoteImports = '^(\\.\\./)*remote-(companies|users|managers|approvals)(/|$)';
// A list page is its columns, filter fields, bulk actions and texts: the URL state, paging, filter panel
// and bulk bar come through useListController and ListView, so a remote does not wire them again.
const listPiecesThroughController = {
  name: 'shared-ui/table',
  importNames: ['useListSearchParams', 'SimplePagination', 'FullPagination', 'FilterPanel', 'BulkActionBar'],
  message: 'Lists are built with useListController and ListView from shared-ui/table.',
};

const apiNeverImportsAFrontend = {
  group: ['shared-ui', 'shared-auth', 'host', 'remote-*', 'react', 'react-*'],
  message: 'The API never imports a frontend package.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      '**/data/**',
      '**/.tmp/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // An import cycle makes module order matter (a value read before its module ran is undefined) and
    // blurs which layer owns what; every package stays acyclic. Resolved like the bundlers do:
    // TypeScript sources first, workspace packages through their package.json "exports".
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.tsx', 'shared-auth/**/*.ts', 'shared-ui/**/*.ts', 'host/**/*.ts', 'remote-*/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['host/**', 'remote-*/**', 'shared-auth/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...chakraOnlyInSharedUi,
          patterns: [{ regex: noRemoteImports, message: 'A remote is loaded at run time, never imported.' }],
        },
      ],
    },
  },
  {
    files: ['remote-*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...chakraOnlyInSharedUi.paths, listPiecesThroughController],
          patterns: [{ regex: noRemoteImports, message: 'A remote is loaded at run time, never imported.' }],
        },
      ],
    },
  },
  {
    files: ['shared-contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'shared-ui',
                'shared-auth',
                '@chakra-ui/*',
                'ky',
                'fastify',
                'drizzle-orm*',
              ],
              message: 'shared-contracts is pure schemas and types used by both sides.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts', 'api/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiLayerZones }] },
  },
  {
    files: ['api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiNeverImportsAFrontend] }],
    },
  },
  {
    // The product's code never imports the QuickBooks emulator, the test helpers or the lab: the demo's
    // emulator is started by the launcher (tools/build/launch-api.mjs), the bench's routes are added
    // by the lab's own entry (api/lab/server.ts). Tests, and the helpers themselves, may.
    files: ['api/src/**'],
    ignores: ['api/src/**/*.test.ts', 'api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            apiNeverImportsAFrontend,
            {
              regex: '^qbo-emulator(/|$)',
              message: 'The demo starts the emulator in its launcher; the API reads the QB_* settings.',
            },
            {
              regex: '(^|/)(test|lab)/',
              message: 'Test helpers and the lab build on the product, never the other way round.',
            },
          ],
        },
      ],
    },
  },
);
