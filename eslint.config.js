import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The packages that run in browsers and workers as well as Node (rules engines, the AI, the catalogue): those whose
 * package.json says `"tactica": { "pure": true }` — a new game's package says so too (docs/adding-a-game.md; a test
 * checks every game's package does).
 */
const purePackages = readdirSync(new URL('./packages', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .filter((name) => {
    const pkg = JSON.parse(readFileSync(new URL(`./packages/${name}/package.json`, import.meta.url), 'utf8'));
    return pkg.tactica?.pure === true;
  });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use an `as const` vocabulary with a derived union instead of enum.',
        },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // Rules engines, the AI and the catalogue run in browsers and workers too: no Node built-ins outside tests and
    // the AI's worker-threads transport.
    files: [`packages/{${purePackages.join(',')}}/src/**/*.ts`],
    ignores: [
      '**/*.test.ts',
      '**/test-*.ts',
      '**/testdata/**',
      'packages/ai/src/node-worker*.ts',
      'packages/ai/src/node-egdb.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'Rules packages, the AI and the catalogue run in browsers: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // Typed rules: they need the type checker, so they run on the packages' sources (each package's tsconfig), the
    // web app's components (.tsx) included.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // A function past two screens is several functions (docs/developing.md). A warning here; the hard ceiling of 200
    // lines, with the list of functions still being split, is scripts/function-lengths.js (a test runs it).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      // Generated data: the draughts evaluation's learned weights and the opening books.
      'packages/ai/src/**/*weights*.ts',
      'packages/ai/src/**/*book/{english,international}.ts',
    ],
    rules: { 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.config.*', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
