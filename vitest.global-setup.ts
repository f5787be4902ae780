import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the packages (`tsc -b`, incremental: about a second when nothing changed) before any test runs. Most tests
 * run the TypeScript sources, but some run the build: engines in worker threads, the import-allocation check in a
 * fresh process, and the bundle check. Building first makes them run the current sources too, and a build that
 * fails stops the run.
 *
 * Then gives the run a temporary folder of its own, removed when the run ends: every test (and every process a test
 * starts) makes its temporary files under `os.tmpdir()`, which follows `TMPDIR`, so a run leaves nothing behind
 * however a test ends.
 */
export function setup(): () => void {
  const root = fileURLToPath(new URL('./', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
  // The set-up runs once for the run and once for each project: the first one's folder serves them all (nested
  // folders made paths long enough for error messages to shorten them).
  if (process.env['TACTICA_TEST_TMPDIR']) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'tactica-t-'));
  // Others may pass through (not list): the throwaway PostgreSQL runs as its own user in a folder of its own here.
  chmodSync(dir, 0o711);
  process.env['TMPDIR'] = dir;
  process.env['TACTICA_TEST_TMPDIR'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
