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
    include: ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
    // Tests that start workers or processes run the build: it is brought up to date first.
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    pool: 'threads',
  },
});
