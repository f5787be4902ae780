import { readFileSync } from 'node:fs';

/**
 * The version of the `tactica` command: its package.json's, read once, so that releasing changes one place. The
 * path is the same from the sources (vitest) and from the build (dist/), both one level below the package.
 */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { readonly version: string }
).version;
