/**
 * Nothing in the tree is unused: knip (configured in knip.jsonc) finds no unused file, export, type or dependency, and
 * no import of a package that is not declared. Tests count as users, so an export a test proves a rule through stays;
 * an export kept for another reason says why in a `@public` tag. `npm run knip` prints what this test finds.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** knip's command line, a devDependency of the root (its package exports no path to its own files). */
const knip = join(root, 'node_modules', 'knip', 'bin', 'knip.js');

describe('unused code', () => {
  it('knip finds no unused file, export or dependency and no undeclared import (npm run knip lists them)', () => {
    const run = spawnSync(process.execPath, [knip, '--no-progress'], { cwd: root, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toBe('');
    expect(run.status).toBe(0);
  });
});
