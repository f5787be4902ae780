import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run on the TypeScript sources: workspace imports resolve to each package's src, not its build.
const packages = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      // The catalogue's per-family entry points (`@tactica/catalogue/draughts`) are each family's `entry.ts`.
      { find: /^@tactica\/catalogue\/(?!all$)([a-z0-9]+)$/, replacement: `${packages}catalogue/src/$1/entry.ts` },
      { find: /^@tactica\/([a-z0-9-]+)\/([a-z0-9-]+)$/, replacement: `${packages}$1/src/$2.ts` },
      { find: /^@tactica\/([a-z0-9-]+)$/, replacement: `${packages}$1/src/index.ts` },
    ],
  },
  test: {
    // Tests that start workers or processes run the build: it is brought up to date first.
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['packages/web/src/e2e/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The browser tests measure the page's responsiveness: they run alone, after every other test file,
        // so the other files' searches do not take the cores from under the page.
        extends: true,
        test: { name: 'browser', include: ['packages/web/src/e2e/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
