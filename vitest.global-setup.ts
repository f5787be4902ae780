import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Builds the packages (`tsc -b`, incremental: about a second when nothing changed) before any test runs. Most tests
 * run the TypeScript sources, but some run the build: engines in worker threads, the import-allocation check in a
 * fresh process, and the bundle check. Building first makes them run the current sources too, and a build that
 * fails stops the run.
 */
export function setup(): void {
  const root = fileURLToPath(new URL('./', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
}
