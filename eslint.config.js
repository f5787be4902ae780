import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // Rules engines run in browsers and workers too: no Node built-ins outside tests.
    files: ['packages/{core,draughts,force400,tactics,tactrix,tactorus}/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-*.ts', '**/testdata/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'Rules packages do no I/O.' }] }],
    },
  },
  {
    // Typed rules: they need the type checker, so they run on the packages' sources (each package's tsconfig).
    files: ['packages/*/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['**/*.config.*', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
