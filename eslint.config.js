// @ts-check
import eslint from '@eslint/js';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * date-fns by its functions' own modules, never its index: on Node 24 every module of date-fns
 * loaded reads its 199 KB package.json anew, and the index loads about 300 of them: 1.9 s of the
 * portal's thread at each start (a start 3.9 -> 2.7 s). The rule below sets it for every file; the
 * two that restrict more imports repeat it, as ESLint keeps one setting of a rule per file.
 */
const DATE_FNS_INDEX = {
  name: 'date-fns',
  message:
    "Import each function from its own module (date-fns/addDays): date-fns's index adds over a second to every start.",
};

/**
 * Islands and stores run in the browser: they must never reach server code.
 * @type {import('eslint').Linter.RulesRecord}
 */
const noServerImports = {
  'no-restricted-imports': [
    'error',
    {
      paths: [DATE_FNS_INDEX],
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
  // Issue 54: reading a calendar or a spreadsheet needs nothing of the server but a thread.
  ['src/server/imports'],
  ['src/server/db'],
  ['src/server/master-data'],
  ['src/server/demo'],
  ['src/server/prepare-database.ts'],
  ['src/server/auth'],
  ['src/server/mail'],
  ['src/server/services'],
  // The database's thread runs procedures of db/ and services/ (db/database-thread.ts starts it by its address).
  ['src/server/database-procedures.ts', 'src/server/database-worker.ts'],
  ['src/server/directory'],
  ['src/server/feeds'],
  ['src/server/http'],
  // Astro's hook before the pages rendered on demand: it adds to http/'s answers (frame-ancestors, compression).
  ['src/middleware.ts'],
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

/**
 * The pages' side (issue 50). Astro renders src/pages from src/components and src/layouts (which
 * import each other), at build time or on demand, and loads src/middleware.ts by its name: no module
 * imports any of them. Components and layouts read the environment through src/server/config.ts
 * (style.md, point 4) and nothing else of the server; a page is a thin route and reads none of it.
 */
const UI = ['src/components', 'src/layouts', 'src/pages'];
const uiZones = [
  {
    target: ['src/server', 'src/export', 'src/lib', 'src/islands', 'src/stores', 'scripts'],
    from: [...UI, 'src/middleware.ts'],
    message:
      'Astro loads the pages, their components and the middleware; nothing imports them (docs/decisions/0009-layers.md).',
  },
  {
    target: ['src/components', 'src/layouts'],
    from: 'src/server',
    except: ['./config.ts'],
    message:
      'Of the server, components read only the environment (config.ts); the rest comes as props (docs/decisions/0009-layers.md).',
  },
  {
    target: 'src/pages',
    from: 'src/server',
    message:
      'A page is a thin route: what it needs of the server comes through a component (docs/decisions/0009-layers.md).',
  },
  {
    target: UI,
    from: ['src/export', 'src/middleware.ts'],
    message: 'Pages and components do not import the export or the middleware (docs/decisions/0009-layers.md).',
  },
  {
    target: ['src/components', 'src/layouts'],
    from: 'src/pages',
    message: 'A page is a route: what two pages share is a component (docs/decisions/0009-layers.md).',
  },
  {
    target: 'src/middleware.ts',
    from: UI,
    message: 'The middleware works on answers, not on what a page renders (docs/decisions/0009-layers.md).',
  },
];

/** The import rules' settings: without the last two the cycle check skips every .ts file it reaches. */
const importSettings = {
  'import-x/resolver-next': [createNodeResolver()],
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

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
  { files: ['**/*.{ts,tsx,astro}'], rules: { 'no-restricted-imports': ['error', { paths: [DATE_FNS_INDEX] }] } },
  { files: ['src/islands/**', 'src/stores/**'], rules: noServerImports },
  {
    // The shared lib imports nobody in the app (style.md, point 2).
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [DATE_FNS_INDEX],
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
    // The layer rules (issue 16).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    // A test may set up its world from any layer; nothing imports a test, so it closes no cycle.
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...layerZones,
            ...uiZones,
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
    // Astro files keep the pages' side's zones; the cycle check leaves them out, as no TypeScript module imports one.
    files: ['src/**/*.astro'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: uiZones }],
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
