// @ts-check
import eslint from '@eslint/js';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Islands and stores run in the browser: they must never reach server code.
 * @type {import('eslint').Linter.RulesRecord}
 */
const noServerImports = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/server/**', 'node:*', 'pg', '@electric-sql/*'],
          message: 'Browser code must not import server code.',
        },
        {
          // Type imports are fine; values would bundle every language and the full zod into the page.
          group: ['**/lib/i18n.ts', 'zod'],
          allowTypeImports: true,
          message: 'Islands get their messages as a prop (islands/i18n.tsx) and use zod/mini (docs/decisions/0004).',
        },
      ],
    },
  ],
};

/**
 * The server's layers, lowest first: each may import the ones before it, never one after it, so
 * no two folders can import each other (issue 16, docs/decisions/0009-layers.md). src/export comes
 * last: it builds on the server, which never imports it. A new folder under src/server joins this list.
 */
const LAYERS = [
  [
    'src/server/config.ts',
    'src/server/file-modes.ts',
    'src/server/security-log.ts',
    'src/server/api-error.ts',
    'src/server/thread.ts',
    'src/server/compression',
  ],
  // Issue 20: decoding and storing photos needs nothing of the server; the demo seeds a photo.
  ['src/server/photos'],
  ['src/server/db'],
  ['src/server/master-data'],
  ['src/server/demo'],
  ['src/server/prepare-database.ts'],
  ['src/server/auth'],
  ['src/server/mail'],
  ['src/server/services'],
  ['src/server/directory'],
  ['src/server/feeds'],
  ['src/server/http'],
  ['src/server/admin'],
  ['src/server/main.ts'],
  ['src/export'],
];

/** One zone per pair of layers, so that a report names both. */
const layerZones = LAYERS.flatMap((lower, index) =>
  LAYERS.slice(index + 1).map((higher) => ({
    target: lower,
    from: higher,
    message: `${lower.join(', ')} sits below ${higher.join(', ')} (docs/decisions/0009-layers.md).`,
  })),
);

/** SQL statements as string or template text: the first words of each kind of statement. */
const SQL = '/\\b(SELECT|INSERT\\s+INTO|DELETE\\s+FROM)\\b|\\bUPDATE\\s+\\w+\\s+SET\\b/';
const SQL_MESSAGE = 'SQL lives in src/server/db/ (issue 16): call a query function of src/server/db/queries/.';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.bench/',
      '.nightly/',
      '.astro/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  { files: ['**/*.astro'], ...tseslint.configs.disableTypeChecked },
  { files: ['*.js', '*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // The public pages' plain scripts (issue 5) and the embed loader (issue 23): served as they are, no build, no modules.
    files: ['public/js/**/*.js', 'public/einbetten.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'navigator',
          'localStorage',
          'sessionStorage',
          'history',
          'URLSearchParams',
          'FormData',
          'fetch',
          'URL',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  { files: ['src/islands/**', 'src/stores/**'], rules: noServerImports },
  {
    // The shared lib imports nobody in the app (style.md, point 2).
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/stores/**', '**/islands/**', '**/components/**', '**/layouts/**'],
              message: 'src/lib imports nothing from the app.',
            },
            { group: ['pg', '@electric-sql/*'], message: 'src/lib runs in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    // The layer rules (issue 16). Astro files are left out: no TypeScript module imports one.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    // A test may set up its world from any layer; nothing imports a test, so it closes no cycle.
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Without these the cycle check skips every .ts file it reaches.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...layerZones,
            {
              target: 'src/server/http/routes',
              from: 'src/server/http/routes',
              message: 'Routes do not import routes: move what they share into src/server/http/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}', 'scripts/**/*.ts'],
    ignores: ['src/server/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${SQL}]`, message: SQL_MESSAGE },
        { selector: `TemplateElement[value.raw=${SQL}]`, message: SQL_MESSAGE },
      ],
    },
  },
);
