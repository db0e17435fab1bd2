// @ts-check
import eslint from '@eslint/js';
import astro from 'eslint-plugin-astro';
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
    // The public pages' plain scripts (issue 5): served as they are, no build, no modules.
    files: ['public/js/**/*.js'],
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
          'history',
          'URLSearchParams',
          'FormData',
          'fetch',
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
);
